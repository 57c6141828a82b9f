/**
 * Uploaded documents (spec 000 §5 "Files", §7 Documents; ARCHITECTURE.md §7): the file store and the
 * document rows.
 *
 * Files live in the file store (services/file-store.ts: PostgreSQL, or a folder outside anything the
 * server serves), area `documents`, under generated names (random hex): a client never chooses a path.
 * The type is decided by the first bytes (JPEG, PNG, PDF), never by the name or the declared content type. A document is the owner's only: every
 * read and change filters by user, and someone else's document answers 404 like a missing one.
 * Deleting only hides a document (deleted_at), and a document attached to a request stays attached.
 */
import type { Readable } from 'node:stream';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { FILE_KIND_NAMES, type DB, type DocumentMime, type FileKindName } from '../db/schema';
import { ApiError } from '../errors';
import { formatMessage } from '../messages';
import type { DocumentoEsistente } from '../../../schemas/wire-types.gen';
import { fileKey, FileNotFoundError, newStoredName, type FileArea, type FileStore } from './file-store';

export { newStoredName };

type Db = Kysely<DB> | Transaction<DB>;

/** 3 MB per file (spec 000 §5, §9). */
export const MAX_DOCUMENT_BYTES = 3_145_728;

/** Files merged into one document at most (spec 000 §5, §9). */
export const MAX_MERGED_FILES = 4;

/** Document kinds of spec 001 §3. */
export const FILE_KINDS: readonly FileKindName[] = FILE_KIND_NAMES;

export function isFileKind(value: unknown): value is FileKindName {
  return typeof value === 'string' && (FILE_KINDS as readonly string[]).includes(value);
}

const EXTENSIONS: Record<DocumentMime, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type of a file by its magic bytes: JPEG (FF D8 FF), PNG (its 8-byte signature), PDF (%PDF-). */
export function sniffMime(content: Buffer): DocumentMime | null {
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) {
    return 'image/jpeg';
  }
  if (content.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

// ---------------------------------------------------------------------------------------------
// The file store

/** Writes a new file of an area (services/file-store.ts) and returns its generated name. */
export async function storeFile(
  files: FileStore,
  area: FileArea,
  content: Buffer | Readable,
  maxBytes?: number,
): Promise<string> {
  const storedName = newStoredName();
  await files.put(fileKey(area, storedName), content, maxBytes === undefined ? {} : { maxBytes });
  return storedName;
}

/** Writes a file under a fixed name unless it is already there (seeded documents). */
export async function ensureFile(
  files: FileStore,
  area: FileArea,
  storedName: string,
  content: Buffer,
): Promise<void> {
  const key = fileKey(area, storedName);
  if (!(await files.stat(key))) await files.put(key, content);
}

async function removeFile(files: FileStore, storedName: string): Promise<void> {
  await files.delete(fileKey('documents', storedName)).catch(() => {});
}

// ---------------------------------------------------------------------------------------------
// File names

// Control characters (C0, DEL, C1) never belong in a file name.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The name shown and used at download: the last path segment of what the browser sent, without
 * control characters, at most 200 characters, ending with an extension of its real type.
 */
export function cleanFileName(raw: string | undefined, mime: DocumentMime): string {
  const extensions = EXTENSIONS[mime];
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  let name = base.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
  const lower = name.toLowerCase();
  if (!extensions.some((ext) => lower.endsWith(ext))) name = `${name || 'documento'}${extensions[0]}`;
  if (name.length > 200) {
    const ext = extensions.find((e) => name.toLowerCase().endsWith(e)) ?? '';
    name = `${name.slice(0, 200 - ext.length)}${ext}`;
  }
  return name;
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 one (RFC 6266, RFC 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

// ---------------------------------------------------------------------------------------------
// Document types

/** The document types a kind offers (GET file_kind_list/{kind}). */
export async function documentTypesOf(db: Db, kind: FileKindName): Promise<{ id: number; nome: string }[]> {
  return db
    .selectFrom('document_type_kinds as k')
    .innerJoin('document_types as t', 't.id', 'k.type_id')
    .select(['t.id', 't.nome'])
    .where('k.file_kind', '=', kind)
    .orderBy('t.id')
    .execute();
}

export async function typeBelongsToKind(db: Db, kind: FileKindName, typeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('document_type_kinds')
    .select('type_id')
    .where('file_kind', '=', kind)
    .where('type_id', '=', typeId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Documents

export type ExistingDocument = DocumentoEsistente;

/** How many documents of a kind the existing-documents list shows at most (newest first). */
export const EXISTING_DOCUMENTS_LIMIT = 100;

/** The user's live documents of a kind (GET file_esistenti_list/{kind}), newest first. */
export async function existingDocuments(
  db: Db,
  userId: number,
  kind: FileKindName,
): Promise<ExistingDocument[]> {
  const rows = await db
    .selectFrom('documents as d')
    .innerJoin('document_types as t', 't.id', 'd.file_kind_id')
    .select(['d.id', 'd.file_kind_id', 't.nome as tipo', 'd.file_date', 'd.nome_file', 'd.created'])
    .where('d.user_id', '=', userId)
    .where('d.file_kind', '=', kind)
    .where('d.deleted_at', 'is', null)
    .orderBy('d.created', 'desc')
    .orderBy('d.id', 'desc')
    .limit(EXISTING_DOCUMENTS_LIMIT)
    .execute();
  return rows.map((r) => ({
    id_documento: r.id,
    file_kind_id: r.file_kind_id,
    tipo: r.tipo,
    file_date: r.file_date,
    nome_file: r.nome_file,
    created: r.created.toISOString(),
  }));
}

export interface NewDocument {
  userId: number;
  fileKind: FileKindName;
  fileKindId: number;
  fileDate: string;
  fileNum: number;
  fileName: string | undefined;
  content: Buffer;
}

/** Stores an upload whose fields were checked (routes/documents): the file first, then its row. */
export async function createDocument(db: Kysely<DB>, files: FileStore, input: NewDocument): Promise<number> {
  const mime = sniffMime(input.content);
  if (!mime) throw ApiError.of(415, 'apiUploadWrongType');
  const storedName = await storeFile(files, 'documents', input.content);
  return insertRow(db, files, {
    user_id: input.userId,
    file_kind: input.fileKind,
    file_kind_id: input.fileKindId,
    file_date: input.fileDate,
    file_num: input.fileNum,
    nome_file: cleanFileName(input.fileName, mime),
    stored_name: storedName,
    size: input.content.length,
    mime,
  });
}

/** The row of a file already stored; if the row cannot be written, the file goes too. */
async function insertRow(
  db: Kysely<DB>,
  files: FileStore,
  values: Insertable<DB['documents']>,
): Promise<number> {
  try {
    const row = await db.insertInto('documents').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    await removeFile(files, values.stored_name);
    throw error;
  }
}

/** The user's live document, or 404 (also for someone else's: its existence is not revealed). */
export async function ownDocument(db: Db, userId: number, documentId: number) {
  const row = await db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', documentId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw ApiError.of(404, 'apiNotFound');
  return row;
}

/** The content of the user's document, for download. */
export async function readDocument(db: Db, files: FileStore, userId: number, documentId: number) {
  const row = await ownDocument(db, userId, documentId);
  let content: Buffer;
  try {
    // At most 3 MB (MAX_DOCUMENT_BYTES): read whole.
    content = await files.read(fileKey('documents', row.stored_name));
  } catch (error) {
    if (error instanceof FileNotFoundError) throw ApiError.of(404, 'apiNotFound');
    throw error;
  }
  return { content, mime: row.mime, fileName: row.nome_file };
}

/**
 * A new document with the same data as one of the user's own (POST clona_allegato_esistente): a
 * document joins one request only, so reusing one means a copy, with its own copy of the file.
 */
export async function cloneDocument(
  db: Kysely<DB>,
  files: FileStore,
  userId: number,
  documentId: number,
): Promise<number> {
  const source = await ownDocument(db, userId, documentId);
  let storedName: string;
  try {
    storedName = await storeFile(
      files,
      'documents',
      await files.open(fileKey('documents', source.stored_name)),
    );
  } catch (error) {
    if (error instanceof FileNotFoundError) throw ApiError.of(404, 'apiNotFound');
    throw error;
  }
  return insertRow(db, files, {
    user_id: userId,
    file_kind: source.file_kind,
    file_kind_id: source.file_kind_id,
    file_date: source.file_date,
    file_num: source.file_num,
    nome_file: source.nome_file,
    stored_name: storedName,
    size: source.size,
    mime: source.mime,
  });
}

/** Hides the user's document (DELETE delete_allegato/{doc_id}); one attached to a request: 409. */
export async function deleteDocument(db: Kysely<DB>, userId: number, documentId: number): Promise<void> {
  // One conditional update: a request attaching the document at the same moment cannot interleave.
  const hidden = await db
    .updateTable('documents')
    .set({ deleted_at: new Date() })
    .where('id', '=', documentId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('purchase_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (hidden) return;
  const row = await ownDocument(db, userId, documentId);
  if (row.purchase_id !== null) throw ApiError.of(409, 'apiDocumentInUse');
  throw ApiError.of(404, 'apiNotFound');
}

export interface UsableDocument {
  doc_id: number;
  file_kind: FileKindName;
  file_kind_id: number;
  tipo: string;
}

/** Of `ids`, the user's live documents not attached to any request yet, with their kinds. */
export async function usableDocuments(
  db: Db,
  userId: number,
  ids: readonly number[],
): Promise<UsableDocument[]> {
  const wanted = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('documents as d')
    .innerJoin('document_types as t', 't.id', 'd.file_kind_id')
    .select(['d.id', 'd.file_kind', 'd.file_kind_id', 't.nome'])
    .where('d.id', 'in', wanted)
    .where('d.user_id', '=', userId)
    .where('d.deleted_at', 'is', null)
    .where('d.purchase_id', 'is', null)
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({
    doc_id: r.id,
    file_kind: r.file_kind,
    file_kind_id: r.file_kind_id,
    tipo: r.nome,
  }));
}

/**
 * Attaches the documents to a purchase, inside its transaction. Each must still be live and free:
 * one deleted or attached elsewhere since the checks makes the whole request fail (409).
 */
export async function attachDocuments(
  trx: Transaction<DB>,
  userId: number,
  purchaseId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const attached = await trx
    .updateTable('documents')
    .set({ purchase_id: purchaseId })
    .where('id', 'in', [...ids])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('purchase_id', 'is', null)
    .returning('id')
    .execute();
  if (attached.length !== ids.length) {
    const missing = ids.find((id) => !attached.some((a) => a.id === id)) ?? ids[0];
    throw new ApiError(409, {
      docs: [formatMessage('apiDocumentUnavailable', { id: String(missing) })],
    });
  }
}

/** Documents of a purchase (for the operator side and tests). */
export async function documentsOfPurchase(db: Db, purchaseId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('purchase_id', '=', purchaseId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
