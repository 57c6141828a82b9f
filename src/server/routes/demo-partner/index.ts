/**
 * The demo partner (ARCHITECTURE.md §8: in demo mode the server also plays the outside world), under
 * `/demo-partner/` (not under /api). It is the other side of a hand-off, built only on what a real
 * partner would hold: its shared secret (the same variables as the portal's, or the demo key) and the
 * public API.
 *
 * - `POST /demo-partner/<provider>/<page>` (hidden form: `d`, bitq `cat`; bonusx: `data`, `clientId`) and
 *   `GET /demo-partner/<provider>/<page>?d=` (link, blank window): decrypts the hand-off, refuses an
 *   expired, replayed (nonce seen before) or tampered one with a clear page, and shows who arrived with
 *   which credit and a few offers;
 * - `POST /demo-partner/<provider>/acquista`: buys an offer through `POST /api/partner_charge`, signed
 *   with the partner's key, one Idempotency-Key per offer shown (a double submit debits once);
 * - `GET /demo-partner/richiesta-convenzione`, `GET /demo-partner/benefit-hub/iscrizione`: the external
 *   pages conv-request-form and benefit-hub open.
 * - `GET /demo-partner/documentazione/<name>.pdf`: the demo's documentation (db/demo-content.ts).
 *
 * Pages pass the portal's CSP: no script at all, forms post back here. Outside demo mode: 404.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatMessage, type MessageKey, type ServerMessageArgs } from '../../messages';
import { formatCents, formatEuro, parseCents } from '../../../shared/money';
import { escapeHtml } from '../../html';
import {
  newRequestNonce,
  openHandoff,
  signCharge,
  type PartnerHandoffPayload,
} from '../../services/partner-crypto';
import { partnerTitle } from '../../../../config/partners';
import { providerOf, secretOf, type PartnerRegistry } from '../../services/partners';
import { DEMO_DOCUMENTATION_PATH, demoDocumentName } from '../../db/demo-content';
import { onePagePdf } from '../../db/seed-forms';

export interface DemoPartnerOptions {
  demo: boolean;
  registry: PartnerRegistry;
}

/** What the demo partner sells (prices as wire strings). */
export const demoOffers = [
  { id: 'esperienza', nome: 'Esperienza', prezzo: '49.00' },
  { id: 'cena', nome: 'Cena per due', prezzo: '120.00' },
  { id: 'weekend', nome: 'Weekend benessere per due', prezzo: '2490.00' },
] as const;

/** A visit, kept by the partner in the pages it serves (signed, so the browser cannot change it). */
interface Visit {
  partner: string;
  page: string;
  nonce: string;
  nome: string;
  cognome: string;
  email: string;
  comp: 'totale' | 'art51c3';
  disponibile: string;
  service?: string;
  cat?: string;
}

const text = <K extends MessageKey>(key: K, ...params: ServerMessageArgs<K>) =>
  escapeHtml(formatMessage(key, ...params));

function visitMac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`demo-partner-visit:${body}`).digest('base64url');
}

function sealVisit(secret: string, visit: Visit): string {
  const body = Buffer.from(JSON.stringify(visit), 'utf8').toString('base64url');
  return `${body}.${visitMac(secret, body)}`;
}

function openVisit(secret: string, token: string): Visit | null {
  const [body, mac] = token.split('.');
  if (!body || !mac || visitMac(secret, body) !== mac) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Visit;
  } catch {
    return null;
  }
}

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#1f2933;background:#f5f7fa;line-height:1.5}
header{background:#0b4f6c;color:#fff;padding:1rem}
header p{margin:0;font-weight:600}
main{max-width:48rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
.card{background:#fff;border:1px solid #d8dee4;border-radius:.5rem;padding:1rem;margin:.75rem 0}
.card>:first-child{margin-top:0}.card>:last-child{margin-bottom:0}form{margin:0}
.offers{list-style:none;padding:0;margin:0;display:grid;gap:.75rem}
.offers .card{margin:0}
.offer{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem}
.price{font-weight:700}
button{font:inherit;background:#0b4f6c;color:#fff;border:0;border-radius:.375rem;padding:.6rem 1rem;min-height:44px;cursor:pointer}
.error{border-color:#b42318;background:#fff5f4}
.ok{border-color:#067647;background:#f3fbf6}
</style></head>
<body>
<header><p>Partner dimostrativo del portale welfare</p></header>
<main>
${main}
</main>
</body>
</html>
`;
}

function sendPage(reply: FastifyReply, status: number, title: string, main: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(page(title, main));
}

function refusal(reply: FastifyReply, status: number, key: MessageKey): FastifyReply {
  return sendPage(
    reply,
    status,
    formatMessage('apiDemoPartnerRefused'),
    `<h1>${text('apiDemoPartnerRefused')}</h1><div class="card error" role="alert"><p>${text(key)}</p></div>`,
  );
}

function creditLabel(comp: Visit['comp']): string {
  return formatMessage(comp === 'art51c3' ? 'apiPartnerCreditArt51c3' : 'apiPartnerCreditTotale');
}

export default async function demoPartnerRoutes(
  app: FastifyInstance,
  options: DemoPartnerOptions,
): Promise<void> {
  const { registry } = options;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const guard = (reply: FastifyReply): boolean => {
    if (options.demo) return true;
    void refusal(reply, 404, 'apiDemoOnly');
    return false;
  };

  const offersPage = (
    reply: FastifyReply,
    secret: string,
    visit: Visit,
    notice = '',
    status = 200,
  ): FastifyReply => {
    const provider = providerOf(registry, visit.partner);
    const partnerName = provider?.name.literal ?? visit.partner;
    const declared = registry.partners.find((partner) => partner.route_name === visit.page);
    const sealed = sealVisit(secret, visit);
    const offers = demoOffers
      .map(
        (offer) => `<li class="card offer">
<span><strong>${escapeHtml(offer.nome)}</strong> <span class="price">${escapeHtml(formatEuro(parseCents(offer.prezzo) ?? 0))}</span></span>
<form method="post" action="/demo-partner/${encodeURIComponent(visit.partner)}/acquista">
<input type="hidden" name="visita" value="${escapeHtml(sealed)}">
<input type="hidden" name="offerta" value="${offer.id}">
<input type="hidden" name="chiave" value="${randomBytes(12).toString('hex')}">
<button type="submit">${text('apiDemoPartnerBuy', { product: offer.nome, amount: formatEuro(parseCents(offer.prezzo) ?? 0) })}</button>
</form>
</li>`,
      )
      .join('\n');
    const name = `${visit.nome} ${visit.cognome}`.trim();
    return sendPage(
      reply,
      status,
      formatMessage('apiDemoPartnerTitle', { partner: partnerName }),
      `<h1>${text('homeGreeting', { name })}</h1>
${notice}
<div class="card" data-testid="demo-partner-visit">
<p>${text('apiDemoPartnerArrived', { name, email: visit.email, page: declared ? partnerTitle(declared) : visit.page })}</p>
<p data-testid="demo-partner-credit"><strong>${text('apiDemoPartnerCredit', {
        amount: formatEuro(parseCents(visit.disponibile) ?? 0),
        credit: creditLabel(visit.comp),
      })}</strong></p>
${visit.service ? `<p>${text('apiDemoPartnerService', { service: visit.service })}</p>` : ''}
${visit.cat ? `<p>${text('apiDemoPartnerShowcase', { cat: visit.cat })}</p>` : ''}
</div>
<h2>${text('apiDemoPartnerOffers')}</h2>
<ul class="offers">
${offers}
</ul>`,
    );
  };

  /** A hand-off arriving: decrypt, refuse expired / replayed / tampered, then the offers. */
  const arrive = async (
    reply: FastifyReply,
    params: { provider: string; page: string },
    token: string | undefined,
    extra: { cat?: string | undefined; clientId?: string | undefined; bonusx: boolean },
  ): Promise<FastifyReply> => {
    if (!guard(reply)) return reply;
    const provider = providerOf(registry, params.provider);
    const secret = secretOf(registry, params.provider);
    if (!provider || !secret) return refusal(reply, 404, 'apiDemoPartnerUnknown');
    if (!token) return refusal(reply, 400, 'apiDemoPartnerMissing');
    if (extra.bonusx && extra.clientId !== (provider.clientId ?? provider.id)) {
      return sendPage(
        reply,
        400,
        formatMessage('apiDemoPartnerRefused'),
        `<h1>${text('apiDemoPartnerRefused')}</h1><div class="card error" role="alert"><p>${text('apiDemoPartnerBonusClient', { client: extra.clientId ?? '' })}</p></div>`,
      );
    }
    const payload: PartnerHandoffPayload | null = openHandoff(secret.key, provider.id, token);
    if (!payload || payload.page !== params.page) return refusal(reply, 400, 'apiDemoPartnerTampered');
    const now = Math.floor(Date.now() / 1000);
    if (payload.exp < now) return refusal(reply, 410, 'apiDemoPartnerExpired');
    // The partner's own memory of nonces seen (single use).
    const seen = await app.db
      .insertInto('used_nonces')
      .values({
        nonce: `demo-partner:${provider.id}:${payload.nonce}`,
        expires_at: new Date((payload.exp + 60) * 1000),
      })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .returning('nonce')
      .executeTakeFirst();
    if (!seen) return refusal(reply, 409, 'apiDemoPartnerReplayed');
    const cat = extra.cat ?? (payload.cat !== undefined ? String(payload.cat) : undefined);
    return offersPage(reply, secret.key, {
      partner: provider.id,
      page: payload.page,
      nonce: payload.nonce,
      nome: payload.utente.nome,
      cognome: payload.utente.cognome,
      email: payload.utente.email,
      comp: payload.credito.comp_credito,
      disponibile: payload.credito.disponibile,
      ...(payload.service !== undefined ? { service: payload.service } : {}),
      ...(cat !== undefined ? { cat } : {}),
    });
  };

  const paramsSchema = {
    type: 'object',
    required: ['provider', 'page'],
    properties: {
      provider: { type: 'string', maxLength: 40 },
      page: { type: 'string', maxLength: 80 },
    },
  } as const;
  const demoSchema = (summary: string) => ({
    summary,
    tags: ['demo'],
    produces: ['text/html'],
    params: paramsSchema,
  });

  app.get<{ Params: { provider: string; page: string }; Querystring: { d?: string } }>(
    '/demo-partner/:provider/:page',
    {
      config: { public: true },
      schema: {
        ...demoSchema('Partner dimostrativo: arrivo da un collegamento (solo modalità demo)'),
        querystring: { type: 'object', properties: { d: { type: 'string', maxLength: 8000 } } },
      },
    },
    async (request, reply) => arrive(reply, request.params, request.query.d, { bonusx: false }),
  );

  app.post<{ Params: { provider: string; page: string }; Body: Record<string, string> | undefined }>(
    '/demo-partner/:provider/:page',
    {
      config: { public: true },
      schema: demoSchema('Partner dimostrativo: arrivo da un modulo nascosto (solo modalità demo)'),
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const bonusx = body.data !== undefined || body.clientId !== undefined;
      return arrive(reply, request.params, bonusx ? body.data : body.d, {
        cat: body.cat,
        clientId: body.clientId,
        bonusx,
      });
    },
  );

  app.post<{ Params: { provider: string }; Body: Record<string, string> | undefined }>(
    '/demo-partner/:provider/acquista',
    {
      config: { public: true },
      schema: {
        summary: 'Partner dimostrativo: acquisto con addebito sul credito welfare (solo modalità demo)',
        tags: ['demo'],
        produces: ['text/html'],
        params: { type: 'object', properties: { provider: { type: 'string', maxLength: 40 } } },
      },
    },
    async (request, reply) => {
      if (!guard(reply)) return reply;
      const provider = providerOf(registry, request.params.provider);
      const secret = secretOf(registry, request.params.provider);
      if (!provider || !secret) return refusal(reply, 404, 'apiDemoPartnerUnknown');
      const body = request.body ?? {};
      const visit = body.visita ? openVisit(secret.key, body.visita) : null;
      const offer = demoOffers.find((item) => item.id === body.offerta);
      if (!visit || visit.partner !== provider.id || !offer || !/^[0-9a-f]{24}$/.test(body.chiave ?? '')) {
        return refusal(reply, 400, 'apiDemoPartnerVisitInvalid');
      }
      // The partner's server-to-server call, signed with its key.
      const raw = JSON.stringify({ nonce: visit.nonce, importo: offer.prezzo, prodotto: offer.nome });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = newRequestNonce();
      const answer = await app.inject({
        method: 'POST',
        url: '/api/partner_charge',
        headers: {
          'content-type': 'application/json',
          'x-partner-id': provider.id,
          'x-partner-timestamp': timestamp,
          'x-partner-nonce': nonce,
          'x-partner-signature': signCharge(secret.key, timestamp, nonce, raw),
          'idempotency-key': body.chiave ?? '',
        },
        payload: raw,
      });
      const data = answer.json<Record<string, unknown>>();
      if (answer.statusCode !== 201) {
        const lines = Object.values(data).flatMap((value) => (Array.isArray(value) ? value : [value]));
        const notice = `<div class="card error" role="alert" data-testid="demo-partner-error"><h2>${text('apiDemoPartnerBuyFailed')}</h2>${lines
          .map((line) => `<p>${escapeHtml(String(line))}</p>`)
          .join('')}</div>`;
        return offersPage(reply, secret.key, visit, notice, answer.statusCode);
      }
      const residual = String(data.credito_residuo);
      const notice = `<div class="card ok" role="status" data-testid="demo-partner-bought"><h2>${text('apiDemoPartnerBought')}</h2><p>${text(
        'apiDemoPartnerBoughtText',
        {
          product: offer.nome,
          amount: formatEuro(parseCents(offer.prezzo) ?? 0),
          id: String(data.id_acquisto),
          residual: formatEuro(parseCents(residual) ?? 0),
        },
      )}</p><p>${text('apiDemoPartnerBackToPortal')}</p></div>`;
      return offersPage(
        reply,
        secret.key,
        { ...visit, disponibile: formatCents(parseCents(residual) ?? 0) },
        notice,
      );
    },
  );

  const simplePage = (url: string, title: MessageKey, body: MessageKey) =>
    app.get(
      url,
      {
        config: { public: true },
        schema: {
          summary: `${formatMessage(title)} (solo modalità demo)`,
          tags: ['demo'],
          produces: ['text/html'],
        },
      },
      async (_request, reply) => {
        if (!guard(reply)) return reply;
        return sendPage(
          reply,
          200,
          formatMessage(title),
          `<h1>${text(title)}</h1><div class="card"><p>${text(body)}</p></div>`,
        );
      },
    );
  simplePage('/demo-partner/richiesta-convenzione', 'apiDemoRequestFormTitle', 'apiDemoRequestFormText');
  simplePage('/demo-partner/benefit-hub/iscrizione', 'apiDemoBenefitHubTitle', 'apiDemoBenefitHubText');

  // The demo's documentation links (db/demo-content.ts) lead here rather than to an example address.
  app.get<{ Params: { file: string } }>(
    `${DEMO_DOCUMENTATION_PATH}:file`,
    {
      config: { public: true },
      schema: {
        summary: 'Documento dimostrativo (PDF, solo modalità demo)',
        tags: ['demo'],
        params: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', pattern: '^[a-z0-9-]{1,64}\\.pdf$' } },
          additionalProperties: false,
        },
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      if (!guard(reply)) return reply;
      const name = demoDocumentName(request.params.file);
      if (name === null) return refusal(reply, 404, 'apiNotFound');
      // The one-page PDF writes Helvetica in ASCII: accents are dropped from the name.
      const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '');
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${request.params.file}"`)
        .send(onePagePdf(formatMessage('apiDemoDocumentText', { name: ascii })));
    },
  );
}
