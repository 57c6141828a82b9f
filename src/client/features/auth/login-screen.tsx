/**
 * Login (spec 000 §2, §4, §5): username (e-mail) and password, both required. What follows the
 * credentials (code step, enrolment wizard, single-sign-on exchange) and the password-forgotten
 * modal are loaded only when needed: this page must stay within the login-route budget. The title, the
 * column and the two plain buttons are elements with Mantine's theme variables (login-screen.module.css),
 * not Title, Stack and UnstyledButton.
 */
import { Button, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconEye, IconEyeOff, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../shared/catalogues/first-paint';
import { apiRequest } from '../../api/client';
import type { CredentialsAnswer } from '../../api/types';
import { Notice } from '../../components/notice';
import { PageLoader } from '../../components/page-loader';
import { useNoticeStore } from '../../stores/notice';
import { useSessionStore } from '../../stores/session';
import { buildAkey } from './akey';
import classes from './login-screen.module.css';
import { PublicCard } from './public-card';

/** Everything after the credentials, in one chunk: loaded when they are sent (or for SSO / the modal). */
const loadSteps = () => import('./sign-in-loader').then((loader) => loader.loadSecondFactor());

/** The backend error box comes with that chunk too (the overlays are loaded when idle anyway). */
const fail = (error: unknown) => void loadSteps().then((steps) => steps.showBackendError(error));

interface SignInStep {
  steps: Awaited<ReturnType<typeof loadSteps>>;
  answer: CredentialsAnswer;
  username: string;
  ssoProvider?: string | undefined;
}

export interface LoginScreenProps {
  loggingOut: boolean;
  /** `?token=`: a single-sign-on token, exchanged once for the code step. */
  ssoToken?: string | undefined;
}

export function LoginScreen({ loggingOut, ssoToken }: LoginScreenProps) {
  const notice = useNoticeStore((state) => state.loginNotice);
  const setNotice = useNoticeStore((state) => state.setLoginNotice);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ username: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [step, setStep] = useState<SignInStep | null>(null);
  const [ssoPending, setSsoPending] = useState(Boolean(ssoToken));
  const ssoStarted = useRef(false);
  const navigate = useNavigate();

  // The session-expired notice belongs to this visit of the page only.
  useEffect(() => () => setNotice(null), [setNotice]);

  // Single sign-on: the token is exchanged once and leaves the address bar (it is single use).
  useEffect(() => {
    if (!ssoToken || ssoStarted.current) return;
    ssoStarted.current = true;
    loadSteps()
      .then(async (steps) => {
        const start = await steps.exchangeSsoToken(ssoToken);
        if (start) setStep({ steps, ...start });
      })
      .catch(fail)
      .finally(() => {
        setSsoPending(false);
        const { customer } = useSessionStore.getState();
        void navigate({ to: '/login/$', params: { _splat: customer }, search: {}, replace: true });
      });
  }, [ssoToken, navigate]);

  const usernameMissing = username.trim() === '';
  const passwordMissing = password === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ username: true, password: true });
    if (usernameMissing || passwordMissing || submitting) return;
    setSubmitting(true);
    // The next step's code downloads while the credentials are checked.
    const loading = loadSteps();
    loading.catch(() => undefined);
    try {
      const akey = await buildAkey(username, password);
      const answer = await apiRequest<CredentialsAnswer>('/api-token-ckey', {
        method: 'POST',
        body: { akey },
      });
      const steps = await loading;
      if (steps.acceptCredentials(answer)) setStep({ steps, answer, username: username.trim() });
    } catch (error) {
      fail(error);
    } finally {
      setSubmitting(false);
    }
  };

  if (step) {
    return (
      <PublicCard width={step.answer.type === 'ENROLL_OTP' ? 560 : undefined}>
        <step.steps.SecondFactor
          answer={step.answer}
          username={step.username}
          ssoProvider={step.ssoProvider}
          onRestart={() => setStep(null)}
        />
      </PublicCard>
    );
  }

  return (
    <PublicCard>
      <h1 className={classes.title}>{messages.loginTitle}</h1>
      {ssoPending && <PageLoader />}
      <div aria-live="polite">
        {notice && (
          <Notice tone="danger" icon={<IconLock />}>
            {messages[notice]}
          </Notice>
        )}
        {!notice && loggingOut && (
          <Notice tone="info" icon={<IconInfoCircle />}>
            {messages.loginLoggedOut}
          </Notice>
        )}
      </div>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={messages.loginSubmit}
        hidden={ssoPending}
      >
        <div className={classes.fields}>
          <TextInput
            label={messages.loginUsername}
            placeholder={messages.loginUsernamePlaceholder}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            onBlur={() => setTouched((state) => ({ ...state, username: true }))}
            error={touched.username && usernameMissing ? messages.loginRequired : undefined}
          />
          <TextInput
            label={messages.loginPassword}
            type={passwordVisible ? 'text' : 'password'}
            autoComplete="current-password"
            autoCapitalize="off"
            spellCheck={false}
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            onBlur={() => setTouched((state) => ({ ...state, password: true }))}
            error={touched.password && passwordMissing ? messages.loginRequired : undefined}
            rightSectionPointerEvents="all"
            rightSection={
              <button
                type="button"
                className={classes.toggle}
                aria-label={messages.loginShowPassword}
                aria-pressed={passwordVisible}
                onClick={() => setPasswordVisible((visible) => !visible)}
              >
                {passwordVisible ? (
                  <IconEyeOff size={18} aria-hidden="true" />
                ) : (
                  <IconEye size={18} aria-hidden="true" />
                )}
              </button>
            }
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={submitting}
            disabled={usernameMissing || passwordMissing}
          >
            {messages.loginSubmit}
          </Button>
          <button
            type="button"
            className={classes.link}
            onClick={() =>
              void loadSteps()
                .then((steps) => steps.openPasswordLostModal(username))
                .catch(fail)
            }
          >
            {messages.loginForgotPassword}
          </button>
        </div>
      </form>
    </PublicCard>
  );
}
