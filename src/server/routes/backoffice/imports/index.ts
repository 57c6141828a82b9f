/**
 * Bulk credit import, "Import Caricamento Tracciato" (route office-import-anagrafiche-crediti, spec 002
 * §2.10, §3, §4.2, §7; issue 17), registered inside the back-office plugin (referent, Act-For checked,
 * the company in `actingCompany(request)`; a POST needs the Act-For header) in a context of its own,
 * the only one of the back office that reads multipart.
 * - GET importtools: every import of the company, newest first (no server paging);
 * - POST importtools: multipart field `csv_ordine`, an .xlsx checked at once (first bytes, zip entries
 *   and sizes: a zip bomb never unpacks; an .xls is refused with an Italian text), stored outside any
 *   served folder, recorded IN_QUEUE and validated by a job (services/imports.ts);
 * - POST importtools/{id}/annulla: only from VALIDATION_COMPLETED;
 * - GET importtools/{id}/input and /output: the files, as attachments;
 * - GET importtools/template: template.xlsx (the 14 columns, hints, data validation).
 */
import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { importLimits } from '../../../../../config/import-sheet';
import { writeSeedImportFiles } from '../../../db/seed-import';
import { actingCompany } from '../../../plugins/access';
import { requireAuth } from '../../../plugins/auth';
import { errorResponses, type WireApp } from '../../../plugins/schemas';
import { contentDisposition } from '../../../services/documents';
import { FileNotFoundError } from '../../../services/file-store';
import { checkUpload, ImportFileError, writeTemplate } from '../../../services/import-sheet';
import {
  applyImport,
  cancelImport,
  createImport,
  IMPORT_APPLY_QUEUE,
  IMPORT_VALIDATE_QUEUE,
  importFile,
  listImports,
  giveUp,
  pendingApplies,
  unqueued,
  validateImport,
  sweepOrphanFiles,
  type ImportDeps,
  type ImportJobData,
} from '../../../services/imports';
import { XLSX_MIME } from '../../../services/spreadsheet';
import { ApiError } from '../../../errors';

export interface ImportRoutesOptions {
  uploadsDir: string;
}

const ROUTE = 'office-import-anagrafiche-crediti';
const boErrors = errorResponses(400, 401, 403, 429);
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
  additionalProperties: false,
} as const;
const fileAnswer = (description: string) => ({
  200: { description, content: { [XLSX_MIME]: { schema: { type: 'string', format: 'binary' } } } },
});
const MB = Math.round(importLimits.maxUploadBytes / 1024 / 1024);

/** The one file of the body (field csv_ordine, the spec's name); other parts are refused. */
async function readImportUpload(request: FastifyRequest): Promise<{ content: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw ApiError.of(415, 'apiUploadNotMultipart');
  const { multipartErrors } = request.server;
  let file: { content: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: importLimits.maxUploadBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    })) {
      if (part.type === 'file' && part.fieldname === 'csv_ordine') {
        file = { content: await part.toBuffer(), fileName: part.filename.replaceAll('\u0000', '') };
      } else if (part.type === 'file') {
        await part.toBuffer();
      }
    }
  } catch (error) {
    if (error instanceof multipartErrors.RequestFileTooLargeError) {
      throw ApiError.of(413, 'apiImportUploadTooLarge', { mb: MB });
    }
    if (error instanceof multipartErrors.FilesLimitError) throw ApiError.of(400, 'apiUploadOneFile');
    if (
      error instanceof multipartErrors.FieldsLimitError ||
      error instanceof multipartErrors.PartsLimitError
    ) {
      throw ApiError.of(413, 'apiUploadTooManyFields');
    }
    throw ApiError.of(400, 'apiUploadMalformed');
  }
  if (!file || file.content.length === 0) throw ApiError.of(400, 'apiImportUploadMissing');
  return file;
}

export default async function importRoutes(app: WireApp, _options: ImportRoutesOptions): Promise<void> {
  const { files } = app;
  await app.register(multipart, { throwFileSizeLimit: true });
  // The seeded imports' files (demo mode), like the seeded documents'.
  if (app.config.demo) await writeSeedImportFiles(files);
  const deps: ImportDeps = {
    db: app.db,
    files,
    sendMail: (message) => app.mail.send(message),
    // The welcome mails of an applied import are written in its transaction.
    outbox: app.mail,
    // The embedded database has one connection: a long import commits in batches (services/imports.ts).
    batched: app.database.kind !== 'postgres',
    baseUrl: app.config.publicUrl ?? `http://localhost:${app.config.port}`,
    log: app.log,
  };
  // The jobs (plugins/jobs.ts, pg-boss): each handler is idempotent (services/imports.ts); a job that
  // fails its last attempt leaves a status people can read, never IN_PROGRESS or ACCEPTED for ever.
  app.jobs.work<ImportJobData>(IMPORT_VALIDATE_QUEUE, (data) => validateImport(deps, data), {
    onGiveUp: (data) => giveUp(app.db, data.id, ['IN_QUEUE', 'IN_PROGRESS'], 'VALIDATION_FAILED'),
  });
  app.jobs.work<ImportJobData>(
    IMPORT_APPLY_QUEUE,
    async (data) => {
      await applyImport(deps, data);
    },
    { onGiveUp: (data) => giveUp(app.db, data.id, ['ACCEPTED_BY_BACKOFFICE'], 'IMPORT_FAILED') },
  );
  // Uploads recorded while no job could be queued (a stop between the two), and accepted imports whose
  // run was cut off, are queued again at start; a second job for the same import finds it done.
  app.addHook('onReady', async () => {
    const swept = await sweepOrphanFiles(app.db, files);
    if (swept > 0) app.log.info({ swept }, 'file di importazione orfani rimossi');
    for (const id of await unqueued(app.db)) await app.jobs.send(IMPORT_VALIDATE_QUEUE, { id });
    for (const id of await pendingApplies(app.db)) await app.jobs.send(IMPORT_APPLY_QUEUE, { id });
  });

  app.get(
    '/api/importtools',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Importazioni dell’azienda',
        description:
          'Tutte le importazioni dell’azienda per cui opera il referente, dalla più recente (senza paginazione: ' +
          'il numero di righe è la lunghezza della lista). Stati di 002 §4.2.',
        tags: ['back office'],
        response: { 200: { type: 'array', items: { $ref: 'importazione#' } }, ...boErrors },
      },
    },
    async (request) =>
      (await listImports(app.db, actingCompany(request))).map((row) => ({
        ...row,
        created: row.created.toISOString(),
      })),
  );

  app.post(
    '/api/importtools',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Carica un file di importazione',
        description:
          'Corpo multipart/form-data con un solo file nel campo `csv_ordine`: un foglio .xlsx (riconosciuto dai ' +
          `primi byte) di al massimo ${MB} MB, con al massimo ${importLimits.maxZipEntries} parti interne e ` +
          `${Math.round(importLimits.maxUnpackedBytes / 1024 / 1024)} MB decompresso, controllati prima di ` +
          'decomprimerlo. Un .xls (Excel 97-2003) è rifiutato con la spiegazione (nessun lettore sicuro). Il file è ' +
          'conservato fuori da ogni cartella servita; l’importazione nasce IN_QUEUE e la validazione è un job.',
        tags: ['back office'],
        body: {
          content: {
            'multipart/form-data': {
              schema: { properties: { csv_ordine: { type: 'string', format: 'binary' } } },
            },
          },
        },
        response: {
          201: { $ref: 'importazione-creata#' },
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const companyId = actingCompany(request);
      const { userId } = requireAuth(request);
      const upload = await readImportUpload(request);
      try {
        await checkUpload(upload.content);
      } catch (error) {
        if (error instanceof ImportFileError) throw new ApiError(400, { detail: error.message });
        throw error;
      }
      const id = await createImport(app.db, files, {
        companyId,
        userId,
        fileName: upload.fileName,
        content: upload.content,
      });
      await app.jobs.send(IMPORT_VALIDATE_QUEUE, { id });
      return reply.code(201).send({ id, status: 'IN_QUEUE' });
    },
  );

  app.post(
    '/api/importtools/:id/annulla',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Annulla un’importazione',
        description:
          'Annulla un’importazione dell’azienda per cui opera il referente, solo se in VALIDATION_COMPLETED ' +
          '(409 altrimenti; 404 se non è dell’azienda). Nessun corpo.',
        tags: ['back office'],
        params: idParams,
        response: {
          204: { description: 'Annullata.', type: 'null' },
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      await cancelImport(app.db, actingCompany(request), request.params.id);
      return reply.code(204).send();
    },
  );

  for (const which of ['input', 'output'] as const) {
    app.get(
      `/api/importtools/:id/${which}`,
      {
        config: { route: ROUTE },
        schema: {
          summary: which === 'input' ? 'Scarica il file caricato' : 'Scarica il file di esito',
          description:
            which === 'input'
              ? 'Il file caricato, con il suo nome.'
              : 'Il file di esito: le righe del file caricato con la colonna Esito (ogni errore della riga).',
          tags: ['back office'],
          params: idParams,
          response: { ...fileAnswer('Il file.'), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const file = await importFile(app.db, actingCompany(request), request.params.id, which);
        const size = await files.stat(file.key);
        if (!size) throw ApiError.of(404, 'apiImportNotFound');
        const content = await files.open(file.key).catch((error: unknown) => {
          if (error instanceof FileNotFoundError) throw ApiError.of(404, 'apiImportNotFound');
          throw error;
        });
        return reply
          .header('content-disposition', contentDisposition(file.fileName))
          .header('content-length', String(size.size))
          .type(XLSX_MIME)
          .send(content);
      },
    );
  }

  app.get(
    '/api/importtools/template',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Scarica il modello del file di importazione',
        description:
          'template.xlsx: le 14 colonne di 002 §3 con una nota di aiuto su ogni intestazione e la convalida dei dati ' +
          '(elenchi di Tipo contratto e Inquadramento, date, importi, Tipo fonte da 1 a 7, Password vuota).',
        tags: ['back office'],
        response: { ...fileAnswer('Il modello.'), ...boErrors },
      },
    },
    async (_request, reply) => {
      const out = new PassThrough();
      writeTemplate(out).catch((error: unknown) => out.destroy(error as Error));
      return reply
        .header('content-disposition', 'attachment; filename="template.xlsx"')
        .type(XLSX_MIME)
        .send(out);
    },
  );
}
