/**
 * Conventions (spec 002 §2.1-§2.6, §7 "Suppliers and vouchers"; issue 14). Every call of the
 * `/sellers` screens is gated by its route (all of them need `home-fornitori`, 002 §6); the spec
 * describes them without names, so the names are chosen here in the round-1 style:
 *
 * - `GET categorie_fornitori`, `GET province_fornitori`, `GET fornitori_convenzionati?id_categoria=&provincia=&filtro=`
 *   (home-fornitori);
 * - `GET info_fornitore/{id_fornitore}` (also for consortia), `GET vetrina_fornitore/{id_fornitore}`
 *   (page, page_size 18, filter), `GET info_articolo/{id_articolo}`;
 * - `GET fornitori_consorzio/{id_consorzio}`, `GET tagli_buoni`;
 * - `GET`/`POST pin_identificativo` (the PIN goes by e-mail, never in an answer);
 * - `GET`/`POST conv_special_agreed` (the disclaimer of home-fornitori accepted);
 * - `POST crea_acquisto/articolo`, `POST crea_acquisto/buono-consorzio` are not here: they are declared in
 *   config/purchases/sellers.ts and served by the generic purchase route (routes/purchases), their
 *   seller's part by services/seller-purchases.ts;
 * - `GET voucher_utente` (page, page_size of the stato-voucher table);
 * - `POST riscatta_voucher`: the supplier's side, authenticated by its API key (`X-Fornitore-Key`);
 * - `GET immagini_convenzioni/{nome}`: the SVG images of categories, suppliers and articles (public,
 *   as `<img>` sends no token).
 */
import { constants } from '../../../../config/constants';
import { buonoConsorzio } from '../../../../config/purchases/sellers';
import { screenConstants } from '../../../../config/screen-constants';
import { voucherStatusTable } from '../../../../config/tables/stato-voucher';
import { ApiError } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { pageSlice, pagingDescription, pagingQueryProperties } from '../../services/paging';
import { composeMail } from '../../services/sign-in';
import {
  agreeSpecial,
  articleInfo,
  consortiumAffiliates,
  listCategories,
  listProvinces,
  listSuppliers,
  listVouchers,
  pinExists,
  redeemVoucher,
  replacePin,
  specialAgreed,
  supplierByKey,
  supplierInfo,
  supplierShowcase,
} from '../../services/sellers';
import { formatMessage } from '../../messages';
import { CAROUSEL_IMAGE_CSP } from '../home/index';

const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const idParams = <K extends string>(name: K) =>
  ({ type: 'object', required: [name], properties: { [name]: ID }, additionalProperties: false }) as {
    type: 'object';
    required: [K];
    properties: { [P in K]: typeof ID };
    additionalProperties: false;
  };

const SHOWCASE_PAGING = {
  pageSizes: [screenConstants.supplierShowcasePageSize],
  defaultPageSize: screenConstants.supplierShowcasePageSize,
} as const;

const readErrors = errorResponses(400, 401, 403, 404, 429);

declare module 'fastify' {
  interface FastifyRequest {
    /** The supplier a `riscatta_voucher` call is made by (its API key checked). */
    supplier?: { id: number; nome: string };
  }
}

async function userName(app: WireApp, userId: number): Promise<{ name: string; email: string }> {
  const user = await app.db
    .selectFrom('users')
    .select(['nome', 'cognome', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { name: `${user.nome} ${user.cognome}`.trim(), email: user.email };
}

export default async function sellersRoutes(app: WireApp): Promise<void> {
  app.get(
    '/api/categorie_fornitori',
    {
      config: { route: 'home-fornitori' },
      schema: {
        summary: 'Categorie dei fornitori convenzionati',
        description:
          'Le categorie della home delle convenzioni (002 §2.1), nell’ordine in cui si mostrano. La categoria 8 ' +
          'raccoglie i fornitori aziendali, la 11 i fornitori speciali.',
        tags: ['convenzioni'],
        response: { 200: { type: 'array', items: { $ref: 'categoria-fornitori#' } }, ...readErrors },
      },
    },
    async () => listCategories(app.db),
  );

  app.get(
    '/api/fornitori_convenzionati',
    {
      config: { route: 'home-fornitori' },
      schema: {
        summary: 'Fornitori convenzionati',
        description:
          'I fornitori e i consorzi che l’utente vede (quelli aziendali solo per i dipendenti della loro azienda), ' +
          'della categoria `id_categoria` se indicata, della provincia `provincia` e il cui nome e cognome insieme ' +
          'contengono `filtro`, per nome.',
        tags: ['convenzioni'],
        querystring: {
          type: 'object',
          properties: {
            id_categoria: ID,
            provincia: {
              type: 'string',
              pattern: `^([A-Z]{2}|${constants.sellersNoProvince})$`,
              description: `Sigla della provincia; \`${constants.sellersNoProvince}\` (predefinito): tutte.`,
            },
            filtro: {
              type: 'string',
              maxLength: 100,
              description:
                'Testo cercato in nome e cognome insieme, senza distinguere maiuscole (fornitori aziendali).',
            },
          },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: { $ref: 'fornitore-convenzionato#' } }, ...readErrors },
      },
    },
    async (request) =>
      listSuppliers(app.db, requireAuth(request).companyId, {
        idCategoria: request.query.id_categoria,
        provincia: request.query.provincia,
        filtro: request.query.filtro,
      }),
  );

  app.get(
    '/api/province_fornitori',
    {
      config: { route: 'home-fornitori' },
      schema: {
        summary: 'Province dei fornitori convenzionati',
        description: `Le province in cui ci sono fornitori che l’utente vede, per nome: le scelte del filtro (oltre a \`${constants.sellersNoProvince}\`, tutte).`,
        tags: ['convenzioni'],
        response: { 200: { type: 'array', items: { $ref: 'provincia#' } }, ...readErrors },
      },
    },
    async (request) => listProvinces(app.db, requireAuth(request).companyId),
  );

  app.get(
    '/api/info_fornitore/:id_fornitore',
    {
      config: { route: 'home-fornitori' },
      schema: {
        summary: 'Scheda di un fornitore o consorzio',
        description:
          'Dati e contatti del fornitore (anche di un consorzio). Fornitore inesistente o non visibile: 404.',
        tags: ['convenzioni'],
        params: idParams('id_fornitore'),
        response: { 200: { $ref: 'info-fornitore#' }, ...readErrors },
      },
    },
    async (request) => supplierInfo(app.db, requireAuth(request).companyId, request.params.id_fornitore),
  );

  app.get(
    '/api/vetrina_fornitore/:id_fornitore',
    {
      config: { route: 'vetrina-fornitore' },
      schema: {
        summary: 'Vetrina di un fornitore',
        description:
          'Gli articoli del fornitore la cui descrizione o codice contiene `filter` (senza distinguere maiuscole), ' +
          `per descrizione. ${pagingDescription(SHOWCASE_PAGING)}`,
        tags: ['convenzioni'],
        params: idParams('id_fornitore'),
        querystring: {
          type: 'object',
          properties: {
            ...pagingQueryProperties(SHOWCASE_PAGING),
            filter: { type: 'string', maxLength: 100, default: '' },
          },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'vetrina-fornitore#' }, ...readErrors },
      },
    },
    async (request) =>
      supplierShowcase(
        app.db,
        requireAuth(request).companyId,
        request.params.id_fornitore,
        pageSlice(request.query, SHOWCASE_PAGING),
        request.query.filter ?? '',
      ),
  );

  app.get(
    '/api/info_articolo/:id_articolo',
    {
      config: { route: 'vetrina-articolo' },
      schema: {
        summary: 'Scheda di un articolo',
        description:
          'L’articolo con prezzo, sconto, prezzo scontato, disponibilità, immagini e template della pagina. ' +
          'Articolo inesistente o di un fornitore non visibile: 404.',
        tags: ['convenzioni'],
        params: idParams('id_articolo'),
        response: { 200: { $ref: 'articolo#' }, ...readErrors },
      },
    },
    async (request) => articleInfo(app.db, requireAuth(request).companyId, request.params.id_articolo),
  );

  app.get(
    '/api/fornitori_consorzio/:id_consorzio',
    {
      config: { route: 'vetrina-consorzio' },
      schema: {
        summary: 'Fornitori affiliati a un consorzio',
        description:
          'I fornitori presso cui si spendono i buoni multiuso del consorzio, per nome. Consorzio inesistente: 404.',
        tags: ['convenzioni'],
        params: idParams('id_consorzio'),
        response: { 200: { type: 'array', items: { $ref: 'fornitore-convenzionato#' } }, ...readErrors },
      },
    },
    async (request) =>
      consortiumAffiliates(app.db, requireAuth(request).companyId, request.params.id_consorzio),
  );

  app.get(
    '/api/tagli_buoni',
    {
      config: { route: 'vetrina-consorzio' },
      schema: {
        summary: 'Tagli dei buoni multiuso',
        description: 'Gli importi per cui si acquista un buono multiuso di un consorzio, crescenti.',
        tags: ['convenzioni'],
        response: { 200: { $ref: 'tagli-buoni#' }, ...readErrors },
      },
    },
    // The cuts the consortium voucher's declaration sells (config/purchases/sellers.ts).
    async () => [...buonoConsorzio.amount.cuts],
  );

  app.get(
    '/api/pin_identificativo',
    {
      config: { route: 'gestione-pin' },
      schema: {
        summary: 'Stato del PIN identificativo',
        description: 'Se l’utente ha un PIN identificativo (`pin_exists`). Il PIN non è mai restituito.',
        tags: ['convenzioni'],
        response: { 200: { $ref: 'pin-status#' }, ...readErrors },
      },
    },
    async (request) => ({ pin_exists: await pinExists(app.db, requireAuth(request).userId) }),
  );

  app.post(
    '/api/pin_identificativo',
    {
      config: { route: 'gestione-pin' },
      schema: {
        summary: 'Genera un nuovo PIN identificativo',
        description:
          `Senza corpo. Genera un PIN di ${screenConstants.pinDigits} cifre, lo conserva cifrato (argon2id) al posto del ` +
          'precedente (che non vale più, e con esso i tentativi errati contati) e lo invia per e-mail all’utente: ' +
          'non compare mai nella risposta.',
        tags: ['convenzioni'],
        response: { 200: { $ref: 'pin-status#' }, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const pin = await replacePin(app.db, userId);
      const user = await userName(app, userId);
      await app.mail.send({
        to: user.email,
        subject: formatMessage('apiSellersPinMailSubject'),
        ...composeMail(user.name, [formatMessage('apiSellersPinMailText', { pin })]),
      });
      return { pin_exists: true };
    },
  );

  app.get(
    '/api/conv_special_agreed',
    {
      config: { route: 'home-fornitori' },
      schema: {
        summary: 'Disclaimer delle convenzioni accettato?',
        description: 'Se l’utente ha già accettato il disclaimer della home delle convenzioni (002 §2.1).',
        tags: ['convenzioni'],
        response: { 200: { $ref: 'conv-special-agreed#' }, ...readErrors },
      },
    },
    async (request) => ({ conv_special_agreed: await specialAgreed(app.db, requireAuth(request).userId) }),
  );

  app.post(
    '/api/conv_special_agreed',
    {
      config: { route: 'home-fornitori' },
      schema: {
        summary: 'Accetta il disclaimer delle convenzioni',
        description:
          'Senza corpo. Registra che l’utente ha accettato il disclaimer (una volta; ripetere non cambia nulla).',
        tags: ['convenzioni'],
        response: { 200: { $ref: 'conv-special-agreed#' }, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request) => {
      await agreeSpecial(app.db, requireAuth(request).userId);
      return { conv_special_agreed: true };
    },
  );

  app.get(
    '/api/voucher_utente',
    {
      config: { route: 'stato-voucher' },
      schema: {
        summary: 'Buoni multiuso dell’utente',
        description:
          'I buoni multiuso dell’utente, dal più recente, con validità e movimenti (riscatti presso i fornitori). ' +
          pagingDescription(voucherStatusTable.paging),
        tags: ['convenzioni'],
        querystring: {
          type: 'object',
          properties: pagingQueryProperties(voucherStatusTable.paging),
          additionalProperties: false,
        },
        response: { 200: { $ref: 'voucher-page#' }, ...readErrors },
      },
    },
    async (request) =>
      listVouchers(app.db, requireAuth(request).userId, pageSlice(request.query, voucherStatusTable.paging)),
  );

  app.post(
    '/api/riscatta_voucher',
    {
      config: { public: true },
      preValidation: async (request) => {
        const key = request.headers['x-fornitore-key'];
        const supplier = typeof key === 'string' ? await supplierByKey(app.db, key) : null;
        if (!supplier) throw ApiError.of(401, 'apiSupplierKeyMissing');
        request.supplier = supplier;
      },
      schema: {
        summary: 'Riscatto di un buono multiuso presso un fornitore',
        description:
          'Chiamata del fornitore convenzionato, autenticata dalla sua chiave (intestazione `X-Fornitore-Key`, ' +
          'rilasciata dall’operatore con `npm run admin -- supplier-key <id>`). Scala `importo` dal buono `codice` ' +
          'dato il PIN del titolare e registra un movimento del buono. Rifiuti: chiave mancante o errata 401; ' +
          'fornitore non affiliato al consorzio del buono 403; buono inesistente 404; scaduto o esaurito 409; ' +
          'titolare senza PIN 409; PIN errato 403 (con i tentativi rimasti); dopo ' +
          `${screenConstants.pinMaxFailedAttempts} PIN errati il PIN è bloccato (423) finché il titolare non ne genera uno ` +
          'nuovo; importo non valido o oltre il credito residuo 400. Riscatti contemporanei dello stesso buono ' +
          'non scalano mai più del residuo.',
        tags: ['convenzioni', 'fornitori'],
        headers: {
          type: 'object',
          properties: { 'x-fornitore-key': { type: 'string', description: 'La chiave del fornitore.' } },
        },
        body: { $ref: 'riscatto-voucher#' },
        response: {
          200: { $ref: 'riscatto-voucher-esito#' },
          ...errorResponses(400, 401, 403, 404, 409, 415, 423, 429),
        },
      },
    },
    async (request) =>
      redeemVoucher(app.db, {
        supplierId: request.supplier!.id,
        codice: request.body.codice,
        pin: request.body.pin,
        importo: request.body.importo,
      }),
  );

  app.get(
    '/api/immagini_convenzioni/:nome',
    {
      config: { public: true },
      schema: {
        summary: 'Immagine delle convenzioni',
        description: 'Icona di categoria, logo di fornitore o immagine di articolo (SVG). Inesistente: 404.',
        tags: ['convenzioni'],
        params: {
          type: 'object',
          required: ['nome'],
          properties: { nome: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,62}\\.svg$' } },
          additionalProperties: false,
        },
        response: { 200: { type: 'string' }, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const image = await app.db
        .selectFrom('conv_images')
        .select('svg')
        .where('nome', '=', request.params.nome)
        .executeTakeFirst();
      if (!image) throw ApiError.of(404, 'apiNotFound');
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', CAROUSEL_IMAGE_CSP)
        .send(image.svg);
    },
  );
}
