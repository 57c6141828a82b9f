/**
 * Thumbnails of the user's files ("I Miei Files", spec 002 §2.7, §3 `base64_thumb`): made on the server
 * from the stored file, a PNG 160 pixels wide: the first page of a PDF (pdfjs-dist drawing on
 * @napi-rs/canvas, in a process of its own) or the image itself, scaled. Each is made once, by the document-thumbnail job
 * queued when the file is uploaded (and, at start, for documents not attempted yet), and kept on the
 * document's row: the files list only reads rows and never waits for a drawing. A file that cannot be
 * drawn (a damaged or encrypted PDF) has no thumbnail (null), and the portal shows the type's icon.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import type { DB, DocumentMime } from '../db/schema';
import { fileKey, type FileStore } from './file-store';
import { JOB_QUEUES } from './jobs';
import type { DrawReply, DrawRequest } from './thumbnail-protocol';

export { THUMB_WIDTH } from './thumbnail-protocol';

const require = createRequire(import.meta.url);
const DRAWER = fileURLToPath(new URL('./thumbnail-drawer.ts', import.meta.url));
const TSX = pathToFileURL(require.resolve('tsx')).href;

/** A drawing that takes longer is given up (the process is killed and started again for the next one). */
const DRAW_TIMEOUT_MS = 30_000;
/** The drawing process ends after this long without work, and starts again on the next drawing. */
const IDLE_MS = 10_000;
/** Heap of the drawing process: a hostile PDF that wants more ends that process, not the server. */
const DRAWER_HEAP_MB = 384;

/** The drawing process ended while drawing (not a drawing it refused, nor one that took too long). */
class DrawerDiedError extends Error {}

/**
 * The drawing process (`thumbnail-drawer.ts`), shared by every app in this process and fed one drawing at
 * a time. pdfjs and the native canvas never run in the server itself: in it, they once killed the whole
 * process without a word (a native crash), and a PDF can be made to eat memory.
 */
class ThumbnailDrawer {
  private child: ChildProcess | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;

  /** The drawing process's id while it runs (the tests end it to show the server survives). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  draw(content: Buffer, mime: DocumentMime): Promise<Buffer> {
    // A process that died under a drawing (killed, out of memory) is tried once more in a new one: a
    // death that had nothing to do with the file must not leave it without a thumbnail for good.
    const run = this.queue.then(() =>
      this.drawNow(content, mime).catch((error: unknown) => {
        if (error instanceof DrawerDiedError) return this.drawNow(content, mime);
        throw error;
      }),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  private start(): ChildProcess {
    const child = fork(DRAWER, [], {
      execArgv: ['--import', TSX, `--max-old-space-size=${DRAWER_HEAP_MB}`],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'json',
    });
    child.on('exit', () => {
      if (this.child === child) this.child = null;
    });
    // An error spawning it ends in 'exit' too, where the drawing in hand is told.
    child.on('error', () => undefined);
    return child;
  }

  private drawNow(content: Buffer, mime: DocumentMime): Promise<Buffer> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const child = (this.child ??= this.start());
    child.ref();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const finish = (error: Error | null, png?: Buffer) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve(png!);
        this.rest(child);
      };
      const onMessage = (reply: DrawReply) => {
        if (reply.id !== id) return;
        if (reply.png !== undefined) finish(null, Buffer.from(reply.png, 'base64'));
        else finish(new Error(`miniatura non disegnata: ${reply.error}`));
      };
      const onExit = (code: number | null, signal: string | null) =>
        finish(new DrawerDiedError(`il processo delle miniature è terminato (${signal ?? code})`));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        finish(new Error(`miniatura non disegnata in ${DRAW_TIMEOUT_MS / 1000} s`));
      }, DRAW_TIMEOUT_MS);
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send({ id, mime, content: content.toString('base64') } satisfies DrawRequest);
    });
  }

  /** Between drawings the process holds nothing open: the server may exit, and it ends when idle. */
  private rest(child: ChildProcess): void {
    if (this.child !== child) return;
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();
    this.idle = setTimeout(() => {
      if (this.child === child) {
        this.child = null;
        child.kill();
      }
    }, IDLE_MS);
    this.idle.unref();
  }
}

const drawer = new ThumbnailDrawer();

/** A PNG thumbnail of a file's content, drawn in the drawing process (throws when it cannot be drawn). */
export function makeThumbnail(content: Buffer, mime: DocumentMime): Promise<Buffer> {
  return drawer.draw(content, mime);
}

/** The id of the drawing process while it runs. */
export function thumbnailDrawerPid(): number | undefined {
  return drawer.pid;
}

/** The queue of thumbnail work: `{ ids }` for new uploads, `{}` for every document not attempted yet. */
export const THUMBNAIL_QUEUE = JOB_QUEUES.documentThumbnail;

export interface ThumbnailJob {
  ids?: number[];
}

/** How many pending documents one sweep reads at a time. */
const SWEEP_BATCH = 20;

/**
 * Makes and keeps on their rows the thumbnails of documents not attempted yet: the given ones, or all.
 * A file that is missing or cannot be drawn gets none (null), and is not tried again; a database error
 * throws, so the job is retried. Returns how many documents were attempted.
 */
export async function makePendingThumbnails(
  db: Kysely<DB>,
  files: FileStore,
  job: ThumbnailJob,
  onError: (error: unknown) => void,
  /** Aborted when the app closes: the sweep stops after the document in hand. */
  signal?: AbortSignal,
): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    if (signal?.aborted) return done;
    let query = db
      .selectFrom('documents')
      .select(['id', 'stored_name', 'mime'])
      .where('thumbnail_made', '=', false)
      .where('deleted_at', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(SWEEP_BATCH);
    if (job.ids) {
      if (job.ids.length === 0) return done;
      query = query.where('id', 'in', job.ids);
    }
    const rows = await query.execute();
    // One at a time: drawing a PDF page is CPU work.
    for (const row of rows) {
      if (signal?.aborted) return done;
      let thumbnail: Buffer | null = null;
      try {
        thumbnail = await makeThumbnail(await files.read(fileKey('documents', row.stored_name)), row.mime);
      } catch (error) {
        onError(error);
      }
      await db
        .updateTable('documents')
        .set({ thumbnail, thumbnail_made: true })
        .where('id', '=', row.id)
        .where('thumbnail_made', '=', false)
        .execute();
      done += 1;
      after = row.id;
    }
    if (rows.length < SWEEP_BATCH) return done;
  }
}
