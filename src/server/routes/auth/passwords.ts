/**
 * Password calls (spec 000 §2 Password page and Profile, §5, §7): reset links for a lost or expired
 * password, the reset itself, and the change while logged in.
 */
import { formatMessage } from '../../messages';
import type { PasswordResetKind } from '../../db/schema';
import { ApiError } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { changePassword, newPasswordErrors } from '../../services/passwords';
import { completePasswordReset, requestPasswordReset, resetMethod } from '../../services/password-resets';

const newPassword = {
  new_passwd: {
    type: 'string',
    maxLength: 1024,
    description: 'La nuova password in chiaro: 8-32 caratteri, una minuscola, una maiuscola e un numero.',
  },
  passwd_confirm: { type: 'string', maxLength: 1024, description: 'La stessa password, di conferma.' },
} as const;

const tokenParams = {
  type: 'object',
  required: ['token_hash'],
  properties: {
    token_hash: {
      type: 'string',
      maxLength: 256,
      description: 'Il token del collegamento ricevuto per e-mail (il server ne conserva solo l’hash).',
    },
  },
} as const;

const KINDS: Array<{ kind: PasswordResetKind; request: string; reset: string; what: string }> = [
  {
    kind: 'lost',
    request: '/api/password_lost',
    reset: '/api/password_lost_reset',
    what: 'password dimenticata',
  },
  {
    kind: 'expired',
    request: '/api/password_expired_renew',
    reset: '/api/password_expired_reset',
    what: 'password scaduta',
  },
];

export default async function passwordRoutes(app: WireApp): Promise<void> {
  const linkOptions = { publicUrl: app.config.publicUrl, demo: app.config.demo, port: app.config.port };

  for (const { kind, request: requestUrl, reset: resetUrl, what } of KINDS) {
    const page = kind === 'lost' ? 'password-lost' : 'password-expired';

    app.post(
      requestUrl,
      {
        config: { public: true },
        schema: {
          summary: `Richiesta del collegamento per il cambio password (${what})`,
          description:
            `Risponde sempre allo stesso modo, che l’e-mail esista o no. Se esiste, invia il collegamento ` +
            `\`<interface_url o PUBLIC_URL>/${page}/<customer>/<token>\` (1 ora, una sola volta). interface_url vale solo ` +
            'se ha l’origine di PUBLIC_URL (o è localhost in modalità demo).',
          tags: ['password'],
          body: {
            type: 'object',
            required: ['user_email'],
            properties: {
              user_email: { type: 'string', minLength: 1, maxLength: 254 },
              customer: { type: 'string', maxLength: 64 },
              interface_url: { type: 'string', maxLength: 2048 },
            },
            additionalProperties: false,
          },
          response: { 200: { $ref: 'detail#' }, ...errorResponses(400, 413, 415, 429) },
        },
      },
      async (request) => {
        const input = {
          email: request.body.user_email,
          customer: request.body.customer ?? null,
          interfaceUrl: request.body.interface_url ?? null,
          kind,
        };
        // The same work for every address: the answer only queues the request. Looking the address
        // up, creating the link and mailing it happen after the answer, so that neither their cost nor
        // the mail server's latency tells whether the account exists.
        app.mail.later('collegamento per il cambio password', () =>
          requestPasswordReset({ db: app.db, mail: app.mail }, input, linkOptions),
        );
        return { detail: formatMessage('apiPasswordResetRequested') };
      },
    );

    app.get(
      `${resetUrl}/:token_hash`,
      {
        config: { public: true },
        schema: {
          summary: `Verifica del collegamento per il cambio password (${what})`,
          description:
            'Risponde come il collegamento chiede la seconda prova: `otp` (app di autenticazione attiva) o `cod_fisc`. ' +
            '404 se il collegamento non esiste, è scaduto o è già stato usato.',
          tags: ['password'],
          params: tokenParams,
          response: { 200: { $ref: 'password-reset-method#' }, ...errorResponses(400, 404, 429) },
        },
      },
      async (request) => resetMethod(app.db, request.params.token_hash, kind),
    );

    app.post(
      `${resetUrl}/:token_hash`,
      {
        config: { public: true },
        schema: {
          summary: `Cambio password dal collegamento ricevuto (${what})`,
          description:
            'Nuova password e conferma, più `otp` (metodo otp) o `cod_fisc` (16 caratteri). Risponde la nuova scadenza; ' +
            'il collegamento non vale più e ogni sessione dell’utente è revocata.',
          tags: ['password'],
          params: tokenParams,
          body: {
            type: 'object',
            required: ['new_passwd', 'passwd_confirm'],
            properties: {
              ...newPassword,
              otp: { type: 'string', maxLength: 20 },
              cod_fisc: { type: 'string', maxLength: 64 },
            },
            additionalProperties: false,
          },
          response: { 200: { $ref: 'password-expiry#' }, ...errorResponses(400, 404, 413, 415, 429) },
        },
      },
      async (request) => completePasswordReset(app.db, request.params.token_hash, kind, request.body),
    );
  }

  app.post(
    '/api/password_change',
    {
      config: { access: 'login', operatorToo: true },
      schema: {
        summary: 'Cambio password dell’utente collegato',
        description:
          'Nuova password e conferma (regole della specifica, diversa dalle ultime 5). Risponde la nuova scadenza ' +
          '(tra 90 giorni) e revoca le altre sessioni dell’utente.',
        tags: ['password'],
        body: {
          type: 'object',
          required: ['new_passwd', 'passwd_confirm'],
          properties: newPassword,
          additionalProperties: false,
        },
        response: { 200: { $ref: 'password-expiry#' }, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const errors = newPasswordErrors(request.body.new_passwd, request.body.passwd_confirm);
      if (Object.keys(errors).length > 0) throw new ApiError(400, errors);
      const passExpiryDate = await changePassword(app.db, auth.userId, request.body.new_passwd, {
        keepSessionId: auth.sessionId,
      });
      return { pass_expiry_date: passExpiryDate };
    },
  );
}
