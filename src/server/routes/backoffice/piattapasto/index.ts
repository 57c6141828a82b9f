/**
 * Piattapasto (route office-piattapasto, spec 002 §2.8, §3, §4.1, §5, §7; issue 17), inside the
 * back-office plugin (referent, Act-For checked, the company in `actingCompany(request)`; a change
 * needs the Act-For header). Multipart is accepted in this context only (the order CSV).
 * - `GET|POST piattapasto_impostazioni`: the settings and their rules (services/piattapasto.ts);
 * - `GET piattapasto_template`: the order template CSV;
 * - `POST piattapasto_carica_ordine` (multipart `csv_ordine`): the order for review (TO_VALIDATE);
 * - `POST piattapasto_conferma_ordine` {id_ordine}: VALID, and the job that sends it is queued;
 * - `DELETE piattapasto_annulla_ordine` {id_ordine}: the order under review and its rows deleted;
 * - `GET piattapasto_storico_ordini`: the company's orders, newest first, 5 a page by default.
 * The job (queue `piattapasto-ordine`) sends the order to the supplier `mealVoucherSupplierFor` chooses
 * (services/meal-voucher-supplier.ts): the configured one over HTTP, else the demo supplier in demo mode,
 * else none.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { screenConstants } from '../../../../../config/screen-constants';
import { ApiError } from '../../../errors';
import { actingCompany } from '../../../plugins/access';
import { requireAuth } from '../../../plugins/auth';
import { formatMessage } from '../../../messages';
import { errorResponses, type WireApp } from '../../../plugins/schemas';
import { romeDate } from '../../../services/calendar';
import { contentDisposition } from '../../../services/documents';
import { mealVoucherSupplierFor } from '../../../services/meal-voucher-supplier';
import { pageSlice, pagingDescription, pagingQueryProperties } from '../../../services/paging';
import {
  cancelOrder,
  confirmOrder,
  createOrder,
  ORDER_PAGING,
  ORDER_QUEUE,
  giveUpOrder,
  orderHistory,
  pendingOrders,
  orderTemplate,
  readSettings,
  saveSettings,
  sendOrder,
  type MealVoucherSupplier,
  type OrderJob,
} from '../../../services/piattapasto';

const ROUTE = 'office-piattapasto';
const boErrors = errorResponses(400, 401, 403, 429);
const CSV_FIELD = 'csv_ordine';

export interface PiattapastoRoutesOptions {
  /** The supplier orders are sent to (default: `mealVoucherSupplierFor` the app's configuration). */
  supplier?: MealVoucherSupplier;
}

/** The one file of the upload, `csv_ordine`, a .csv of at most `piattapastoCsvMaxBytes`. */
async function readCsv(request: FastifyRequest): Promise<{ fileName: string; content: Buffer }> {
  if (!request.isMultipart()) throw ApiError.of(415, 'apiUploadNotMultipart');
  const { multipartErrors } = request.server;
  const limit = screenConstants.piattapastoCsvMaxBytes;
  let found: { fileName: string; content: Buffer } | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: limit, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 20 },
    })) {
      if (part.type !== 'file' || part.fieldname !== CSV_FIELD) {
        if (part.type === 'file') await part.toBuffer();
        throw new ApiError(400, {
          [part.fieldname.slice(0, 50)]: [formatMessage('apiValidationUnknownField')],
        });
      }
      const content = await part.toBuffer();
      found = { fileName: part.filename.replaceAll('\u0000', ''), content };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof multipartErrors.RequestFileTooLargeError) {
      throw new ApiError(413, { [CSV_FIELD]: [formatMessage('apiPiattaCsvTooLarge', { limit })] });
    }
    if (
      error instanceof multipartErrors.FilesLimitError ||
      error instanceof multipartErrors.FieldsLimitError ||
      error instanceof multipartErrors.PartsLimitError
    ) {
      throw ApiError.of(413, 'apiUploadTooManyFields');
    }
    throw ApiError.of(400, 'apiUploadMalformed');
  }
  if (!found || found.content.length === 0)
    throw new ApiError(400, { [CSV_FIELD]: [formatMessage('apiPiattaCsvMissing')] });
  if (!/\.csv$/i.test(found.fileName))
    throw new ApiError(400, { [CSV_FIELD]: [formatMessage('apiPiattaCsvOnlyCsv')] });
  return found;
}

export default async function piattapastoRoutes(
  app: WireApp,
  options: PiattapastoRoutesOptions = {},
): Promise<void> {
  await app.register(multipart, { throwFileSizeLimit: true });
  const supplier = options.supplier ?? mealVoucherSupplierFor(app.config, app.db);
  // The job queue (plugins/jobs.ts): a confirmed order is sent by the queue's worker; a job that keeps
  // failing (not the supplier's answer: e.g. the database) leaves the order in ERROR, never STARTED.
  app.jobs.work<OrderJob>(ORDER_QUEUE, (data) => sendOrder(app.db, supplier, data), {
    onGiveUp: (data) => giveUpOrder(app.db, data.orderId),
  });
  // Orders confirmed while no job could be queued (a stop between the two) are queued again at start;
  // a second job for the same order finds it done, or sends it with the same reference.
  app.addHook('onReady', async () => {
    for (const orderId of await pendingOrders(app.db)) await app.jobs.send(ORDER_QUEUE, { orderId });
  });

  app.get(
    '/api/piattapasto_impostazioni',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Impostazioni Piattapasto',
        description:
          'Le impostazioni dei buoni pasto dell’azienda per cui opera il referente (tutto null se mai impostate) ' +
          'e se bastano per un ordine (`completo`, regole di 002 §5).',
        tags: ['back office'],
        response: { 200: { $ref: 'piattapasto-impostazioni#' }, ...boErrors },
      },
    },
    async (request) => readSettings(app.db, actingCompany(request)),
  );

  app.post(
    '/api/piattapasto_impostazioni',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Salva le impostazioni Piattapasto',
        description:
          'Regole (400 sul campo): valore del buono in euro maggiore di zero; codice cliente obbligatorio salvo ' +
          'per toduba (per toduba non è salvato); IVA solo per repas, 0 o 4 con al più un decimale (per gli ' +
          'altri fornitori non è salvata). Risponde le impostazioni salvate.',
        tags: ['back office'],
        body: { $ref: 'piattapasto-impostazioni-salva#' },
        response: { 200: { $ref: 'piattapasto-impostazioni#' }, ...boErrors },
      },
    },
    async (request) =>
      saveSettings(app.db, actingCompany(request), requireAuth(request).userId, request.body),
  );

  app.get(
    '/api/piattapasto_template',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Modello CSV dell’ordine Piattapasto',
        description:
          'CSV (UTF-8 con BOM, separatore `;`) con i dipendenti attivi dell’azienda: A nome, B email (da non ' +
          'modificare), C numero di buoni (0), D credito attuale (solo da leggere). Celle che inizierebbero con ' +
          '= + - @ sono precedute da un apostrofo.',
        tags: ['back office'],
        response: {
          200: { description: 'Il modello.', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...boErrors,
        },
      },
    },
    async (request, reply) => {
      const csv = await orderTemplate(app.db, actingCompany(request), romeDate());
      return reply
        .header('content-disposition', contentDisposition('template_ordine_piattapasto.csv'))
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.post(
    '/api/piattapasto_carica_ordine',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Carica il CSV di un ordine Piattapasto',
        description:
          `Corpo multipart/form-data con il solo file \`${CSV_FIELD}\` (.csv, al massimo ` +
          `${screenConstants.piattapastoCsvMaxBytes} byte e ${screenConstants.piattapastoCsvMaxRows} righe; ` +
          'UTF-8 o Windows-1252, separatore ; , o tabulazione; prima riga l’intestazione del modello). Le righe ' +
          'con zero buoni e quelle di dipendenti cessati sono ignorate; ogni altra riga errata (numero di buoni ' +
          `non intero o oltre ${screenConstants.piattapastoMaxVouchersPerRow}, email non di un dipendente ` +
          'dell’azienda, email ripetuta) rifiuta il file (400 con le righe). Impostazioni incomplete o fornitore ' +
          'sconosciuto: 400. Crea l’ordine in TO_VALIDATE (sostituisce quello ancora da validare) e lo risponde ' +
          'per la revisione.',
        tags: ['back office'],
        body: {
          content: {
            'multipart/form-data': {
              schema: { properties: { [CSV_FIELD]: { type: 'string', format: 'binary' } } },
            },
          },
        },
        response: {
          201: { $ref: 'piattapasto-ordine-caricato#' },
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const companyId = actingCompany(request);
      const { fileName, content } = await readCsv(request);
      const answer = await createOrder(app.db, {
        companyId,
        userId: requireAuth(request).userId,
        fileName,
        content,
      });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/api/piattapasto_conferma_ordine',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Conferma un ordine Piattapasto',
        description:
          'L’ordine da validare dell’azienda diventa VALID e un lavoro lo invia al fornitore (STARTED, poi ' +
          'COMPLETED o ERROR con il dettaglio per dipendente). Ordine di un’altra azienda: 404; non più da ' +
          'validare: 409.',
        tags: ['back office'],
        body: { $ref: 'piattapasto-id-ordine#' },
        response: { 204: { type: 'null' }, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const orderId = request.body.id_ordine;
      await confirmOrder(app.db, actingCompany(request), requireAuth(request).userId, orderId);
      await app.jobs.send(ORDER_QUEUE, { orderId });
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/piattapasto_annulla_ordine',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Annulla un ordine Piattapasto da validare',
        description:
          'Cancella l’ordine ancora da validare e le sue righe (i dati caricati). Ordine di un’altra azienda: ' +
          '404; già confermato: 409.',
        tags: ['back office'],
        body: { $ref: 'piattapasto-id-ordine#' },
        response: { 204: { type: 'null' }, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await cancelOrder(app.db, actingCompany(request), request.body.id_ordine);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/piattapasto_storico_ordini',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Storico degli ordini Piattapasto',
        description: `Gli ordini dell’azienda per cui opera il referente, dal più recente. ${pagingDescription(ORDER_PAGING)}`,
        tags: ['back office'],
        querystring: {
          type: 'object',
          properties: { ...pagingQueryProperties(ORDER_PAGING) },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'piattapasto-storico-ordini#' }, ...boErrors },
      },
    },
    async (request) => orderHistory(app.db, actingCompany(request), pageSlice(request.query, ORDER_PAGING)),
  );
}
