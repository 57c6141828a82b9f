/**
 * Login, first step (spec 000 §2, §5): username (e-mail) and password, both required.
 * The answer (`type`, `check-token`) is kept for the code step, which comes with the sign-in issue.
 */
import { Button, Stack, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconEye, IconEyeOff, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { messages } from '../../../../config/messages.it';
import { apiRequest } from '../../api/client';
import type { CredentialsAnswer } from '../../api/types';
import { showBackendError } from '../../components/backend-error-box';
import { Notice } from '../../components/notice';
import { useNoticeStore } from '../../stores/notice';
import { buildAkey } from './akey';
import classes from './login-screen.module.css';
import { PublicCard } from './public-card';

export interface LoginScreenProps {
  loggingOut: boolean;
  /** Receives the credentials answer (the code step plugs in here). */
  onCredentialsAccepted?: (answer: CredentialsAnswer) => void;
}

export function LoginScreen({ loggingOut, onCredentialsAccepted }: LoginScreenProps) {
  const notice = useNoticeStore((state) => state.loginNotice);
  const setNotice = useNoticeStore((state) => state.setLoginNotice);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ username: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [, setCredentials] = useState<CredentialsAnswer | null>(null);

  // The session-expired notice belongs to this visit of the page only.
  useEffect(() => () => setNotice(null), [setNotice]);

  const usernameMissing = username.trim() === '';
  const passwordMissing = password === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ username: true, password: true });
    if (usernameMissing || passwordMissing || submitting) return;
    setSubmitting(true);
    try {
      const akey = await buildAkey(username, password);
      const answer = await apiRequest<CredentialsAnswer>('/api-token-ckey', {
        method: 'POST',
        body: { akey },
      });
      setCredentials(answer);
      onCredentialsAccepted?.(answer);
    } catch (error) {
      void showBackendError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicCard>
      <Title order={1} size="h2" ta="center">
        {messages.loginTitle}
      </Title>
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
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={messages.loginHeading}>
        <Stack gap="md">
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
              <UnstyledButton
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
              </UnstyledButton>
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
        </Stack>
      </form>
    </PublicCard>
  );
}
