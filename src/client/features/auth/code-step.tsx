/**
 * Login, code step (spec 000 §4 "AUTH or MAIL codes", §5): the 6-digit code of the authenticator
 * app (AUTH_OTP) or of the e-mail (MAIL_OTP) -> `POST /api/api-token-otp`. The session token opens
 * the session and the user goes to menu; an expired password asks for the renewal mail instead.
 * Within the 30-second step of an enrolment just confirmed in this tab, it says to wait for the app's
 * next code (enrolment-step.ts); a code refused as already used says the same (the server's text).
 * A user with a passkey may use it instead of the code ("Usa una passkey", issue 28).
 */
import { Alert, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconFingerprint } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { apiRequest } from '../../api/client';
import { showBackendError } from '../../components/backend-error-box';
import { useSessionStore } from '../../stores/session';
import { enrolmentStepLeft } from './enrolment-step';
import { OtpInput, useCodeField } from './otp-input';
import { handleExpiredPassword } from './password-expired-notice';
import { discardSessionToken, isRetryableCodeError, type TokenAnswer } from './sign-in-flow';

export interface CodeStepProps {
  type: 'AUTH_OTP' | 'MAIL_OTP';
  checkToken: string;
  /** The e-mail the user signed in with (from the form or the single-sign-on token). */
  username: string;
  customer: string;
  /** Single sign-on: the provider the user came from (`sso_provider_slug`). */
  ssoProvider?: string;
  /** Back to the credentials (the check token is no longer usable). */
  onRestart: () => void;
  /** The user has a passkey (`passkey: true` of api-token-ckey): "Usa una passkey" beside the code (issue 28). */
  passkey?: boolean;
}

export function CodeStep({
  type,
  checkToken,
  username,
  customer,
  ssoProvider,
  onRestart,
  passkey = false,
}: CodeStepProps) {
  const navigate = useNavigate();
  const code = useCodeField();
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  // Right after the enrolment, within its 30-second step, the app still shows the spent code: say to
  // wait for the next one (the server would refuse it as already used) until the step is over.
  const [waitNext, setWaitNext] = useState(() => type === 'AUTH_OTP' && enrolmentStepLeft() > 0);
  useEffect(() => {
    if (!waitNext) return;
    const timer = window.setTimeout(() => setWaitNext(false), enrolmentStepLeft() + 50);
    return () => window.clearTimeout(timer);
  }, [waitNext]);

  /** The session token of either factor opens the session (or asks for the expired password's renewal). */
  const finish = async (answer: TokenAnswer) => {
    if (answer.password_expired) {
      // The token of an expired password is revoked; the renewal mail is asked for instead.
      await discardSessionToken(answer.token);
      await handleExpiredPassword(username, customer);
      return;
    }
    const user = await useSessionStore.getState().establishSession(answer.token);
    // An operator (issue 26) lands on the operator console, everyone else on the menu.
    await navigate({ to: user.profile === 'operatore' ? '/operatore' : '/menu' });
  };

  /** "Usa una passkey": options for the check token, the browser's prompt, the assertion (issue 28). */
  const signInByPasskey = async () => {
    if (submitting) return;
    setSubmitting(true);
    try {
      const { signInWithPasskey } = await import('./passkey-sign-in');
      await finish(await signInWithPasskey(checkToken));
    } catch (error) {
      setSubmitting(false);
      const { isPasskeyRetryable, showPasskeyError } = await import('./passkey-sign-in');
      showPasskeyError(error, isPasskeyRetryable(error) ? () => inputRef.current?.focus() : onRestart);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.valid || submitting) return;
    setSubmitting(true);
    try {
      const answer = await apiRequest<TokenAnswer>('/api-token-otp', {
        method: 'POST',
        body: {
          check_token: checkToken,
          otp: code.value,
          ...(ssoProvider ? { sso_provider_slug: ssoProvider } : {}),
        },
      });
      await finish(answer);
    } catch (error) {
      setSubmitting(false);
      if (isRetryableCodeError(error)) {
        code.reset();
        void showBackendError(error, () => inputRef.current?.focus());
      } else {
        void showBackendError(error, onRestart);
      }
    }
  };

  return (
    <>
      <Title order={1} size="h2" ta="center">
        {messages.loginCodeTitle}
      </Title>
      <Stack gap={4}>
        <Text ta="center">
          {type === 'MAIL_OTP' ? messages.loginCodeMailIntro : messages.loginCodeAuthIntro}
        </Text>
        {waitNext && (
          <Alert color="blue" variant="light" role="status" data-testid="login-code-wait-next">
            {messages.loginCodeWaitNext}
          </Alert>
        )}
        {type === 'MAIL_OTP' && username && (
          <Text ta="center" size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {formatMessage('loginCodeMailTo', { email: username })}
          </Text>
        )}
      </Stack>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={messages.loginCodeTitle}>
        <Stack gap="md">
          <OtpInput
            ref={inputRef}
            label={messages.loginCodeLabel}
            description={messages.loginCodeHelp}
            {...code.inputProps}
          />
          <Button type="submit" size="md" fullWidth loading={submitting} disabled={!code.valid}>
            {messages.loginCodeSubmit}
          </Button>
          {passkey && (
            <>
              <Divider label={messages.loginPasskeyOr} labelPosition="center" />
              <Button
                variant="light"
                size="md"
                fullWidth
                disabled={submitting}
                leftSection={<IconFingerprint size={18} aria-hidden="true" />}
                onClick={() => void signInByPasskey()}
              >
                {messages.loginPasskeyUse}
              </Button>
            </>
          )}
          <Button variant="subtle" fullWidth onClick={onRestart} disabled={submitting}>
            {messages.loginCodeRestart}
          </Button>
        </Stack>
      </form>
    </>
  );
}
