/**
 * Real documents for the form end-to-end tests: PDFs made with pdf-lib, JPEG and PNG images drawn on a
 * canvas by Chromium itself (so they are what a phone camera or a scanner would give, not fixtures).
 */
import type { Page } from 'playwright-core';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A PDF of `pages` A4 pages with a line of text on each. */
export async function makePdf(name: string, text: string, pages = 1): Promise<UploadFile> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(`${text} - pagina ${i + 1}`, { x: 50, y: 780, size: 14, font, color: rgb(0.1, 0.1, 0.1) });
  }
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
}

/** A JPEG or PNG drawn by the browser: a coloured receipt-like image. */
export async function makeImage(
  page: Page,
  name: string,
  type: 'image/jpeg' | 'image/png',
  width = 640,
  height = 900,
): Promise<UploadFile> {
  const base64 = await page.evaluate(
    ([w, h, t, label]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fdfdf8';
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#222';
      context.font = '28px sans-serif';
      context.fillText(label, 30, 60);
      for (let y = 120; y < h - 40; y += 40) context.fillRect(30, y, w - 60 - ((y * 7) % 200), 6);
      return canvas.toDataURL(t, 0.85).split(',')[1]!;
    },
    [width, height, type, name] as const,
  );
  return { name, mimeType: type, buffer: Buffer.from(base64, 'base64') };
}

/** A real PDF padded past `bytes` (a PDF reader ignores what follows %%EOF). */
export async function makeLargePdf(name: string, bytes: number): Promise<UploadFile> {
  const base = await makePdf(name, 'Documento voluminoso');
  const padding = Buffer.alloc(Math.max(0, bytes - base.buffer.length), 0x20);
  return { ...base, buffer: Buffer.concat([base.buffer, padding]) };
}
