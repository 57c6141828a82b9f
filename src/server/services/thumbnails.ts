/**
 * Thumbnails of the user's files ("I Miei Files", spec 002 §2.7, §3 `base64_thumb`): made on the server
 * from the stored file, a PNG 160 pixels wide: the first page of a PDF (pdfjs-dist drawing on
 * @napi-rs/canvas) or the image itself, scaled. Each is made once, by the document-thumbnail job
 * queued when the file is uploaded (and, at start, for documents not attempted yet), and kept on the
 * document's row: the files list only reads rows and never waits for a drawing. A file that cannot be
 * drawn (a damaged or encrypted PDF) has no thumbnail (null), and the portal shows the type's icon.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Kysely } from 'kysely';
import type { DB, DocumentMime } from '../db/schema';
import { JOB_QUEUES } from './jobs';

/** Width of a thumbnail in pixels; the height follows the page or the image (at most 2x the width). */
export const THUMB_WIDTH = 160;
const MAX_HEIGHT = THUMB_WIDTH * 2;

const require = createRequire(import.meta.url);
const FONTS = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

let pdfjs: Promise<typeof PdfJs> | null = null;

async function renderPdf(content: Buffer): Promise<Buffer> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const task = getDocument({
    data: new Uint8Array(content),
    standardFontDataUrl: FONTS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    const page = await pdf.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: THUMB_WIDTH / base.width });
    const canvas = createCanvas(THUMB_WIDTH, Math.min(MAX_HEIGHT, Math.ceil(viewport.height)));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    return await canvas.encode('png');
  } finally {
    await task.destroy();
  }
}

async function renderImage(content: Buffer): Promise<Buffer> {
  const image = await loadImage(content);
  const height = Math.max(1, Math.min(MAX_HEIGHT, Math.round((image.height * THUMB_WIDTH) / image.width)));
  const canvas = createCanvas(THUMB_WIDTH, height);
  canvas.getContext('2d').drawImage(image, 0, 0, THUMB_WIDTH, height);
  return canvas.encode('png');
}

/** A PNG thumbnail of a file's content (throws when it cannot be drawn). */
/**
 * One drawing at a time in the process. pdfjs (its in-process "fake worker") and the native canvas
 * are not safe to interleave: with several drawings at once (a process hosting several apps, uploads
 * in parallel) the process died without a word, a native crash the server tests met once drawing moved
 * into a background job.
 */
let drawing: Promise<unknown> = Promise.resolve();

export async function makeThumbnail(content: Buffer, mime: DocumentMime): Promise<Buffer> {
  const draw = drawing.then(() => (mime === 'application/pdf' ? renderPdf(content) : renderImage(content)));
  drawing = draw.catch(() => undefined);
  return draw;
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
  dir: string,
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
        thumbnail = await makeThumbnail(await readFile(join(dir, row.stored_name)), row.mime);
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
