/** The session token answered by a sign-in (code step, reconnection link, token-login link). */
import type { LoginToken } from '../../../../schemas/wire-types.gen';
import { useSessionStore } from '../../stores/session';

/** `POST api-token-otp`, `backoffice-reconnection`, `token-login` (schemas/api/login-token.json). */
export type TokenAnswer = LoginToken;

/** A session token that must not be used (expired password): revoked with `POST /api/logout`. */
export async function discardSessionToken(token: string): Promise<void> {
  const session = useSessionStore.getState();
  session.setToken(token);
  await session.logout();
}
