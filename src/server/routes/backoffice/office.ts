/**
 * The referent's back-office pages (spec 002 §2.8, §2.9, §3, §4.3, §6, §7), registered by the
 * back-office plugin (index.ts) in its own context: each call names its page's route, and the plugin
 * has checked the referent and the company acted for (`actingCompany(request)`) before the handler.
 * - home-refazi: affiliated companies;
 * - office-scadenzario-azi: the credit expiry schedule, paged or as a file;
 * - office-ref-azi-piani-welfare: plans (year, all/expired/active) and each plan's credits file;
 * - office-user-files: employees (ceased ones marked) and their files, downloaded with `uid`;
 * - office-cifratura-chain / office-consulenti: public keys (list, add, delete), consultants (revoke);
 * - office-incentive-toduba: the top-up request (idempotent), its list and pro-forma PDF.
 */
import { actingCompany } from '../../plugins/access';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import {
  addPublicKey,
  companyEmployees,
  createTopup,
  deletePublicKey,
  employeeByUid,
  employeeFiles,
  KEY_PAGING,
  publicKeysPage,
  requirePlan,
  revokeConsultant,
  schedulePage,
  topupPdfOf,
  topups,
  welfarePlans,
  writePlanCreditsXlsx,
  writeScheduleXlsx,
} from '../../services/back-office';
import { romeDate } from '../../services/calendar';
import { contentDisposition, readDocument } from '../../services/documents';
import { sendIdempotent } from '../../services/idempotency';
import { pageSlice, pagingDescription, pagingQueryProperties } from '../../services/paging';
import { sendXlsx, XLSX_MIME } from '../../services/spreadsheet';
import { parseCents } from '../../../shared/money';
import { ApiError } from '../../errors';
import { formatMessage } from '../../messages';
import { scheduleTable } from '../../../../config/tables/office-scadenzario';
import { screenConstants } from '../../../../config/screen-constants';

const boErrors = errorResponses(400, 401, 403, 429);
const idSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const BINARY = { schema: { type: 'string', format: 'binary' } } as const;
const xlsxAnswer = (description: string) => ({
  200: { description, content: { [XLSX_MIME]: BINARY } },
});
const SCHEDULE_PAGING =
  scheduleTable.paging.mode === 'server' ? scheduleTable.paging : { pageSizes: [50], defaultPageSize: 50 };

export interface OfficeRoutesOptions {
  uploadsDir: string;
}

// Files are read through app.files (services/file-store.ts); the folder option stays for callers.
export function officeRoutes(app: WireApp, _options: OfficeRoutesOptions): void {
  app.get(
    '/api/aziende_affiliate',
    {
      config: { route: 'home-refazi' },
      schema: {
        summary: 'Aziende affiliate',
        description: 'Le aziende del cliente del referente (nome e località), per nome.',
        tags: ['back office'],
        response: { 200: { type: 'array', items: { $ref: 'azienda-affiliata#' } }, ...boErrors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return app.db
        .selectFrom('companies as c')
        .innerJoin('users as u', 'u.customer_id', 'c.customer_id')
        .select(['c.id_azienda', 'c.nome', 'c.localita'])
        .where('u.id', '=', auth.userId)
        .orderBy('c.nome')
        .execute();
    },
  );

  app.get(
    '/api/scadenzario_azienda',
    {
      config: { route: 'office-scadenzario-azi' },
      schema: {
        summary: 'Scadenzario crediti dell’azienda',
        description:
          'Una riga per dipendente dell’azienda per cui opera il referente, per cognome e nome: credito ' +
          'spendibile oggi, di cui art. 51 c.3, e scadenza del credito (la più vicina di una linea con credito; ' +
          'senza, l’ultima già passata; 1970-01-01 se il dipendente non ha mai avuto credito). ' +
          pagingDescription(SCHEDULE_PAGING) +
          ' Con `download=true` lo stesso elenco, completo, come file .xlsx.',
        tags: ['back office'],
        querystring: {
          type: 'object',
          properties: {
            ...pagingQueryProperties(SCHEDULE_PAGING),
            download: { type: 'boolean', default: false },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            description: 'Una pagina dello scadenzario, o il file con `download=true`.',
            content: {
              'application/json': { schema: { $ref: 'pagina-scadenzario#' } },
              [XLSX_MIME]: BINARY,
            },
          },
          ...boErrors,
        },
      },
    },
    async (request, reply) => {
      const companyId = actingCompany(request);
      const today = romeDate();
      if (request.query.download) {
        return sendXlsx(request, reply, `scadenzario_${companyId}_${today}.xlsx`, (out) =>
          writeScheduleXlsx(app.db, companyId, today, out),
        );
      }
      return schedulePage(app.db, companyId, today, pageSlice(request.query, SCHEDULE_PAGING));
    },
  );

  app.get(
    '/api/piani_welfare',
    {
      config: { route: 'office-ref-azi-piani-welfare' },
      schema: {
        summary: 'Piani welfare dell’azienda',
        description:
          'I piani dell’azienda per cui opera il referente, per data di decorrenza: `anno` (dal ' +
          `${screenConstants.planFirstYear} all’anno corrente più ${screenConstants.planYearsAhead}) tiene quelli in vigore ` +
          'in quell’anno; `stato` `scaduti` (scadenza prima di oggi), `attivi` (non scaduti) o `tutti`.',
        tags: ['back office'],
        querystring: {
          type: 'object',
          properties: {
            anno: { type: 'integer', minimum: screenConstants.planFirstYear, maximum: 9999 },
            stato: { type: 'string', enum: ['tutti', 'scaduti', 'attivi'], default: 'tutti' },
          },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'piani-welfare#' }, ...boErrors },
      },
    },
    async (request) => {
      const { anno, stato } = request.query;
      const today = romeDate();
      const lastYear = Number(today.slice(0, 4)) + screenConstants.planYearsAhead;
      if (anno !== undefined && anno > lastYear) {
        throw new ApiError(400, {
          anno: [formatMessage('apiPlanYearInvalid', { from: screenConstants.planFirstYear, to: lastYear })],
        });
      }
      return welfarePlans(app.db, actingCompany(request), today, { anno, stato });
    },
  );

  app.get(
    '/api/piano_welfare_crediti/:id',
    {
      config: { route: 'office-ref-azi-piani-welfare' },
      schema: {
        summary: 'Crediti di un piano welfare',
        description:
          'File .xlsx `piano_{id}_crediti.xlsx` con il credito dato dal piano a ogni dipendente. Un piano di ' +
          'un’altra azienda: 404.',
        tags: ['back office'],
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: idSchema },
          additionalProperties: false,
        },
        response: { ...xlsxAnswer('I crediti del piano.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const companyId = actingCompany(request);
      const { id } = request.params;
      await requirePlan(app.db, companyId, id);
      return sendXlsx(request, reply, `piano_${id}_crediti.xlsx`, (out) =>
        writePlanCreditsXlsx(app.db, id, out),
      );
    },
  );

  app.get(
    '/api/utenti_azienda',
    {
      config: { route: 'office-user-files' },
      schema: {
        summary: 'Dipendenti dell’azienda',
        description:
          'I dipendenti dell’azienda per cui opera il referente, per cognome e nome, cessati compresi ' +
          '(`is_cessato`); con `solo_attivi=1` solo quelli con contratto attivo.',
        tags: ['back office'],
        querystring: {
          type: 'object',
          properties: { solo_attivi: { type: 'integer', enum: [0, 1] } },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: { $ref: 'dipendente-azienda#' } }, ...boErrors },
      },
    },
    async (request) => companyEmployees(app.db, actingCompany(request), request.query.solo_attivi === 1),
  );

  const uidSchema = { type: 'string', format: 'uuid' } as const;

  app.get(
    '/api/documenti_utente_azienda',
    {
      config: { route: 'office-user-files' },
      schema: {
        summary: 'File di un dipendente',
        description:
          'I documenti del dipendente `uid` dell’azienda per cui opera il referente, dal più recente; filtri ' +
          '`id_tipo_file` (tipo di documento), `id_categoria` (tipo di richiesta), `id_ordine` (numero della ' +
          'richiesta). Un uid di un’altra azienda: 404.',
        tags: ['back office'],
        querystring: {
          type: 'object',
          required: ['uid'],
          properties: {
            uid: uidSchema,
            id_tipo_file: idSchema,
            id_categoria: idSchema,
            id_ordine: idSchema,
          },
          additionalProperties: false,
        },
        response: {
          200: { type: 'array', items: { $ref: 'file-utente-azienda#' } },
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { uid, ...filter } = request.query;
      const userId = await employeeByUid(app.db, actingCompany(request), uid);
      return employeeFiles(app.db, userId, uid.toLowerCase(), filter);
    },
  );

  app.get(
    '/api/download_document_azienda/:id_resource',
    {
      config: { route: 'office-user-files' },
      schema: {
        summary: 'Scarica un file di un dipendente',
        description:
          'Il file `id_resource` del dipendente `uid` dell’azienda per cui opera il referente, come allegato. ' +
          'Un file di un altro dipendente, o un uid di un’altra azienda: 404.',
        tags: ['back office'],
        params: {
          type: 'object',
          required: ['id_resource'],
          properties: { id_resource: idSchema },
          additionalProperties: false,
        },
        querystring: {
          type: 'object',
          required: ['uid'],
          properties: { uid: uidSchema },
          additionalProperties: false,
        },
        response: {
          200: {
            description: 'Il file.',
            content: { 'application/pdf': BINARY, 'image/jpeg': BINARY, 'image/png': BINARY },
          },
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const userId = await employeeByUid(app.db, actingCompany(request), request.query.uid);
      const file = await readDocument(app.db, app.files, userId, request.params.id_resource);
      return reply
        .header('content-disposition', contentDisposition(file.fileName))
        .header('content-length', String(file.content.length))
        .type(file.mime)
        .send(file.content);
    },
  );

  const keysQuery = {
    type: 'object',
    properties: {
      ...pagingQueryProperties(KEY_PAGING),
      onlyapiuser: { type: 'boolean', default: false },
    },
    additionalProperties: false,
  } as const;

  app.get(
    '/api/chiavi_pubbliche',
    {
      config: { route: 'office-cifratura-chain' },
      schema: {
        summary: 'Chiavi pubbliche dell’azienda',
        description:
          'Le chiavi pubbliche attive dell’azienda per cui opera il referente, dalla più recente; con ' +
          '`onlyapiuser=true` solo quelle dei consulenti (api user) non revocati. ' +
          pagingDescription(KEY_PAGING),
        tags: ['back office'],
        querystring: keysQuery,
        response: { 200: { $ref: 'pagina-chiavi-pubbliche#' }, ...boErrors },
      },
    },
    async (request) =>
      publicKeysPage(
        app.db,
        actingCompany(request),
        request.query.onlyapiuser,
        pageSlice(request.query, KEY_PAGING),
      ),
  );

  app.post(
    '/api/chiavi_pubbliche',
    {
      config: { route: 'office-cifratura-chain' },
      schema: {
        summary: 'Registra una chiave pubblica',
        description:
          'La chiave pubblica di una coppia generata nel browser (la privata non lascia mai il browser): RSA di ' +
          `almeno ${screenConstants.rsaKeyBits} bit, DER SubjectPublicKeyInfo in base64 (o PEM); con \`api_user_name\` è ` +
          'la chiave di un consulente (creato se nuovo, riattivato se revocato). 409 se la chiave è già registrata.',
        tags: ['back office'],
        body: { $ref: 'nuova-chiave-pubblica#' },
        response: { 201: { $ref: 'chiave-pubblica#' }, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const key = await addPublicKey(
        app.db,
        actingCompany(request),
        requireAuth(request).userId,
        request.body,
      );
      return reply.code(201).send(key);
    },
  );

  app.delete(
    '/api/chiavi_pubbliche/:keyid',
    {
      config: { route: 'office-cifratura-chain' },
      schema: {
        summary: 'Elimina una chiave pubblica',
        description:
          'La chiave non verifica più nulla: la chiave privata corrispondente diventa inutilizzabile subito. ' +
          'Una chiave di un’altra azienda o già eliminata: 404.',
        tags: ['back office'],
        params: {
          type: 'object',
          required: ['keyid'],
          properties: { keyid: idSchema },
          additionalProperties: false,
        },
        response: {
          204: { description: 'Eliminata.', type: 'null' },
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      await deletePublicKey(app.db, actingCompany(request), request.params.keyid);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/consulenti/:keyid',
    {
      config: { route: 'office-consulenti' },
      schema: {
        summary: 'Revoca un accesso consulente',
        description:
          'Revoca il consulente della chiave `keyid` ed elimina le sue chiavi: le sue richieste firmate sono ' +
          'rifiutate (401) da subito. Una chiave senza consulente o di un’altra azienda: 404.',
        tags: ['back office'],
        params: {
          type: 'object',
          required: ['keyid'],
          properties: { keyid: idSchema },
          additionalProperties: false,
        },
        response: {
          204: { description: 'Revocato.', type: 'null' },
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      await revokeConsultant(app.db, actingCompany(request), request.params.keyid);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/ricarica_incentive',
    {
      config: { route: 'office-incentive-toduba' },
      schema: {
        summary: 'Richiesta di ricarica Loyalty e Incentive',
        description:
          'Registra una richiesta di ricarica per l’azienda per cui opera il referente, con commissione ' +
          `(${screenConstants.incentiveFeePercent}%), IVA sulla commissione (${screenConstants.incentiveVatPercent}%), totale ` +
          'fattura e pro forma PDF. Accetta `Idempotency-Key`: lo stesso tasto e lo stesso corpo per la stessa ' +
          'azienda danno la prima risposta (nulla registrato due volte); l’azienda fa parte dell’impronta.',
        tags: ['back office'],
        body: { $ref: 'plain-ricarica-incentive#' },
        response: { 201: { $ref: 'ricarica-incentive#' }, ...errorResponses(400, 401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const companyId = actingCompany(request);
      const referentId = requireAuth(request).userId;
      const importo = parseCents(request.body.importo_ricarica);
      if (importo === null || importo <= 0) {
        throw new ApiError(400, { importo_ricarica: [formatMessage('apiTopupAmountInvalid')] });
      }
      return sendIdempotent(request, reply, app.db, referentId, async () => ({
        status: 201,
        body: await createTopup(app.db, { companyId, referentId, importo, day: romeDate() }),
      }));
    },
  );

  app.get(
    '/api/ricarica_incentive',
    {
      config: { route: 'office-incentive-toduba' },
      schema: {
        summary: 'Richieste di ricarica dell’azienda',
        description:
          'Le ultime 100 richieste di ricarica dell’azienda per cui opera il referente, dalla più recente.',
        tags: ['back office'],
        response: { 200: { type: 'array', items: { $ref: 'ricarica-incentive#' } }, ...boErrors },
      },
    },
    async (request) => topups(app.db, actingCompany(request)),
  );

  app.get(
    '/api/ricarica_incentive/:id/proforma',
    {
      config: { route: 'office-incentive-toduba' },
      schema: {
        summary: 'Pro forma di una richiesta di ricarica',
        description:
          'Il PDF pro forma della richiesta, come allegato. Una richiesta di un’altra azienda: 404.',
        tags: ['back office'],
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: idSchema },
          additionalProperties: false,
        },
        response: {
          200: { description: 'Il PDF.', content: { 'application/pdf': BINARY } },
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const pdf = await topupPdfOf(app.db, actingCompany(request), request.params.id);
      return reply
        .header('content-disposition', contentDisposition(`proforma_ricarica_${request.params.id}.pdf`))
        .type('application/pdf')
        .send(pdf);
    },
  );
}
