/**
 * Sign-in through a link (spec 000 §2, §4, §8): the token login (`/token-login/<customer>?t=`,
 * `POST /api/token-login`) and the back-office reconnection (`/reconnect?d=`,
 * `POST /api/backoffice-reconnection`). Without the parameter the page says
 * 'Autenticazione mancante, impossibile continuare'; on failure it shows the spec's message.
 * Either way it offers the way back to the login page.
 */
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { messages, type MessageKey } from '../../../../config/messages-account.it';
import { ApiError, apiRequest } from '../../api/client';
import { useSessionStore } from '../../stores/session';
import { AnchorLink } from '../../components/anchor-link';
import { Notice } from '../../components/notice';
import { PublicCard } from './public-card';
import { discardSessionToken, type TokenAnswer } from './session-token';

interface LinkLoginProps {
  title: MessageKey;
  /** The link's parameter (`t` or `d`); empty means the authentication is missing. */
  credential: string | undefined;
  /** Exchanges the parameter for a session; resolves with the message key of a failure. */
  connect: (credential: string) => Promise<MessageKey | null>;
}

function LinkLoginScreen({ title, credential, connect }: LinkLoginProps) {
  const navigate = useNavigate();
  const customer = useSessionStore((state) => state.customer);
  const [failure, setFailure] = useState<MessageKey | null>(credential ? null : 'loginAuthMissing');
  const started = useRef(false);

  useEffect(() => {
    if (!credential || started.current) return;
    started.current = true;
    void connect(credential).then((result) => {
      if (result) setFailure(result);
      else void navigate({ to: '/menu', replace: true });
    });
  }, [credential, connect, navigate]);

  return (
    <PublicCard>
      <Title order={1} size="h2" ta="center">
        {messages[title]}
      </Title>
      <div aria-live="polite">
        {failure ? (
          <Stack gap="md">
            <Notice tone="danger" icon={<IconAlertCircle />}>
              {messages[failure]}
            </Notice>
            <AnchorLink to="/login/$" params={{ _splat: customer }} ta="center" fw={600}>
              {messages.loginGoToLogin}
            </AnchorLink>
          </Stack>
        ) : (
          <Center>
            <Stack align="center" gap="xs">
              <Loader aria-hidden="true" />
              <Text>{messages.loginConnecting}</Text>
            </Stack>
          </Center>
        )}
      </div>
    </PublicCard>
  );
}

/**
 * Exchanges a link's ticket for a session (`POST /api/token-login {t}` or
 * `POST /api/backoffice-reconnection {d}`, answer schemas/api/login-token.json). An expired
 * password revokes the new token and fails with 'Password utente scaduta. Riconnessione fallita.'.
 */
async function signInWithTicket(
  path: '/token-login' | '/backoffice-reconnection',
  body: { t: string } | { d: string },
  failure: MessageKey,
): Promise<MessageKey | null> {
  let answer: TokenAnswer | undefined;
  try {
    answer = await apiRequest<TokenAnswer>(path, { method: 'POST', body });
  } catch (error) {
    console.warn('Sign-in link refused', path, error);
    return error instanceof ApiError && hasPasswordExpiredFlag(error.data) ? 'loginPasswordExpired' : failure;
  }
  if (!answer?.token) return failure;
  if (answer.password_expired) {
    await discardSessionToken(answer.token);
    return 'loginPasswordExpired';
  }
  try {
    await useSessionStore.getState().establishSession(answer.token);
    return null;
  } catch (error) {
    console.warn('User info not loaded after the sign-in link', error);
    return failure;
  }
}

const connectWithToken = (t: string) => signInWithTicket('/token-login', { t }, 'loginTokenFailed');

const reconnect = (d: string) => signInWithTicket('/backoffice-reconnection', { d }, 'loginReconnectFailed');

function hasPasswordExpiredFlag(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { password_expired?: unknown }).password_expired === true
  );
}

export function TokenLoginScreen({ token }: { token: string | undefined }) {
  return <LinkLoginScreen title="loginTokenTitle" credential={token} connect={connectWithToken} />;
}

export function ReconnectScreen({ d }: { d: string | undefined }) {
  return <LinkLoginScreen title="loginReconnectTitle" credential={d} connect={reconnect} />;
}
