/**
 * Partner portals (config/partners.ts, spec 001 §7, ARCHITECTURE.md §5):
 * - one login call per declared page, generated in a loop with no per-partner code:
 *   `<POST|GET> /api/<call>/<route_name>`, gated by the page's route, body = the declared constants,
 *   answering `enc_data` + `login_url`, `login_url` alone (carrying `d`) or the bonusx shape;
 * - `POST /api/partner_charge`: the partner's server-to-server charge, signed with its key;
 * - `GET /api/benefit_hub`: the customer code and addresses of the benefit-hub page.
 */
import type { FastifyRequest } from 'fastify';
import {
  benefitHub,
  chargeClockSkewSeconds,
  partnerCallMethod,
  partnerTitle,
} from '../../../../config/partners';
import { parseCents } from '../../../shared/money';
import { partnerAnswerShape } from '../../../shared/partners';
import { ApiError } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { isValidIdempotencyKey } from '../../services/idempotency';
import { chargeSignatureMatches } from '../../services/partner-crypto';
import { externalLinks } from '../../services/external-links';
import {
  chargePartner,
  createHandoff,
  loginAddress,
  providerOf,
  secretOf,
  type ChargeBody,
  type PartnerRegistry,
} from '../../services/partners';

export interface PartnerRoutesOptions {
  registry: PartnerRegistry;
  publicUrl: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The raw JSON text of a partner charge (its signature covers it). */
    partnerRawBody?: string;
  }
}

/** The address this server is reached at: PUBLIC_URL, else the request's own origin. */
export function serverBase(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

const ANSWER_REF = { 'enc-data': 'partner-login#', link: 'partner-link#', bonusx: 'bonusx-login#' } as const;

export default async function partnerRoutes(app: WireApp, options: PartnerRoutesOptions): Promise<void> {
  const { registry } = options;

  for (const partner of registry.partners) {
    const shape = partnerAnswerShape(partner.call.name);
    const method = partnerCallMethod(partner.call.name);
    const body = partner.call.body;
    const bodySchema =
      body && Object.keys(body).length > 0
        ? {
            type: 'object',
            additionalProperties: false,
            required: Object.keys(body),
            properties: Object.fromEntries(
              Object.entries(body).map(([key, value]) => [key, { const: value }]),
            ),
          }
        : undefined;
    app.route({
      method,
      url: `/api/${partner.call.name}/${partner.route_name}`,
      config: { route: partner.route_name },
      schema: {
        summary: `Accesso al portale «${partnerTitle(partner)}»`,
        description:
          `Pagina \`${partner.route_name}\` (config/partners.ts), partner \`${partner.provider}\`, credito offerto ` +
          `\`${partner.balance}\`. Crea un accesso cifrato (AES-256-GCM con la chiave del partner: utente, ` +
          'credito disponibile e quale, scadenza di pochi minuti, nonce monouso). ' +
          (shape === 'enc-data'
            ? 'Risposta `enc_data` (da inviare come campo `d`) e `login_url`.'
            : shape === 'link'
              ? 'Risposta `login_url`, che porta già il parametro `d`.'
              : 'Risposta `login_url`, `payload.data` e `client_id` (inviati come campi `data` e `clientId`).') +
          ' Permesso della route mancante: 403; partner non configurato: 503.',
        tags: ['partner'],
        ...(bodySchema ? { body: bodySchema } : {}),
        response: { 200: { $ref: ANSWER_REF[shape] }, ...errorResponses(400, 401, 403, 429, 503) },
      },
      handler: async (request) => {
        const { userId } = requireAuth(request);
        const provider = providerOf(registry, partner.provider);
        const secret = secretOf(registry, partner.provider);
        if (!provider || !secret)
          throw ApiError.of(503, 'apiPartnerUnavailable', { title: partnerTitle(partner) });
        const { encData } = await createHandoff(app.db, { partner, secret, userId });
        const address = loginAddress(secret, partner, serverBase(request, options.publicUrl));
        if (shape === 'enc-data') return { enc_data: encData, login_url: address };
        if (shape === 'link') {
          const url = new URL(address);
          url.searchParams.set('d', encData);
          return { login_url: url.toString() };
        }
        return {
          login_url: address,
          payload: { data: encData },
          client_id: provider.clientId ?? provider.id,
        };
      },
    });
  }

  await app.register(async (charge: WireApp) => {
    // The signature covers the body as sent: this context keeps the raw JSON text.
    charge.removeContentTypeParser('application/json');
    charge.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
      const raw = String(text);
      request.partnerRawBody = raw;
      if (raw === '') return done(null, undefined);
      try {
        done(null, JSON.parse(raw) as unknown);
      } catch {
        done(ApiError.of(400, 'apiBadJson'), undefined);
      }
    });

    charge.post(
      '/api/partner_charge',
      {
        config: { public: true },
        preValidation: async (request) => {
          await authenticatePartner(request, registry);
        },
        schema: {
          summary: 'Addebito del credito welfare da parte di un partner',
          description:
            'Chiamata server-to-server del partner (config/partners.ts): addebita il credito offerto in un ' +
            'accesso, indicandone il `nonce`, nel registro (movimento di tipo 6 Convenzione, `oggetto` il ' +
            'prodotto, `soggetto` il partner, come per ogni altro movimento). Intestazioni obbligatorie: `X-Partner-Id` (id del partner), ' +
            '`X-Partner-Timestamp` (secondi Unix, entro ' +
            `${chargeClockSkewSeconds} secondi dall'ora del server), \`X-Partner-Nonce\` (16-64 tra lettere, ` +
            'cifre, `-`, `_`, nuovo a ogni chiamata), `X-Partner-Signature` (hex HMAC-SHA256, con la chiave ' +
            'di firma derivata dal segreto del partner, di `<timestamp>.<nonce>.<corpo>`), ' +
            '`Idempotency-Key` (1-100 tra lettere, cifre, `-`, `_`). Firma errata o ripetuta, partner ' +
            'sconosciuto o disabilitato: 401. Importo oltre il credito: 400, nulla viene scritto. Accesso ' +
            'sconosciuto: 404; oltre la finestra di addebito: 409. Un nuovo invio con la stessa ' +
            'Idempotency-Key (firmato di nuovo) risponde la prima risposta senza addebitare di nuovo.',
          tags: ['partner'],
          headers: {
            type: 'object',
            required: [
              'x-partner-id',
              'x-partner-timestamp',
              'x-partner-nonce',
              'x-partner-signature',
              'idempotency-key',
            ],
            properties: {
              'x-partner-id': { type: 'string', description: 'Id del partner (config/partners.ts).' },
              'x-partner-timestamp': { type: 'string', description: 'Secondi Unix della chiamata.' },
              'x-partner-nonce': { type: 'string', description: 'Nuovo a ogni chiamata (16-64 caratteri).' },
              'x-partner-signature': {
                type: 'string',
                description: 'Hex HMAC-SHA256 di timestamp.nonce.corpo.',
              },
              'idempotency-key': {
                type: 'string',
                description: 'La stessa per i tentativi dello stesso addebito.',
              },
            },
          },
          body: { $ref: 'partner-charge#' },
          response: {
            201: { $ref: 'partner-charge-answer#' },
            ...errorResponses(400, 401, 404, 409, 415, 422, 429),
          },
        },
      },
      async (request, reply) => {
        const provider = providerOf(registry, String(request.headers['x-partner-id']));
        if (!provider) throw ApiError.of(401, 'apiPartnerAuthInvalid');
        const key = request.headers['idempotency-key'];
        if (key === undefined) throw ApiError.of(400, 'apiIdempotencyKeyRequired');
        if (typeof key !== 'string' || key.length > 100 || !isValidIdempotencyKey(key)) {
          throw ApiError.of(400, 'apiIdempotencyKeyInvalid');
        }
        const body = request.body as ChargeBody;
        const amountCents = parseCents(body.importo);
        if (amountCents === null || amountCents <= 0) {
          throw new ApiError(400, { importo: [ApiError.of(400, 'apiAmountInvalid').message] });
        }
        const outcome = await chargePartner(app.db, {
          registry,
          provider,
          body,
          amountCents,
          idempotencyKey: key,
        });
        if (outcome.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(outcome.status as 201).send(outcome.body as never);
      },
    );
  });

  app.get(
    '/api/benefit_hub',
    {
      config: { route: benefitHub.route_name },
      schema: {
        summary: 'Benefit Hub: codice cliente e indirizzi',
        description:
          'Pagina `benefit-hub` (spec 002 §2.7): il codice del cliente dell’utente presso il Benefit Hub, da ' +
          'copiare (impostato per cliente dai contenuti dell’installazione, `npm run admin -- content`; null ' +
          'finché non è impostato: il portale nasconde il codice), l’indirizzo di iscrizione e il video tutorial.',
        tags: ['partner'],
        response: { 200: { $ref: 'benefit-hub#' }, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const links = externalLinks(app.config);
      // The code the provider gave the user's customer: never made up here (issue 24).
      const row = await app.db
        .selectFrom('users')
        .innerJoin('customers', 'customers.id', 'users.customer_id')
        .select('customers.benefit_hub_code')
        .where('users.id', '=', userId)
        .executeTakeFirst();
      return {
        codice_cliente: row?.benefit_hub_code ?? null,
        url_iscrizione: links.benefitHubSubscribe,
        url_video: links.benefitHubVideo,
      };
    },
  );
}

/**
 * The partner's signature: known and enabled partner, timestamp within the window, HMAC of
 * `<timestamp>.<nonce>.<raw body>` with its key, and never the same request nonce twice (replay).
 */
async function authenticatePartner(request: FastifyRequest, registry: PartnerRegistry): Promise<void> {
  const id = request.headers['x-partner-id'];
  const timestamp = request.headers['x-partner-timestamp'];
  const nonce = request.headers['x-partner-nonce'];
  const signature = request.headers['x-partner-signature'];
  if (
    typeof id !== 'string' ||
    typeof timestamp !== 'string' ||
    typeof nonce !== 'string' ||
    typeof signature !== 'string'
  ) {
    throw ApiError.of(401, 'apiPartnerAuthMissing');
  }
  const secret = secretOf(registry, id);
  if (!providerOf(registry, id) || !secret) throw ApiError.of(401, 'apiPartnerAuthInvalid');
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  const now = Date.now() / 1000;
  if (!Number.isFinite(seconds) || Math.abs(now - seconds) > chargeClockSkewSeconds) {
    throw ApiError.of(401, 'apiPartnerTimestampInvalid', { n: chargeClockSkewSeconds });
  }
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) throw ApiError.of(401, 'apiPartnerAuthInvalid');
  const rawBody = request.partnerRawBody ?? '';
  if (!chargeSignatureMatches(secret.key, { timestamp, nonce, rawBody, signature })) {
    throw ApiError.of(401, 'apiPartnerAuthInvalid');
  }
  const db = request.server.db;
  const used = `partner-charge:${id}:${nonce}`;
  await db.deleteFrom('used_nonces').where('expires_at', '<', new Date()).execute();
  const claimed = await db
    .insertInto('used_nonces')
    .values({ nonce: used, expires_at: new Date((seconds + chargeClockSkewSeconds + 60) * 1000) })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  if (!claimed) throw ApiError.of(401, 'apiPartnerReplay');
}
