/**
 * The file store (issue 27, services/file-store.ts): both backends (the uploads folder and the
 * database's chunked rows) on each database the suite runs on. A 5 MB file streamed in and out with
 * its size and SHA-256, written chunk by chunk as it arrives; a put cut off midway leaves nothing
 * readable and goes at the next put or at start; the byte limit; the operator's move of a folder into
 * the database (resumable, verified, a corrupted copy found, --remove); and two apps with different
 * uploads folders on one database, a document uploaded through one and downloaded through the other.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/server/admin';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/connect';
import { createSession } from '../../src/server/services/sessions';
import {
  CHUNK_BYTES,
  databaseFileStore,
  FileNotFoundError,
  folderFileStore,
  FileTooLargeError,
  hashStream,
  INCOMPLETE_AGE_MS,
  sweepTemporaryDirs,
  withLocalFile,
  withTemporaryDir,
  type FileStore,
} from '../../src/server/services/file-store';
import { createTicket } from '../../src/server/services/support';
import { supportCategories } from '../../config/support-categories';
import { PDF, uploadRequest } from './forms-helpers';
import {
  backends,
  createTestDatabase,
  createTestUser,
  json,
  openTestDatabase,
  TEST_APP_OPTIONS,
  type Backend,
} from './helpers';
import { openPgliteCopy } from './templates';

const MB = 1024 * 1024;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const key = () => `documents/${randomBytes(16).toString('hex')}`;

/** A stream of `total` bytes in 64 KiB pieces; `onPiece` runs before each piece (after the first). */
function pieces(content: Buffer, onPiece?: (sent: number) => Promise<void>): Readable {
  async function* generate() {
    for (let at = 0; at < content.length; at += 64 * 1024) {
      if (at > 0) await onPiece?.(at);
      yield content.subarray(at, at + 64 * 1024);
    }
  }
  return Readable.from(generate(), { objectMode: false });
}

/** A stream that sends `before` bytes, then fails as a dropped connection does. */
function cutOff(before: number): Readable {
  async function* generate() {
    yield randomBytes(before);
    throw new Error('connessione interrotta');
  }
  return Readable.from(generate(), { objectMode: false });
}

describe.each(backends)('file store (%s)', (backend: Backend) => {
  let database: Database & { drop(): Promise<void> };
  let folder: string;
  const stores: Record<'folder' | 'database', () => FileStore> = {
    folder: () => folderFileStore(folder),
    database: () => databaseFileStore(database.db),
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    folder = mkdtempSync(join(tmpdir(), 'welfare-file-store-'));
  });

  afterAll(async () => {
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  describe.each(['folder', 'database'] as const)('backend %s', (kind) => {
    it('streams a 5 MB file in and out with its size and SHA-256, chunk by chunk as it arrives', async () => {
      const files = stores[kind]();
      const content = randomBytes(5 * MB);
      const k = key();
      let chunksMidway = -1;
      const info = await files.put(
        k,
        pieces(content, async (sent) => {
          // Halfway through the upload, what arrived is already in the database (never held whole).
          if (kind === 'database' && sent === Math.floor((2.5 * MB) / (64 * 1024)) * 64 * 1024) {
            const row = await database.db
              .selectFrom('stored_file_chunks')
              .innerJoin('stored_files', 'stored_files.id', 'stored_file_chunks.file_id')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('stored_files.key', '=', k)
              .executeTakeFirstOrThrow();
            chunksMidway = Number(row.n);
          }
        }),
        { maxBytes: 6 * MB },
      );
      expect(info).toEqual({ size: 5 * MB, sha256: sha256(content) });
      expect(await files.stat(k)).toEqual(info);
      expect(await hashStream(await files.open(k))).toEqual(info);
      if (kind === 'database') {
        expect(chunksMidway).toBeGreaterThanOrEqual(Math.floor((2 * MB) / CHUNK_BYTES));
        const chunks = await database.db
          .selectFrom('stored_file_chunks')
          .innerJoin('stored_files', 'stored_files.id', 'stored_file_chunks.file_id')
          .select(['n'])
          .where('stored_files.key', '=', k)
          .orderBy('n')
          .execute();
        expect(chunks.map((c) => c.n)).toEqual([...Array(Math.ceil((5 * MB) / CHUNK_BYTES)).keys()]);
      } else {
        expect(existsSync(join(folder, k.slice('documents/'.length)))).toBe(true);
      }
      // A small file read whole, a large one refused by `read`.
      await expect(files.read(k, MB)).rejects.toBeInstanceOf(FileTooLargeError);
      const small = key();
      await files.put(small, Buffer.from('%PDF-1.4 piccolo'));
      expect((await files.read(small)).toString()).toBe('%PDF-1.4 piccolo');
      await files.delete(k);
      expect(await files.stat(k)).toBeNull();
      await expect(files.open(k)).rejects.toBeInstanceOf(FileNotFoundError);
    });

    it('leaves nothing readable when a put is cut off midway or goes past its limit', async () => {
      const files = stores[kind]();
      const k = key();
      await expect(files.put(k, cutOff(MB))).rejects.toThrow('connessione interrotta');
      expect(await files.stat(k)).toBeNull();
      await expect(files.open(k)).rejects.toBeInstanceOf(FileNotFoundError);
      await expect(files.put(k, pieces(randomBytes(2 * MB)), { maxBytes: MB })).rejects.toBeInstanceOf(
        FileTooLargeError,
      );
      await expect(files.open(k)).rejects.toBeInstanceOf(FileNotFoundError);
      expect((await files.list('documents')).map((f) => f.key)).not.toContain(k);
      if (kind === 'database') {
        // Nothing kept after a failure the process saw.
        const rows = await database.db
          .selectFrom('stored_files')
          .select('key')
          .where('key', '=', k)
          .execute();
        expect(rows).toEqual([]);
      } else {
        expect(readdirSync(folder).filter((name) => name.includes('.part'))).toEqual([]);
      }
    });

    it('never reads what a process killed mid-put left, replaces it on the next put, and sweeps it at start', async () => {
      const files = stores[kind]();
      const k = key();
      const name = k.slice('documents/'.length);
      const old = new Date(Date.now() - INCOMPLETE_AGE_MS - 60_000);
      // What a SIGKILL midway leaves behind.
      let id = 0;
      if (kind === 'database') {
        ({ id } = await database.db
          .insertInto('stored_files')
          .values({ key: k, complete: false })
          .returning('id')
          .executeTakeFirstOrThrow());
        await database.db
          .insertInto('stored_file_chunks')
          .values({ file_id: id, n: 0, data: randomBytes(1000) })
          .execute();
      } else {
        writeFileSync(join(folder, `.${name}.dead.part`), randomBytes(1000));
      }
      expect(await files.stat(k)).toBeNull();
      await expect(files.open(k)).rejects.toBeInstanceOf(FileNotFoundError);
      expect((await files.list('documents')).map((f) => f.key)).not.toContain(k);
      // A young one may be another instance's put in progress: the start sweep leaves it.
      expect(await files.sweepIncomplete()).toBe(0);
      if (kind === 'database') {
        await database.db.updateTable('stored_files').set({ created_at: old }).where('key', '=', k).execute();
      } else {
        utimesSync(join(folder, `.${name}.dead.part`), old, old);
      }
      expect(await files.sweepIncomplete()).toBe(1);
      if (kind === 'database') {
        // The row went, and its chunks with it.
        expect(
          await database.db.selectFrom('stored_files').select('id').where('key', '=', k).execute(),
        ).toEqual([]);
        expect(
          await database.db.selectFrom('stored_file_chunks').select('n').where('file_id', '=', id).execute(),
        ).toEqual([]);
        // And a young incomplete row of the key does not stop the next put.
        await database.db.insertInto('stored_files').values({ key: k, complete: false }).execute();
      } else {
        expect(existsSync(join(folder, `.${name}.dead.part`))).toBe(false);
      }
      const content = randomBytes(CHUNK_BYTES + 10);
      expect(await files.put(k, content)).toEqual({ size: content.length, sha256: sha256(content) });
      expect((await files.read(k)).equals(content)).toBe(true);
    });
  });

  it('two puts of one key at once (two instances seeding one file): each writes its own chunks, one complete file remains', async () => {
    const files = databaseFileStore(database.db);
    const k = key();
    const first = randomBytes(3 * CHUNK_BYTES + 5);
    const second = randomBytes(2 * CHUNK_BYTES + 7);
    await Promise.all([files.put(k, first), files.put(k, second)]);
    const kept = await files.read(k);
    expect(kept.equals(first) || kept.equals(second)).toBe(true);
    const rows = await database.db
      .selectFrom('stored_files')
      .select(['complete'])
      .where('key', '=', k)
      .execute();
    expect(rows).toEqual([{ complete: true }]);
  });

  it('moves a folder into the database: resumable, verified by hash, a corrupted copy found, --remove', async () => {
    const uploads = mkdtempSync(join(tmpdir(), 'welfare-file-move-'));
    try {
      const local = folderFileStore(uploads);
      const target = databaseFileStore(database.db);
      const contents = new Map<string, Buffer>();
      // Two documents (one larger than a chunk), an import input, and a support attachment (at the
      // folder's top like a document: its area comes from the ticket that lists it).
      for (const [k, content] of [
        [key(), randomBytes(3 * CHUNK_BYTES + 5)],
        [key(), Buffer.from('%PDF-1.4 documento')],
        [`imports/${randomBytes(16).toString('hex')}`, randomBytes(2000)],
      ] as const) {
        await local.put(k, content);
        contents.set(k, content);
      }
      const person = await createTestUser(database.db);
      await createTicket(
        database.db,
        local,
        { id: person.userId, email: person.email, nome: 'Sposta', cognome: 'File', azienda: '' },
        { tel: '+39 333 1234567', nRichiesta: null, category: supportCategories[0]!, messaggio: 'ciao' },
        [{ content: PDF, fileName: 'allegato.pdf', mime: 'application/pdf' }],
      );
      const ticketFile = await database.db
        .selectFrom('support_ticket_files')
        .select('stored_name')
        .where('nome_file', '=', 'allegato.pdf')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      contents.set(`support/${ticketFile.stored_name}`, PDF);

      const admin = async (...argv: string[]) => {
        const out: string[] = [];
        const err: string[] = [];
        const code = await runAdmin(argv, {
          db: database.db,
          out: (l) => out.push(l),
          err: (l) => err.push(l),
          files: { uploadsDir: uploads },
        });
        return { code, out: out.join('\n'), err: err.join('\n') };
      };
      const first = await admin('files-to-database');
      expect(first.code, first.err).toBe(0);
      expect(first.out).toContain('File trovati nella cartella');
      expect(first.out).toContain('Copiati e verificati: 4');
      for (const [k, content] of contents) {
        expect((await target.read(k)).equals(content), k).toBe(true);
        expect(await target.stat(k)).toEqual({ size: content.length, sha256: sha256(content) });
      }
      // Run again: nothing copied.
      const second = await admin('files-to-database');
      expect(second.code).toBe(0);
      expect(second.out).toContain('Copiati e verificati: 0');
      expect(second.out).toContain('Già nel database e integri (saltati): 4');

      // A copy damaged in the database (same hash on its row, other bytes): found and copied again.
      const [damaged] = [...contents.keys()].filter((k) => contents.get(k)!.length > CHUNK_BYTES);
      await database.db
        .updateTable('stored_file_chunks')
        .set({ data: randomBytes(CHUNK_BYTES) })
        .where('file_id', '=', (eb) =>
          eb.selectFrom('stored_files').select('id').where('key', '=', damaged!).where('complete', '=', true),
        )
        .where('n', '=', 1)
        .execute();
      const third = await admin('files-to-database', '--remove');
      expect(third.code, third.err).toBe(0);
      expect(third.out).toContain('Copie danneggiate trovate e copiate di nuovo: 1');
      expect(third.out).toContain('Copiati e verificati: 1');
      expect(third.out).toContain('Già nel database e integri (saltati): 3');
      expect(third.out).toContain('Copie locali rimosse: 4');
      expect(third.err).toContain(damaged);
      expect((await target.read(damaged!)).equals(contents.get(damaged!)!)).toBe(true);
      // The local copies went, only after verification; the database holds every file.
      expect(await local.list('documents')).toEqual([]);
      expect(await local.list('imports')).toEqual([]);
      for (const [k, content] of contents) expect((await target.read(k)).equals(content)).toBe(true);
      const fourth = await admin('files-to-database');
      expect(fourth.out).toContain('File trovati nella cartella');
      expect(fourth.out).toContain('Copiati e verificati: 0');

      const usage = await admin('files-to-database', 'extra');
      expect(usage.code).toBe(1);
    } finally {
      rmSync(uploads, { recursive: true, force: true });
    }
  });
});

describe('temporary folders of the store', () => {
  it('are removed in every exit path, and what a killed process left goes at start once old', async () => {
    const files = folderFileStore(mkdtempSync(join(tmpdir(), 'welfare-file-store-tmp-')));
    await files.put('imports/ingresso-di-prova', Buffer.from('contenuto'));
    let seen = '';
    await expect(
      withTemporaryDir(async (dir) => {
        seen = dir;
        writeFileSync(join(dir, 'mezzo.xlsx'), 'metà');
        throw new Error('lavoro interrotto');
      }),
    ).rejects.toThrow('lavoro interrotto');
    expect(existsSync(seen)).toBe(false);
    // A database copy handed to a reader as a path: gone after, also when the reader fails.
    const database = await openTestDatabase('pglite');
    try {
      const stored = databaseFileStore(database.db);
      await stored.put('imports/ingresso-di-prova', Buffer.from('contenuto'));
      await expect(
        withLocalFile(stored, 'imports/ingresso-di-prova', 100, async (path) => {
          seen = path;
          expect(readFileSync(path, 'utf8')).toBe('contenuto');
          throw new Error('lettore fallito');
        }),
      ).rejects.toThrow('lettore fallito');
      expect(existsSync(seen)).toBe(false);
      // Past the cap, the copy stops: nothing is left behind.
      await expect(
        withLocalFile(stored, 'imports/ingresso-di-prova', 4, async () => 'mai'),
      ).rejects.toBeInstanceOf(FileTooLargeError);
    } finally {
      await database.drop();
    }
    // What a SIGKILL left: an old folder goes, a young one (another instance's) stays.
    const dead = mkdtempSync(join(tmpdir(), 'welfare-file-'));
    const young = mkdtempSync(join(tmpdir(), 'welfare-file-'));
    const old = new Date(Date.now() - INCOMPLETE_AGE_MS - 60_000);
    utimesSync(dead, old, old);
    expect(await sweepTemporaryDirs()).toBeGreaterThanOrEqual(1);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(young)).toBe(true);
    rmSync(young, { recursive: true, force: true });
  });
});

describe.each(backends)('two apps with different uploads folders on one database (%s)', (backend) => {
  it('a document uploaded through one is downloaded through the other', async () => {
    const created = backend === 'postgres' ? await createTestDatabase('demo') : null;
    const embedded = backend === 'pglite' ? await openPgliteCopy('demo') : null;
    const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'welfare-instance-')));
    const apps: FastifyInstance[] = [];
    try {
      for (const dir of dirs) {
        apps.push(
          await buildApp({
            ...TEST_APP_OPTIONS,
            ...(created ? { databaseUrl: created.url } : { database: embedded! }),
            uploadsDir: dir,
            // PostgreSQL chooses the database by default; PGlite is told to.
            ...(backend === 'pglite' ? { fileStore: 'database' as const } : {}),
          }),
        );
      }
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      expect(a.files.kind).toBe('database');
      const token = await createSession(a.db, 'mario.rossi@example.com');
      const content = Buffer.concat([PDF, randomBytes(CHUNK_BYTES)]);
      const request = uploadRequest(token, {
        kind: 'doc_pagam',
        typeId: 2,
        file: { filename: 'ricevuta.pdf', contentType: 'application/pdf', content },
      });
      const uploaded = await a.inject({
        method: request.method,
        url: request.url,
        payload: request.payload,
        headers: { ...request.headers, authorization: `Token ${token}` },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const id = json<{ doc_id: number }>(uploaded).doc_id;
      const downloaded = await b.inject({
        method: 'GET',
        url: `/api/download_document/${id}`,
        headers: { authorization: `Token ${token}` },
      });
      expect(downloaded.statusCode).toBe(200);
      expect(downloaded.rawPayload.equals(content)).toBe(true);
      // Neither instance's folder holds it.
      for (const dir of dirs) expect(readdirSync(dir)).toEqual([]);
      // A copy through the other instance reads the file there too.
      const cloned = await b.inject({
        method: 'POST',
        url: '/api/clona_allegato_esistente',
        payload: { id_documento: id },
        headers: { authorization: `Token ${token}` },
      });
      expect(cloned.statusCode, cloned.body).toBe(201);
      const copy = await a.inject({
        method: 'GET',
        url: `/api/download_document/${json<{ doc_id: number }>(cloned).doc_id}`,
        headers: { authorization: `Token ${token}` },
      });
      expect(copy.rawPayload.equals(content)).toBe(true);
    } finally {
      for (const app of apps) await app.close();
      await embedded?.close();
      await created?.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
