/**
 * Sign-in with a passkey as second factor (issue 28), loaded when "Usa una passkey" is clicked:
 * `POST api-token-passkey-options` with the check token, navigator.credentials.get through
 * @simplewebauthn/browser, `POST api-token-passkey` -> the session token, as the code step's.
 */
import { startAuthentication } from '@simplewebauthn/browser';
import { apiRequest, ApiError } from '../../api/client';
import { showPasskeyError } from '../../components/passkey-errors';
import type { PasskeyLoginOptions } from '../../../../schemas/wire-types.gen';
import type { TokenAnswer } from './sign-in-flow';

export { showPasskeyError };

export async function signInWithPasskey(checkToken: string): Promise<TokenAnswer> {
  const options = await apiRequest<PasskeyLoginOptions>('/api-token-passkey-options', {
    method: 'POST',
    body: { check_token: checkToken },
  });
  const response = await startAuthentication({
    optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return apiRequest<TokenAnswer>('/api-token-passkey', {
    method: 'POST',
    body: { check_token: checkToken, response },
  });
}

/**
 * Whether the check token is still usable after the failure: a refused passkey (`passkey` field), the
 * server unreachable, or the browser's prompt cancelled. Anything else sends back to the credentials.
 */
export function isPasskeyRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 0) return true;
  return typeof error.data === 'object' && error.data !== null && 'passkey' in error.data;
}
