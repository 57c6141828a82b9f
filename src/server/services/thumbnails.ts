/**
 * Thumbnails of the user's files ("I Miei Files", spec 002 §2.7, §3 `base64_thumb`): made on the server
 * from the stored file, a PNG 160 pixels wide: the first page of a PDF (pdfjs-dist drawing on
 * @napi-rs/canvas) or the image itself, scaled. Each is made once and kept on disk beside the uploads
 * (`<uploadsDir>/thumbs/<stored name>.png`); a file that cannot be drawn (a damaged or encrypted PDF)
 * has no thumbnail (null), and the portal shows the type's icon instead.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DocumentMime } from '../db/schema';

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
export async function makeThumbnail(content: Buffer, mime: DocumentMime): Promise<Buffer> {
  return mime === 'application/pdf' ? renderPdf(content) : renderImage(content);
}

const inFlight = new Map<string, Promise<Buffer | null>>();

/**
 * The thumbnail of a stored file, from the disk cache or made now (and cached); null when the file is
 * missing or cannot be drawn. Two requests for the same file at once make it once.
 */
export function cachedThumbnail(
  dir: string,
  storedName: string,
  mime: DocumentMime,
  onError: (error: unknown) => void,
): Promise<Buffer | null> {
  const cachePath = join(dir, 'thumbs', `${storedName}.png`);
  const running = inFlight.get(cachePath);
  if (running) return running;
  const work = (async () => {
    try {
      return await readFile(cachePath);
    } catch {
      // Not made yet.
    }
    try {
      const thumb = await makeThumbnail(await readFile(join(dir, storedName)), mime);
      await mkdir(join(dir, 'thumbs'), { recursive: true, mode: 0o700 });
      const temporary = `${cachePath}.${process.pid}.tmp`;
      await writeFile(temporary, thumb, { mode: 0o600 });
      await rename(temporary, cachePath);
      return thumb;
    } catch (error) {
      onError(error);
      return null;
    }
  })().finally(() => inFlight.delete(cachePath));
  inFlight.set(cachePath, work);
  return work;
}
