/**
 * The thumbnail drawing process (started by `thumbnails.ts` with `fork`): draws what the parent sends,
 * one at a time, and answers with the PNG or the error's message. pdfjs and the native canvas live here,
 * never in the server: a native crash or a hostile PDF that eats memory ends this process, which the
 * parent restarts, and not the server (it once killed a test worker without a word).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { MAX_HEIGHT, THUMB_WIDTH, type DrawReply, type DrawRequest } from './thumbnail-protocol';

const require = createRequire(import.meta.url);
const FONTS = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

let pdfjs: Promise<typeof PdfJs> | null = null;

async function renderPdf(content: Uint8Array): Promise<Buffer> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const task = getDocument({
    data: content,
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

async function renderImage(content: Uint8Array): Promise<Buffer> {
  const image = await loadImage(Buffer.from(content));
  const height = Math.max(1, Math.min(MAX_HEIGHT, Math.round((image.height * THUMB_WIDTH) / image.width)));
  const canvas = createCanvas(THUMB_WIDTH, height);
  canvas.getContext('2d').drawImage(image, 0, 0, THUMB_WIDTH, height);
  return canvas.encode('png');
}

// Requests come one at a time (the parent waits for each answer), so nothing here interleaves.
process.on('message', (message: DrawRequest) => {
  const content = new Uint8Array(Buffer.from(message.content, 'base64'));
  const drawing = message.mime === 'application/pdf' ? renderPdf(content) : renderImage(content);
  drawing.then(
    (png) => process.send?.({ id: message.id, png: png.toString('base64') } satisfies DrawReply),
    (error: unknown) =>
      process.send?.({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies DrawReply),
  );
});
// The parent gone, this process has no purpose.
process.on('disconnect', () => process.exit(0));
