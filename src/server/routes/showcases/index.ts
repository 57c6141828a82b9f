/**
 * The showcase calls of spec 001 §7 (issues 13, 25), each gated by the route of the screen it serves.
 *
 * Generated from the declarations (./declared.ts), with no code per page: the grids and headers of
 * config/showcases that name a catalogue (./catalogues.ts: voucher retailers and products, mutual-aid
 * sections, a section and its products) and the app-voucher pages of config/showcases/app-vouchers.ts
 * (toduba, appaga, ollipay). `extraShowcases` and `extraAppVoucherPages` (buildApp) add more.
 *
 * Hand-written, because their logic is their own (the one place that lists them):
 * - `GET /api/bonus_benzina`: the fuel card on offer, 200 or 204 (once only, the year's limit);
 * - `GET`/`POST /api/eurete_disclaimer`: the mutual-aid disclaimer, read and accepted (also in the session);
 * - `POST /api/eurete_sso_link`: the supplementary health's encrypted hand-off to its partner portal;
 * - `GET /api/dettaglio_acquisto/{id_acquisto}`: the code a purchase delivered, for its owner only;
 * - the conventions' grids (`HAND_WRITTEN_SOURCES`, served by routes/sellers): what they list depends on
 *   the user's company (company suppliers), and a consortium shares the supplier's header call.
 * The purchases themselves are declared (config/purchases) and served by `POST /api/crea_acquisto/<name>`
 * (routes/purchases).
 */
import { eureteHealthPartner, partnerTitle } from '../../../../config/partners';
import { showcases } from '../../../../config/showcases';
import { appVoucherPages } from '../../../../config/showcases/app-vouchers';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { ApiError } from '../../errors';
import { formatMessage } from '../../messages';
import { deliveredCodeOf } from '../../services/delivered-codes';
import { createHandoff, loginAddress, secretOf, type PartnerRegistry } from '../../services/partners';
import { boughtHealthProduct, fuelCardOnOffer } from '../../services/showcases';
import { eureteAccepted } from '../../services/catalogues';
import { serverBase } from '../partners/index';
import {
  registerAppVoucherCalls,
  registerShowcaseCalls,
  type DeclaredAppVoucherPage,
  type DeclaredShowcase,
} from './declared';

export interface ShowcaseRoutesOptions {
  registry: PartnerRegistry;
  publicUrl: string | null;
  /** Showcase grids served besides config/showcases (tests, overlays): declarations, no code. */
  extraShowcases?: readonly DeclaredShowcase[];
  /** App-voucher pages served besides config/showcases/app-vouchers.ts (tests, overlays). */
  extraAppVoucherPages?: readonly DeclaredAppVoucherPage[];
}

/**
 * Showcase sources (declared paths) whose calls are hand-written in routes/sellers: the conventions'
 * categories and suppliers (visible by the user's company), a supplier's articles and its header.
 */
export const HAND_WRITTEN_SOURCES: ReadonlySet<string> = new Set([
  '/categorie_fornitori',
  '/fornitori_convenzionati',
  '/vetrina_fornitore/{id_fornitore}',
  '/info_fornitore/{id_fornitore}',
]);

const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const purchaseParams = {
  type: 'object',
  required: ['id_acquisto'],
  properties: { id_acquisto: ID },
  additionalProperties: false,
} as const;

export default async function showcaseRoutes(app: WireApp, options: ShowcaseRoutesOptions): Promise<void> {
  // Generated from the declarations: every grid and header reading a catalogue, every app-voucher page.
  registerShowcaseCalls(app, [...showcases, ...(options.extraShowcases ?? [])], HAND_WRITTEN_SOURCES);
  registerAppVoucherCalls(app, [...appVoucherPages, ...(options.extraAppVoucherPages ?? [])]);

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
      if (!secret)
        throw ApiError.of(503, 'apiPartnerUnavailable', { title: partnerTitle(eureteHealthPartner) });
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
