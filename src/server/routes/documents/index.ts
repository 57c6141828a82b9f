/**
 * Documents of the request forms (spec 000 §5 "Files", §7 Documents; ARCHITECTURE.md §7): upload
 * (one PDF, JPEG or PNG of at most 3 MB, the type decided by its first bytes), the types of a file
 * kind, the user's existing documents of a kind, clone, delete (hidden, not once attached to a
 * request) and download (as an attachment). Only the owner reaches a document: someone else's
 * answers 404 like a missing one.
 *
 * Multipart is accepted only in this context (@fastify/multipart registered here), so every other
 * route keeps answering 415 to it.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { formatMessage } from '../../messages';
import { writeSeedDocumentFiles } from '../../db/seed-forms';
import type { FileKindName } from '../../db/schema';
import { ApiError, type FieldErrors } from '../../errors';
import { refuseNul } from '../../plugins/text-guard';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { isIsoDay, romeDate } from '../../services/calendar';
import { makePendingThumbnails, THUMBNAIL_QUEUE, type ThumbnailJob } from '../../services/thumbnails';
import {
  cloneDocument,
  contentDisposition,
  createDocument,
  deleteDocument,
  documentTypesOf,
  existingDocuments,
  EXISTING_DOCUMENTS_LIMIT,
  FILE_KINDS,
  isFileKind,
  MAX_DOCUMENT_BYTES,
  MAX_MERGED_FILES,
  readDocument,
  sniffMime,
  typeBelongsToKind,
} from '../../services/documents';

export interface DocumentRoutesOptions {
  uploadsDir: string;
  /** Demo mode: the seeded documents' files are written to the folder when missing. */
  demo: boolean;
}

const UPLOAD_FIELDS = ['file_kind', 'file_kind_id', 'file_date', 'file_num'] as const;
type UploadField = (typeof UPLOAD_FIELDS)[number];

const kindParams = {
  type: 'object',
  required: ['kind'],
  properties: { kind: { type: 'string', enum: [...FILE_KINDS], description: 'Tipo di allegato.' } },
  additionalProperties: false,
} as const;

const idSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

const BINARY = { schema: { type: 'string', format: 'binary' } } as const;

interface ParsedUpload {
  fields: Partial<Record<UploadField, string>>;
  unknown: string[];
  file: { content: Buffer; fileName: string } | null;
}

/** Reads the multipart body: the four fields and exactly one file (file_data). */
async function readUpload(request: FastifyRequest): Promise<ParsedUpload> {
  if (!request.isMultipart()) throw ApiError.of(415, 'apiUploadNotMultipart');
  const parsed: ParsedUpload = { fields: {}, unknown: [], file: null };
  const { multipartErrors } = request.server;
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: MAX_DOCUMENT_BYTES,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        fieldNameSize: 100,
        parts: 12,
        headerPairs: 50,
      },
    })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname !== 'file_data') parsed.unknown.push(part.fieldname);
        // The browser's file name is shown again later: a NUL in it is dropped, not stored.
        else parsed.file = { content, fileName: part.filename.replaceAll('\u0000', '') };
      } else if ((UPLOAD_FIELDS as readonly string[]).includes(part.fieldname)) {
        parsed.fields[part.fieldname as UploadField] = String(part.value);
        refuseNul(parsed.fields);
      } else {
        parsed.unknown.push(part.fieldname);
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof multipartErrors.RequestFileTooLargeError)
      throw ApiError.of(413, 'apiUploadTooLarge');
    if (error instanceof multipartErrors.FilesLimitError) throw ApiError.of(400, 'apiUploadOneFile');
    if (
      error instanceof multipartErrors.FieldsLimitError ||
      error instanceof multipartErrors.PartsLimitError
    ) {
      throw ApiError.of(413, 'apiUploadTooManyFields');
    }
    // Busboy's own errors (a malformed body, a cut-off stream) are the client's, never a 500.
    throw ApiError.of(400, 'apiUploadMalformed');
  }
  return parsed;
}

function fieldError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

export default async function documentRoutes(app: WireApp, options: DocumentRoutesOptions): Promise<void> {
  const files = app.files;
  if (options.demo) await writeSeedDocumentFiles(files);
  await app.register(multipart, { throwFileSizeLimit: true });

  // Thumbnails ("I Miei Files") are drawn by a job queued once the upload is stored, never by the list;
  // documents not attempted yet (seeded, or uploaded before a stop) are swept at start.
  const logThumbError = (error: unknown) => app.log.warn({ err: error }, 'miniatura non disponibile');
  // A drawing still running when the app closes would write to a closed database (on PGlite that
  // brought the whole process down): closing stops the sweep after the document in hand and waits for it.
  const closing = new AbortController();
  const drawing = new Set<Promise<number>>();
  app.jobs.work<ThumbnailJob>(THUMBNAIL_QUEUE, async (data) => {
    if (closing.signal.aborted) return;
    const run = makePendingThumbnails(app.db, files, data, logThumbError, closing.signal);
    drawing.add(run);
    try {
      await run;
    } finally {
      drawing.delete(run);
    }
  });
  app.addHook('preClose', async () => {
    closing.abort();
    await Promise.allSettled([...drawing]);
  });
  app.addHook('onReady', async () => {
    await app.jobs.send(THUMBNAIL_QUEUE, {});
  });
  const queueThumbnail = (docId: number) => app.jobs.send(THUMBNAIL_QUEUE, { ids: [docId] });

  app.post(
    '/api/upload_allegato',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Carica un documento',
        description:
          'Corpo multipart/form-data con `file_kind` (tipo di allegato), `file_kind_id` (tipo di documento di ' +
          'quel tipo di allegato, vedi `file_kind_list/{kind}`), `file_date` (AAAA-MM-GG, non futura), `file_num` ' +
          `(quanti file sono stati uniti, 1-${MAX_MERGED_FILES}) e un solo file \`file_data\`: PDF, JPEG o PNG ` +
          `riconosciuto dai primi byte, al massimo ${MAX_DOCUMENT_BYTES} byte. Oltre: 413; altro tipo: 415; ` +
          'campi non validi: 400 con l’errore sul campo. Il file è conservato fuori da ogni cartella servita, con ' +
          'un nome generato.',
        tags: ['documenti'],
        // No `type`/`required` here: Fastify checks the body against this schema, and a multipart body
        // is read by the handler (its fields are checked there); the schema documents the parts.
        body: {
          content: {
            'multipart/form-data': {
              schema: {
                properties: {
                  file_kind: { type: 'string', enum: [...FILE_KINDS] },
                  file_kind_id: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
                  file_date: { type: 'string', format: 'date' },
                  file_num: { type: 'string', pattern: `^[1-${MAX_MERGED_FILES}]$` },
                  file_data: { type: 'string', format: 'binary' },
                },
              },
            },
          },
        },
        response: {
          201: { $ref: 'doc-id#' },
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const upload = await readUpload(request);
      if (!upload.file || upload.file.content.length === 0) {
        throw new ApiError(400, { file_data: [formatMessage('formNoFileUploaded')] });
      }
      const { fields } = upload;
      const errors: FieldErrors = {};
      for (const name of upload.unknown) fieldError(errors, name, formatMessage('apiValidationUnknownField'));
      for (const name of UPLOAD_FIELDS) {
        if (fields[name] === undefined) fieldError(errors, name, formatMessage('apiValidationRequired'));
      }
      const kind = fields.file_kind;
      if (kind !== undefined && !isFileKind(kind)) {
        fieldError(errors, 'file_kind', formatMessage('apiFileKindInvalid'));
      }
      const typeText = fields.file_kind_id;
      if (typeText !== undefined) {
        const typeId = /^[1-9][0-9]{0,2}$/.test(typeText) ? Number(typeText) : null;
        if (typeId === null || (isFileKind(kind) && !(await typeBelongsToKind(app.db, kind, typeId)))) {
          fieldError(errors, 'file_kind_id', formatMessage('apiDocumentTypeInvalid'));
        }
      }
      const date = fields.file_date;
      if (date !== undefined) {
        if (!isIsoDay(date) || date < '1900-01-01') {
          fieldError(errors, 'file_date', formatMessage('apiDateInvalid'));
        } else if (date > romeDate()) {
          fieldError(errors, 'file_date', formatMessage('apiDocumentDateFuture'));
        }
      }
      const num = fields.file_num;
      if (num !== undefined && !new RegExp(`^[1-${MAX_MERGED_FILES}]$`).test(num)) {
        fieldError(
          errors,
          'file_num',
          formatMessage(Number(num) > MAX_MERGED_FILES ? 'formMaximum' : 'formMinimum', {
            limit: Number(num) > MAX_MERGED_FILES ? MAX_MERGED_FILES : 1,
          }),
        );
      }
      // The file's type first: a wrong file is wrong whatever the fields say.
      if (!sniffMime(upload.file.content)) throw ApiError.of(415, 'apiUploadWrongType');
      if (Object.keys(errors).length > 0) throw new ApiError(400, errors);
      const docId = await createDocument(app.db, files, {
        userId: auth.userId,
        fileKind: kind as FileKindName,
        fileKindId: Number(typeText),
        fileDate: date as string,
        fileNum: Number(num),
        fileName: upload.file.fileName,
        content: upload.file.content,
      });
      await queueThumbnail(docId);
      return reply.code(201).send({ doc_id: docId });
    },
  );

  app.get(
    '/api/file_kind_list/:kind',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Tipi di documento di un tipo di allegato',
        description:
          'I tipi di documento (`id`, `nome`) che un tipo di allegato offre; ogni slot di caricamento ne ' +
          'nasconde alcuni (liste di esclusione dei moduli). Tipo di allegato sconosciuto: 400.',
        tags: ['documenti'],
        params: kindParams,
        response: {
          200: { type: 'array', items: { $ref: 'tipo-documento#' } },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => documentTypesOf(app.db, request.params.kind),
  );

  app.get(
    '/api/file_esistenti_list/:kind',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Documenti già caricati di un tipo di allegato',
        description:
          'I documenti dell’utente di quel tipo di allegato, non eliminati (anche quelli già associati a una ' +
          `richiesta: si riusano clonandoli), dal più recente, al massimo ${EXISTING_DOCUMENTS_LIMIT}.`,
        tags: ['documenti'],
        params: kindParams,
        response: {
          200: { type: 'array', items: { $ref: 'documento-esistente#' } },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => existingDocuments(app.db, requireAuth(request).userId, request.params.kind),
  );

  app.post(
    '/api/clona_allegato_esistente',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Riusa un documento già caricato',
        description:
          'Crea un nuovo documento con i dati e una copia del file di un documento dell’utente (un documento ' +
          'si associa a una sola richiesta). Documento inesistente, eliminato o di un altro utente: 404.',
        tags: ['documenti'],
        body: {
          type: 'object',
          required: ['id_documento'],
          properties: { id_documento: idSchema },
          additionalProperties: false,
        },
        response: { 201: { $ref: 'doc-id#' }, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      const docId = await cloneDocument(
        app.db,
        files,
        requireAuth(request).userId,
        request.body.id_documento,
      );
      await queueThumbnail(docId);
      return reply.code(201).send({ doc_id: docId });
    },
  );

  app.delete(
    '/api/delete_allegato/:doc_id',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Elimina un documento',
        description:
          'Nasconde un documento dell’utente (resta conservato). Già associato a una richiesta: 409; ' +
          'inesistente, già eliminato o di un altro utente: 404.',
        tags: ['documenti'],
        params: {
          type: 'object',
          required: ['doc_id'],
          properties: { doc_id: idSchema },
          additionalProperties: false,
        },
        response: {
          204: { description: 'Documento eliminato.', type: 'null' },
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      await deleteDocument(app.db, requireAuth(request).userId, request.params.doc_id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/download_document/:id_resource',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Scarica un documento',
        description:
          'Il file di un documento dell’utente, come allegato (`Content-Disposition: attachment` con il nome ' +
          'del file) e con il suo tipo. Inesistente, eliminato o di un altro utente: 404.',
        tags: ['documenti'],
        params: {
          type: 'object',
          required: ['id_resource'],
          properties: { id_resource: idSchema },
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
      const file = await readDocument(app.db, files, requireAuth(request).userId, request.params.id_resource);
      return reply
        .header('content-disposition', contentDisposition(file.fileName))
        .header('content-length', String(file.content.length))
        .type(file.mime)
        .send(file.content);
    },
  );
}
