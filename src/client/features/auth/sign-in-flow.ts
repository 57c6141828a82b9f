/**
 * The steps after a second factor or a sign-in link (spec 000 §4): the session token either opens
 * the session (user info and permissions, act-for default of a referent) or, when the password is
 * expired, is revoked and the expired-password renewal mail is asked for instead.
 * Loaded with the code step and the enrolment wizard, never with the login form itself.
 */
import { messages } from '../../../shared/catalogues/first-paint';
import { ApiError, apiRequest } from '../../api/client';
import type { CredentialsAnswer } from '../../api/types';
import { showBackendError } from '../../components/backend-error-box';
import type { Detail, OtpEnrolment } from '../../../../schemas/wire-types.gen';

export { discardSessionToken, type TokenAnswer } from './session-token';

/** `POST api-token-otp-verify` (schemas/api/otp-enrolment.json). */
export type EnrolmentAnswer = OtpEnrolment;

export type OtpType = CredentialsAnswer['type'];

export const CODE_TYPES: readonly OtpType[] = ['AUTH_OTP', 'MAIL_OTP'];
export const ALL_TYPES: readonly OtpType[] = ['ENROLL_OTP', ...CODE_TYPES];

export function isOtpType(type: unknown, allowed: readonly OtpType[] = ALL_TYPES): type is OtpType {
  return typeof type === 'string' && (allowed as readonly string[]).includes(type);
}

/**
 * An answer of `api-token-ckey` / `api-token-ssocp` the portal can go on with; any other type is
 * logged and refused with a message (spec 000 §4 Login steps 5, §8 "Invalid otp type").
 */
export function acceptCredentials(
  answer: CredentialsAnswer | undefined,
  allowed: readonly OtpType[] = ALL_TYPES,
): answer is CredentialsAnswer & { type: OtpType } {
  if (isOtpType(answer?.type, allowed) && typeof answer['check-token'] === 'string') return true;
  console.warn('Invalid otp type', answer?.type);
  void showBackendError(
    answer?.type === 'ENROLL_OTP' ? messages.apiSsoEnrolmentRequired : messages.loginOtpTypeUnsupported,
  );
  return false;
}

/** `POST /api/password_expired_renew`: the server answers the same whether the e-mail exists. */
export async function requestExpiredPasswordRenewal(email: string, customer: string): Promise<string> {
  const answer = await apiRequest<Detail>('/password_expired_renew', {
    method: 'POST',
    body: { user_email: email.trim(), customer, interface_url: window.location.origin },
  });
  return answer?.detail ?? '';
}

/** Which errors of a code check leave the check token usable (a wrong code, the server unreachable). */
export function isRetryableCodeError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0) return true;
  return typeof error.data === 'object' && error.data !== null && 'otp' in error.data;
}

/** E-mail and provider of a single-sign-on token (`<base64url JSON>.<signature>`, config/sso-providers.ts). */
export function ssoIdentity(ssoToken: string): { email?: string; provider?: string } {
  try {
    const payload = ssoToken.split('.')[0] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (char) => char.charCodeAt(0));
    const value = JSON.parse(new TextDecoder().decode(bytes)) as { email?: unknown; provider?: unknown };
    return {
      ...(typeof value.email === 'string' ? { email: value.email } : {}),
      ...(typeof value.provider === 'string' && /^[a-z0-9-]{1,64}$/.test(value.provider)
        ? { provider: value.provider }
        : {}),
    };
  } catch {
    return {};
  }
}
