/**
 * Sign-in calls (spec 000 §4, §7): password -> second factor -> session, the TOTP enrolment wizard,
 * and single sign-on. All public; the flows live in services/sign-in.ts.
 */
import { ApiError } from '../../errors';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { useSsoToken } from '../../services/signed-links';
import {
  confirmEnrolment,
  findSignInUser,
  signInWithCode,
  signInWithPassword,
  signInWithSso,
  verifyEnrolmentCode,
} from '../../services/sign-in';

const checkToken = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'Il check token ricevuto al passo precedente.',
} as const;
const otp = {
  type: 'string',
  minLength: 1,
  maxLength: 20,
  description: 'Codice a 6 cifre (app di autenticazione o e-mail).',
} as const;
const codeBody = {
  type: 'object',
  required: ['check_token', 'otp'],
  properties: { check_token: checkToken, otp },
  additionalProperties: false,
} as const;

const loginErrors = errorResponses(400, 413, 415, 429);

export default async function loginRoutes(app: WireApp): Promise<void> {
  const deps = { db: app.db, mail: app.mail };

  app.post(
    '/api/api-token-ckey',
    {
      config: { public: true },
      schema: {
        summary: 'Accesso: verifica delle credenziali',
        description:
          '`akey` = base64url del JSON UTF-8 `{"username": "<e-mail>", "password": "<SHA-256 esadecimale minuscolo della password>"}`. ' +
          'Risponde il tipo di secondo fattore (ENROLL_OTP: codice di registrazione inviato per e-mail; AUTH_OTP: app di ' +
          'autenticazione; MAIL_OTP: codice inviato per e-mail) e il check token (10 minuti). Utente sconosciuto e password ' +
          'errata danno la stessa risposta (400 `non_field_errors`); dopo 10 tentativi falliti in 15 minuti: 429.',
        tags: ['accesso'],
        body: {
          type: 'object',
          required: ['akey'],
          properties: { akey: { type: 'string', minLength: 1, maxLength: 4096 } },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'login-check#' }, ...loginErrors },
      },
    },
    async (request) => signInWithPassword(deps, request.body.akey),
  );

  app.post(
    '/api/api-token-otp',
    {
      config: { public: true },
      schema: {
        summary: 'Accesso: verifica del codice (AUTH_OTP o MAIL_OTP)',
        description:
          'Con il check token di AUTH_OTP il codice dell’app (passo di 30 s attuale o precedente, mai lo stesso passo due ' +
          'volte); con quello di MAIL_OTP il codice ricevuto per e-mail (una sola volta). Risponde il token di sessione e ' +
          '`password_expired`. Codice errato: 400 `{"otp": [...]}`; dopo 5 codici errati il check token non vale più.',
        tags: ['accesso'],
        body: {
          type: 'object',
          required: ['check_token', 'otp'],
          properties: {
            check_token: checkToken,
            otp,
            sso_provider_slug: {
              type: 'string',
              maxLength: 64,
              description: 'Provider di single sign-on da cui arriva l’accesso (facoltativo).',
            },
          },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'login-token#' }, ...loginErrors },
      },
    },
    async (request) => signInWithCode(deps, request.body),
  );

  app.post(
    '/api/api-token-otp-verify',
    {
      config: { public: true },
      schema: {
        summary: 'Registrazione: verifica del codice ricevuto per e-mail',
        description:
          'Con il check token di ENROLL_OTP e il codice di registrazione ricevuto per e-mail risponde un nuovo check token, ' +
          'il codice QR (data URL PNG dell’URI otpauth://) e il segreto base32 da inserire nell’app di autenticazione.',
        tags: ['accesso'],
        body: codeBody,
        response: { 200: { $ref: 'otp-enrolment#' }, ...loginErrors },
      },
    },
    async (request) => verifyEnrolmentCode(deps, request.body),
  );

  app.post(
    '/api/api-token-confirm',
    {
      config: { public: true },
      schema: {
        summary: 'Registrazione: conferma con il primo codice dell’app',
        description:
          'Con il check token di api-token-otp-verify e un codice dell’app generato dal nuovo segreto attiva l’app di ' +
          'autenticazione: gli accessi successivi rispondono AUTH_OTP.',
        tags: ['accesso'],
        body: codeBody,
        response: { 200: { $ref: 'detail#' }, ...loginErrors },
      },
    },
    async (request) => confirmEnrolment(deps, request.body),
  );

  app.post(
    '/api/api-token-ssocp',
    {
      config: { public: true },
      schema: {
        summary: 'Accesso single sign-on dal portale di un provider',
        description:
          'Scambia un token del provider (formato in config/sso-providers.ts: payload base64url `{email, provider, exp, ' +
          'nonce}` + "." + HMAC-SHA256 base64url; 5 minuti, una sola volta) con tipo di secondo fattore e check token. ' +
          'Solo utenti AUTH_OTP o MAIL_OTP; un utente non ancora registrato riceve un errore. Il token di un provider ' +
          'che il cliente dell’utente non ammette (opzioni di accesso del provisioning) ha la risposta di un token non valido.',
        tags: ['accesso'],
        body: {
          type: 'object',
          required: ['sso_token'],
          properties: { sso_token: { type: 'string', minLength: 1, maxLength: 2048 } },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'login-check#' }, ...loginErrors },
      },
    },
    async (request) => {
      const now = new Date();
      const sso = await useSsoToken(app.db, request.body.sso_token, app.config.ssoSecrets, now);
      if (!sso) throw ApiError.of(400, 'apiSsoTokenInvalid');
      const user = await findSignInUser(app.db, { email: sso.email });
      return signInWithSso(deps, user, sso.provider, now);
    },
  );
}
