/**
 * A PDF drawn page by page on canvases with pdfjs-dist (loaded with the first PDF shown, its worker
 * served by the portal): the CSP allows no frame of a blob, and the portal had no PDF viewer.
 */
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages drawn at most (a longer file says so under the last one). */
export const MAX_PAGES = 20;

/** Draws the pages into `container` at its width; `label(n, total)` names each page's canvas. */
export async function drawPdf(
  data: Blob,
  container: HTMLElement,
  label: (n: number, total: number) => string,
): Promise<number> {
  const task = getDocument({ data: new Uint8Array(await data.arrayBuffer()), isEvalSupported: false });
  const pdf = await task.promise;
  const width = Math.max(240, container.clientWidth);
  const ratio = window.devicePixelRatio || 1;
  for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES); n++) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * ratio });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = '100%';
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label(n, pdf.numPages));
    container.append(canvas);
    await page.render({ canvas, viewport }).promise;
  }
  const pages = pdf.numPages;
  await pdf.destroy();
  return pages;
}
