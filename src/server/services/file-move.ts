/**
 * `npm run admin -- files-to-database` (issue 27): every file of the uploads folder copied into the
 * database backend of the file store (services/file-store.ts), so instances that share the database
 * share the files too.
 *
 * - Which area a file of the folder belongs to: `imports/` holds the import files; at the top, a name
 *   a support ticket lists is a support attachment, any other a document (the layout of before).
 * - Resumable: a key already complete in the database with the same SHA-256 is re-read and, when its
 *   content still hashes right, skipped; one whose content does not (a corrupted copy) is copied again.
 * - Verified: each copy is read back from the database and hashed; a mismatch is reported, never
 *   counted as copied, and its local file is kept.
 * - `remove`: the local file goes only once its database copy is verified.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { hashStream, type FileStore, type ListedFile } from './file-store';

export interface FileMoveResult {
  /** Files found in the folder. */
  found: number;
  copied: number;
  /** Already in the database with the same hash and a content that verifies. */
  skipped: number;
  /** Copies found in the database whose content no longer matched their hash (copied again). */
  corrupted: number;
  /** Local files removed after verification (`remove`). */
  removed: number;
  /** Keys whose copy did not verify (their local file is kept). */
  failed: string[];
}

/** The keys of the folder's files, each in its area. */
export async function folderKeys(db: Kysely<DB>, folder: FileStore): Promise<ListedFile[]> {
  const top = await folder.list('documents');
  const supportNames = new Set<string>();
  if (top.length > 0) {
    const rows = await db.selectFrom('support_ticket_files').select('stored_name').execute();
    for (const row of rows) supportNames.add(row.stored_name);
  }
  const placed = top.map((file) => {
    const name = file.key.slice('documents/'.length);
    return supportNames.has(name) ? { ...file, key: `support/${name}` } : file;
  });
  return [...placed, ...(await folder.list('imports'))].sort((a, b) => a.key.localeCompare(b.key));
}

async function contentHash(store: FileStore, key: string): Promise<string | null> {
  try {
    return (await hashStream(await store.open(key))).sha256;
  } catch {
    return null;
  }
}

export async function filesToDatabase(
  db: Kysely<DB>,
  folder: FileStore,
  target: FileStore,
  options: { remove?: boolean; progress?: (line: string) => void } = {},
): Promise<FileMoveResult> {
  const result: FileMoveResult = { found: 0, copied: 0, skipped: 0, corrupted: 0, removed: 0, failed: [] };
  for (const { key } of await folderKeys(db, folder)) {
    result.found += 1;
    const source = await folder.stat(key);
    if (!source) continue; // gone meanwhile
    const existing = await target.stat(key);
    let verified = false;
    if (existing && existing.sha256 === source.sha256 && existing.size === source.size) {
      if ((await contentHash(target, key)) === source.sha256) {
        result.skipped += 1;
        verified = true;
      } else {
        result.corrupted += 1;
        options.progress?.(`${key}: copia nel database danneggiata, copiata di nuovo`);
      }
    }
    if (!verified) {
      const written = await target.put(key, await folder.open(key));
      verified = written.sha256 === source.sha256 && (await contentHash(target, key)) === source.sha256;
      if (verified) result.copied += 1;
      else {
        result.failed.push(key);
        options.progress?.(`${key}: la copia non corrisponde all'originale (SHA-256), file locale tenuto`);
      }
    }
    if (verified && options.remove) {
      await folder.delete(key);
      result.removed += 1;
    }
  }
  return result;
}
