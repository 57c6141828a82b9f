/**
 * Passkeys (issue 28): registered, listed and removed from the profile (`user-profile`: every profile
 * with a profile page), and used as second factor at sign-in with the check token of AUTH_OTP or
 * MAIL_OTP (public, like api-token-otp). The flows live in services/passkeys.ts.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { listPasskeys } from '../../services/passkey-store';
import {
  passkeyLoginOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  relyingParty,
  removePasskey,
  signInWithPasskey,
} from '../../services/passkeys';

const PROFILE = 'user-profile';

const base64url = {
  type: 'string',
  minLength: 1,
  maxLength: 65_536,
  pattern: '^[A-Za-z0-9_-]*={0,2}$',
} as const;

/** The PublicKeyCredential JSON of @simplewebauthn/browser (startRegistration / startAuthentication). */
const credentialJson = <const R extends object, const Q extends readonly string[]>(
  response: R,
  required: Q,
) =>
  ({
    type: 'object',
    required: ['id', 'rawId', 'type', 'response'],
    properties: {
      id: { type: 'string', minLength: 1, maxLength: 1366, pattern: '^[A-Za-z0-9_-]+$' },
      rawId: { type: 'string', minLength: 1, maxLength: 1366, pattern: '^[A-Za-z0-9_-]+$' },
      type: { const: 'public-key' },
      authenticatorAttachment: { type: 'string', maxLength: 32 },
      clientExtensionResults: { type: 'object' },
      response: { type: 'object', required, properties: response },
    },
  }) as const;

const checkToken = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'Il check token ricevuto da api-token-ckey o api-token-ssocp.',
} as const;

const loginErrors = errorResponses(400, 413, 415, 429);

export default async function passkeyRoutes(app: WireApp): Promise<void> {
  const rp = relyingParty(app.config.publicUrl);

  app.get(
    '/api/passkeys',
    {
      config: { route: PROFILE },
      schema: {
        summary: 'Passkey dell’utente collegato',
        description: 'Nome, creazione e ultimo utilizzo di ogni passkey registrata, dalla più vecchia.',
        tags: ['accesso'],
        response: {
          200: { type: 'array', items: { $ref: 'passkey#' } },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => listPasskeys(app.db, requireAuth(request).userId),
  );

  app.post(
    '/api/passkeys/opzioni',
    {
      config: { route: PROFILE },
      schema: {
        summary: 'Registrazione di una passkey: opzioni',
        description:
          'Le opzioni per `navigator.credentials.create` (startRegistration di @simplewebauthn/browser): challenge ' +
          'conservata dal server (5 minuti, una sola volta) legata alla sessione, RP ID dall’indirizzo pubblico ' +
          '(PUBLIC_URL; senza, `localhost`), le passkey già registrate escluse. Solo una sessione aperta con il secondo ' +
          'fattore (non da un collegamento firmato): 403 altrimenti. Al massimo 10 passkey: 409.',
        tags: ['accesso'],
        response: {
          200: { $ref: 'passkey-registration-options#' },
          ...errorResponses(400, 401, 403, 409, 413, 415, 429),
        },
      },
    },
    async (request) => passkeyRegistrationOptions(app.db, requireAuth(request), rp),
  );

  app.post(
    '/api/passkeys',
    {
      config: { route: PROFILE },
      schema: {
        summary: 'Registrazione di una passkey',
        description:
          'Il nome scelto dall’utente e la risposta di `navigator.credentials.create` (attestazione `none`) alla ' +
          'challenge di passkeys/opzioni. Risponde la passkey registrata. Challenge sconosciuta, già usata o scaduta: ' +
          '400; risposta non valida: 400; passkey già registrata: 409.',
        tags: ['accesso'],
        body: {
          type: 'object',
          required: ['nome', 'response'],
          properties: {
            nome: { type: 'string', minLength: 1, maxLength: 200 },
            response: credentialJson(
              {
                clientDataJSON: base64url,
                attestationObject: base64url,
                authenticatorData: base64url,
                publicKey: base64url,
                publicKeyAlgorithm: { type: 'integer' },
                transports: { type: 'array', maxItems: 16, items: { type: 'string', maxLength: 32 } },
              },
              ['clientDataJSON', 'attestationObject'],
            ),
          },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'passkey#' }, ...errorResponses(400, 401, 403, 409, 413, 415, 429) },
      },
    },
    async (request) =>
      registerPasskey(
        app.db,
        requireAuth(request),
        {
          nome: request.body.nome,
          response: request.body.response as unknown as RegistrationResponseJSON,
        },
        rp,
      ),
  );

  app.delete(
    '/api/passkeys/:id',
    {
      config: { route: PROFILE },
      schema: {
        summary: 'Elimina una passkey',
        description:
          'La passkey non vale più per l’accesso. Una passkey di un altro utente o già eliminata: 404.',
        tags: ['accesso'],
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'detail#' }, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => removePasskey(app.db, requireAuth(request).userId, request.params.id),
  );

  app.post(
    '/api/api-token-passkey-options',
    {
      config: { public: true },
      schema: {
        summary: 'Accesso con passkey: opzioni',
        description:
          'Con il check token di AUTH_OTP o MAIL_OTP (risposta di api-token-ckey con `passkey: true`) risponde le opzioni ' +
          'per `navigator.credentials.get` (startAuthentication di @simplewebauthn/browser): challenge legata al check ' +
          'token (5 minuti, una sola volta) e le passkey dell’utente. Utente senza passkey: 400.',
        tags: ['accesso'],
        body: {
          type: 'object',
          required: ['check_token'],
          properties: { check_token: checkToken },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'passkey-login-options#' }, ...loginErrors },
      },
    },
    async (request) => passkeyLoginOptions(app.db, request.body, rp),
  );

  app.post(
    '/api/api-token-passkey',
    {
      config: { public: true },
      schema: {
        summary: 'Accesso con passkey: verifica',
        description:
          'Il check token e la risposta di `navigator.credentials.get` alla challenge di api-token-passkey-options, ' +
          'verificata con la chiave pubblica e il contatore della passkey. Risponde il token di sessione e ' +
          '`password_expired`, come api-token-otp. Firma errata, passkey di un altro utente, challenge già usata: 400 ' +
          '`{"passkey": [...]}`, contato come un codice errato (5 chiudono il check token) e come un accesso fallito.',
        tags: ['accesso'],
        body: {
          type: 'object',
          required: ['check_token', 'response'],
          properties: {
            check_token: checkToken,
            response: credentialJson(
              {
                clientDataJSON: base64url,
                authenticatorData: base64url,
                signature: base64url,
                userHandle: base64url,
              },
              ['clientDataJSON', 'authenticatorData', 'signature'],
            ),
          },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'login-token#' }, ...loginErrors },
      },
    },
    async (request) =>
      signInWithPasskey(
        app.db,
        {
          check_token: request.body.check_token,
          response: request.body.response as unknown as AuthenticationResponseJSON,
        },
        rp,
      ),
  );
}
