/**
 * What follows the credentials (spec 000 §4 Login steps, Single sign-on), loaded only once they
 * are sent (performance budget of the login route): the code step for AUTH_OTP / MAIL_OTP, the
 * enrolment wizard (its own chunk) for ENROLL_OTP, the single-sign-on token exchange, and for the
 * login form the password-forgotten modal and the backend error box.
 */
import { lazy, Suspense } from 'react';
import { apiRequest } from '../../api/client';
import type { CredentialsAnswer } from '../../api/types';
import { showBackendError } from '../../components/backend-error-box';
import { PageLoader } from '../../components/page-loader';
import { useSessionStore } from '../../stores/session';
import { CodeStep } from './code-step';
import { acceptCredentials, CODE_TYPES, ssoIdentity } from './sign-in-flow';

export { showBackendError } from '../../components/backend-error-box';
export { openPasswordLostModal } from './password-lost-modal';
export { acceptCredentials } from './sign-in-flow';

const EnrolmentWizard = lazy(() =>
  import('./enrolment-wizard').then((module) => ({ default: module.EnrolmentWizard })),
);

export interface SecondFactorProps {
  /** An accepted answer of api-token-ckey or api-token-ssocp. */
  answer: CredentialsAnswer;
  username: string;
  ssoProvider?: string | undefined;
  /** Back to the credentials form. */
  onRestart: () => void;
}

export function SecondFactor({ answer, username, ssoProvider, onRestart }: SecondFactorProps) {
  const customer = useSessionStore((state) => state.customer);
  const checkToken = answer['check-token'];
  if (answer.type === 'ENROLL_OTP') {
    return (
      <Suspense fallback={<PageLoader />}>
        <EnrolmentWizard checkToken={checkToken} customer={customer} onRestart={onRestart} />
      </Suspense>
    );
  }
  return (
    <CodeStep
      key={checkToken}
      type={answer.type === 'MAIL_OTP' ? 'MAIL_OTP' : 'AUTH_OTP'}
      checkToken={checkToken}
      username={username}
      customer={customer}
      {...(ssoProvider ? { ssoProvider } : {})}
      passkey={answer.passkey === true}
      onRestart={onRestart}
    />
  );
}

export interface SsoStart {
  answer: CredentialsAnswer;
  username: string;
  ssoProvider?: string;
}

/**
 * `POST /api/api-token-ssocp {sso_token}`: only AUTH_OTP or MAIL_OTP go on to the code step
 * (with the provider of the token as `sso_provider_slug`); anything else resolves null and the
 * user is back on the plain login.
 */
export async function exchangeSsoToken(ssoToken: string): Promise<SsoStart | null> {
  let answer: CredentialsAnswer;
  try {
    answer = await apiRequest<CredentialsAnswer>('/api-token-ssocp', {
      method: 'POST',
      body: { sso_token: ssoToken },
    });
  } catch (error) {
    console.warn('Single sign-on token refused', error);
    void showBackendError(error);
    return null;
  }
  if (!acceptCredentials(answer, CODE_TYPES)) return null;
  const identity = ssoIdentity(ssoToken);
  return {
    answer,
    username: identity.email ?? '',
    ...(identity.provider ? { ssoProvider: identity.provider } : {}),
  };
}
