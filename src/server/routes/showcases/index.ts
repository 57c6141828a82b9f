/**
 * The showcase calls of spec 001 §7 (issue 13), each gated by the route of the screen it serves:
 * voucher retailers and products (conv-aml, forn-aml), the fuel card (bonus-benzina, 200 or 204), the app
 * voucher denominations and the ollipay status, the mutual-aid sections, a section's info and products,
 * the disclaimer agreement, and the supplementary health's SSO link; plus the detail of a purchase with
 * the code it delivered, readable by its owner only. The purchases themselves are declared
 * (config/purchases/showcases.ts) and served by `POST /api/crea_acquisto/<name>` (routes/purchases).
 */
import { eureteHealthPartner } from '../../../../config/partners';
import { screenConstants } from '../../../../config/screen-constants';
import { fornAmlShowcase, eureteSectionShowcase, eureteSectionsShowcase } from '../../../../config/showcases';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { ApiError } from '../../errors';
import { formatMessage } from '../../messages';
import { deliveredCodeOf } from '../../services/delivered-codes';
import { createHandoff, loginAddress, secretOf, type PartnerRegistry } from '../../services/partners';
import { pageSlice, pagingDescription, pagingQueryProperties } from '../../services/paging';
import {
  amlProducts,
  amlRetailer,
  amlRetailers,
  appVoucherOffer,
  boughtHealthProduct,
  eureteProducts,
  eureteSection,
  eureteSections,
  fuelCardOnOffer,
} from '../../services/showcases';
import { eureteAccepted } from '../../services/catalogues';
import { serverBase } from '../partners/index';

export interface ShowcaseRoutesOptions {
  registry: PartnerRegistry;
  publicUrl: string | null;
}

const PRODUCT_PAGING = fornAmlShowcase.paging;
const SECTION_PAGING = eureteSectionsShowcase.source.query;
const EURETE_PRODUCT_PAGING = eureteSectionShowcase.paging;
const SECTIONS_PAGING = { pageSizes: [SECTION_PAGING.page_size], defaultPageSize: SECTION_PAGING.page_size };

const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const retailerParams = {
  type: 'object',
  required: ['RetailerId'],
  properties: { RetailerId: ID },
  additionalProperties: false,
} as const;
const merchantParams = {
  type: 'object',
  required: ['merchant_code'],
  properties: { merchant_code: ID },
  additionalProperties: false,
} as const;
const purchaseParams = {
  type: 'object',
  required: ['id_acquisto'],
  properties: { id_acquisto: ID },
  additionalProperties: false,
} as const;

const slugParams = {
  type: 'object',
  required: ['slug_name'],
  properties: { slug_name: { type: 'string', pattern: '^[a-z0-9_-]{1,80}$' } },
  additionalProperties: false,
} as const;

export default async function showcaseRoutes(app: WireApp, options: ShowcaseRoutesOptions): Promise<void> {
  app.get(
    '/api/aml_rivenditori',
    {
      config: { route: 'conv-aml' },
      schema: {
        summary: 'Negozi dei buoni acquisto',
        description: 'Tutti i negozi della home dei buoni (conv-aml), nell’ordine della vetrina.',
        tags: ['vetrine'],
        response: { 200: { $ref: 'aml-rivenditori#' }, ...errorResponses(401, 403, 429) },
      },
    },
    async () => amlRetailers(app.db),
  );

  app.get(
    '/api/aml_rivenditori/:RetailerId',
    {
      config: { route: 'forn-aml' },
      schema: {
        summary: 'Un negozio dei buoni acquisto',
        description: 'Logo e descrizioni del negozio (intestazione di forn-aml). Inesistente: 404.',
        tags: ['vetrine'],
        params: retailerParams,
        response: { 200: { $ref: 'aml-rivenditore#' }, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => amlRetailer(app.db, request.params.RetailerId),
  );

  app.get(
    '/api/aml_prodotti/:merchant_code',
    {
      config: { route: 'forn-aml' },
      schema: {
        summary: 'Buoni di un negozio',
        description:
          'Una pagina dei buoni del negozio `merchant_code` (il suo RetailerId), dal meno caro con ' +
          '`price_sort=true` (altrimenti per nome), filtrati da `filter` (nome che contiene il testo, senza ' +
          `distinzione di maiuscole). ${pagingDescription(PRODUCT_PAGING)} Negozio inesistente: 404.`,
        tags: ['vetrine'],
        params: merchantParams,
        querystring: {
          type: 'object',
          properties: {
            ...pagingQueryProperties(PRODUCT_PAGING),
            price_sort: { type: 'boolean', default: true },
            filter: { type: 'string', maxLength: 100, pattern: '^[^\\u0000]*$', default: '' },
          },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'aml-prodotti#' }, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      amlProducts(
        app.db,
        {
          retailerId: request.params.merchant_code,
          filter: (request.query.filter ?? '').trim(),
          priceSort: request.query.price_sort ?? true,
        },
        pageSlice(request.query, PRODUCT_PAGING),
      ),
  );

  app.get(
    '/api/bonus_benzina',
    {
      config: { route: 'bonus-benzina' },
      schema: {
        summary: 'Carta carburante disponibile',
        description:
          '200: la carta carburante offerta (la più alta entro il limite dell’anno e il credito art. 51 c.3). ' +
          '204: nessuna carta (già acquistata: si acquista una sola volta; oppure credito insufficiente per ' +
          'ogni taglio).',
        tags: ['vetrine'],
        response: {
          200: { $ref: 'carta-carburante#' },
          204: { description: 'Nessuna carta disponibile.', type: 'null' },
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const card = await fuelCardOnOffer(app.db, requireAuth(request).userId);
      if (!card) return reply.code(204).send();
      return card;
    },
  );

  for (const [url, route] of [
    ['/api/toduba_buoni', 'conv-toduba'],
    ['/api/appaga_buoni', 'conv-appaga'],
  ] as const) {
    app.get(
      url,
      {
        config: { route },
        schema: {
          summary: `Tagli dei buoni ${route === 'conv-toduba' ? 'Toduba' : 'Appaga (gli stessi di Toduba)'}`,
          description: 'I tagli dei buoni app entro il credito art. 51 c.3 dell’utente (`buoni_disp`).',
          tags: ['vetrine'],
          response: { 200: { $ref: 'buoni-disp#' }, ...errorResponses(401, 403, 429) },
        },
      },
      async (request) => ({ buoni_disp: await appVoucherOffer(app.db, requireAuth(request).userId) }),
    );
  }

  app.get(
    '/api/ollipay_status',
    {
      config: { route: 'conv-ollipay' },
      schema: {
        summary: 'Stato Ollipay',
        description:
          'Il profilo Ollipay dell’utente (`wfm`: Welfare Di Marca, la pagina d’acquisto; altrimenti la pagina ' +
          'informativa con i link dell’app) e i tagli offerti entro il credito art. 51 c.3.',
        tags: ['vetrine'],
        response: { 200: { $ref: 'ollipay-status#' }, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const user = await app.db
        .selectFrom('users')
        .select(['ollipay_profile', 'ollipay_reg_status'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return {
        profile: user.ollipay_profile,
        reg_status: user.ollipay_reg_status,
        vouchers: await appVoucherOffer(app.db, userId),
      };
    },
  );

  app.get(
    '/api/eurete_sezioni',
    {
      config: { route: 'conv-eurete-buoni' },
      schema: {
        summary: 'Sezioni del welfare sociale',
        description:
          `Le sezioni di mutuo soccorso della categoria \`id_categ\` (${screenConstants.eureteSectionsCategory}), ` +
          `tranne le sezioni con una pagina propria: l’assistenza sanitaria integrativa (conv-assirete) e il ` +
          `welfare sociale art. 100 (conv-eurete-100). ${pagingDescription(SECTIONS_PAGING)}`,
        tags: ['vetrine'],
        querystring: {
          type: 'object',
          properties: {
            ...pagingQueryProperties(SECTIONS_PAGING),
            id_categ: {
              type: 'integer',
              minimum: 1,
              maximum: 2147483647,
              default: screenConstants.eureteSectionsCategory,
            },
          },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'eurete-sezioni#' }, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) =>
      eureteSections(
        app.db,
        request.query.id_categ ?? screenConstants.eureteSectionsCategory,
        pageSlice(request.query, SECTIONS_PAGING),
      ),
  );

  app.get(
    '/api/eurete_sezioni/:slug_name',
    {
      config: { route: 'sez-eurete' },
      schema: {
        summary: 'Una sezione del welfare sociale',
        description:
          'Nome e descrizione HTML della sezione (il portale la ripulisce prima di mostrarla). Inesistente: 404.',
        tags: ['vetrine'],
        params: slugParams,
        response: { 200: { $ref: 'eurete-sezione#' }, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => eureteSection(app.db, request.params.slug_name),
  );

  app.get(
    '/api/eurete_prodotti/:slug_name',
    {
      config: { route: 'sez-eurete' },
      schema: {
        summary: 'Prodotti di una sezione del welfare sociale',
        description:
          'Una pagina dei prodotti della sezione che il credito dell’utente può acquistare (art. 51 c.3; il totale ' +
          'per le sezioni con una pagina propria: l’assistenza sanitaria integrativa e il welfare sociale art. 100), ' +
          `dal meno caro. ${pagingDescription(EURETE_PRODUCT_PAGING)} ` +
          'Sezione inesistente: 404.',
        tags: ['vetrine'],
        params: slugParams,
        querystring: {
          type: 'object',
          properties: pagingQueryProperties(EURETE_PRODUCT_PAGING),
          additionalProperties: false,
        },
        response: { 200: { $ref: 'eurete-prodotti#' }, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      eureteProducts(
        app.db,
        requireAuth(request).userId,
        request.params.slug_name,
        pageSlice(request.query, EURETE_PRODUCT_PAGING),
      ),
  );

  app.get(
    '/api/eurete_disclaimer',
    {
      config: { route: 'conv-eurete-buoni' },
      schema: {
        summary: 'Informativa del welfare sociale accettata?',
        description:
          'Se l’utente ha accettato l’informativa del welfare sociale (necessaria per acquistare).',
        tags: ['vetrine'],
        response: { 200: { $ref: 'eurete-disclaimer#' }, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => ({ accettato: await eureteAccepted(app.db, requireAuth(request).userId) }),
  );

  app.post(
    '/api/eurete_disclaimer',
    {
      config: { route: 'conv-eurete-buoni' },
      schema: {
        summary: 'Accetta l’informativa del welfare sociale',
        description:
          'Registra che l’utente ha accettato l’informativa (senza, gli acquisti di mutuo soccorso sono rifiutati: ' +
          '403) e lo tiene nella sessione: `session_infos.eurete_cond_agreed` di get-logged-user-info diventa true.',
        tags: ['vetrine'],
        response: { 200: { $ref: 'eurete-disclaimer#' }, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      const { userId, sessionId } = requireAuth(request);
      await app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('eurete_agreements')
          .values({ user_id: userId })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute();
        // 001 §2: the agreement is kept in the session too (000 §3 session info eurete_cond_agreed).
        await trx
          .updateTable('sessions')
          .set({ eurete_cond_agreed: true })
          .where('id', '=', sessionId)
          .execute();
      });
      return { accettato: true };
    },
  );

  app.post(
    '/api/eurete_sso_link',
    {
      config: { route: 'conv-assirete' },
      schema: {
        summary: 'Collegamento al portale dell’assistenza sanitaria integrativa',
        description:
          'Dopo l’acquisto di un prodotto di assistenza sanitaria integrativa (`product_slug`): l’indirizzo del ' +
          'portale del partner con il passaggio cifrato (`d`, AES-256-GCM, scadenza e nonce monouso), da aprire in ' +
          'una nuova finestra. Senza quell’acquisto: 400; partner disattivato: 503.',
        tags: ['vetrine'],
        body: { $ref: 'eurete-prodotto-scelto#' },
        response: { 200: { $ref: 'eurete-sso-link#' }, ...errorResponses(400, 401, 403, 415, 429, 503) },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      if (!(await boughtHealthProduct(app.db, userId, request.body.product_slug))) {
        throw new ApiError(400, { product_slug: [formatMessage('formEureteSsoNoPurchase')] });
      }
      const secret = secretOf(options.registry, eureteHealthPartner.provider);
      if (!secret) throw ApiError.of(503, 'apiPartnerUnavailable', { title: eureteHealthPartner.title });
      const { encData } = await createHandoff(app.db, { partner: eureteHealthPartner, secret, userId });
      const address = new URL(
        loginAddress(secret, eureteHealthPartner, serverBase(request, options.publicUrl)),
      );
      address.searchParams.set('d', encData);
      return { sso_link: address.toString() };
    },
  );

  app.get(
    '/api/dettaglio_acquisto/:id_acquisto',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Codice consegnato da un acquisto',
        description:
          'Il codice (univoco, casuale) che un acquisto di buono o carta ha consegnato, con le istruzioni. Solo il ' +
          'titolare dell’acquisto lo legge: di un altro utente, inesistente o senza codice: 404.',
        tags: ['acquisti'],
        params: purchaseParams,
        response: { 200: { $ref: 'codice-consegnato#' }, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const found = await deliveredCodeOf(app.db, requireAuth(request).userId, request.params.id_acquisto);
      if (!found) throw ApiError.of(404, 'apiPurchaseNotFound');
      return found;
    },
  );
}
