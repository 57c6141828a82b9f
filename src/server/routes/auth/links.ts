/**
 * Sign-in through a signed link (spec 000 §2, §4, §8): the back-office reconnection (`/reconnect?d=`)
 * and the token login (`/token-login/<customer>?t=`). Tickets are signed with TICKET_SECRET, valid 5
 * minutes, used once (services/signed-links.ts); operators make them with
 * `npm run admin -- reconnect-link|token-link <e-mail>`.
 */
import type { MessageKey } from '../../../../config/messages-api.it';
import { ApiError } from '../../errors';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { completeSignIn, findSignInUser, type TokenAnswer } from '../../services/sign-in';
import { useTicket, type TicketPurpose } from '../../services/signed-links';

export default async function linkRoutes(app: WireApp): Promise<void> {
  /** The session of a valid ticket; any failure gives the one message of the spec. */
  const signIn = async (
    ticket: string,
    purpose: TicketPurpose,
    failure: MessageKey,
  ): Promise<TokenAnswer> => {
    const now = new Date();
    const email = await useTicket(app.db, ticket, purpose, app.config.ticketSecret, now);
    const user = email ? await findSignInUser(app.db, { email }) : undefined;
    if (!user || user.closed) throw ApiError.of(400, failure);
    return completeSignIn(app.db, user, now);
  };

  const body = (field: 'd' | 't') =>
    ({
      type: 'object',
      required: [field],
      properties: { [field]: { type: 'string', minLength: 1, maxLength: 2048 } },
      additionalProperties: false,
    }) as const;

  app.post(
    '/api/backoffice-reconnection',
    {
      config: { public: true },
      schema: {
        summary: 'Riconnessione all’utente da un collegamento firmato',
        description:
          '`d` è il biglietto firmato del collegamento `/reconnect?d=...` (5 minuti, una sola volta). Risponde il token di ' +
          'sessione e `password_expired`. Errore: 400 "Riconnessione all\'utente fallita.".',
        tags: ['accesso'],
        body: body('d'),
        response: { 200: { $ref: 'login-token#' }, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request) => signIn(request.body.d, 'reconnect', 'loginReconnectFailed'),
  );

  app.post(
    '/api/token-login',
    {
      config: { public: true },
      schema: {
        summary: 'Accesso con token dal provider welfare',
        description:
          '`t` è il biglietto firmato del collegamento `/token-login/<cliente>?t=...` (5 minuti, una sola volta). Risponde ' +
          'il token di sessione e `password_expired`. Errore: 400 "Connessione al provider welfare fallita.".',
        tags: ['accesso'],
        body: body('t'),
        response: { 200: { $ref: 'login-token#' }, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request) => signIn(request.body.t, 'token-login', 'loginTokenFailed'),
  );
}
