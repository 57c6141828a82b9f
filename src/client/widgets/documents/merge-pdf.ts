/**
 * Several files of one upload slot become ONE PDF in the browser (000 §5 "Files"): the pages of
 * each PDF are copied as they are, each JPEG/PNG gets its own A4 page, portrait or landscape like
 * the picture (phone photos included: the EXIF orientation is applied), scaled down to fit within
 * the margins and centred. Pure pdf-lib, no DOM: the unit tests run it in Node. Loaded on demand,
 * so pdf-lib weighs on nobody who uploads a single file.
 */
import { degrees, PageSizes, PDFDocument, type PDFImage } from 'pdf-lib';
import type { UploadFileType } from './file-type';

export interface MergeSource {
  readonly bytes: Uint8Array;
  readonly type: UploadFileType;
}

/** A4 in PDF points (portrait) and the blank border around a picture (15 mm). */
export const A4_POINTS: readonly [number, number] = [PageSizes.A4[0], PageSizes.A4[1]];
export const IMAGE_MARGIN_POINTS = 42.52;

/** The merged PDF: the sources in the order given. Throws on an unreadable or encrypted PDF. */
export async function mergeToPdf(sources: readonly MergeSource[]): Promise<Uint8Array<ArrayBuffer>> {
  const merged = await PDFDocument.create();
  for (const source of sources) {
    const bytes = ownBuffer(source.bytes);
    if (source.type === 'pdf') {
      const document = await PDFDocument.load(bytes);
      const pages = await merged.copyPages(document, document.getPageIndices());
      for (const page of pages) merged.addPage(page);
    } else {
      const image = source.type === 'jpeg' ? await merged.embedJpg(bytes) : await merged.embedPng(bytes);
      const quarterTurns = source.type === 'jpeg' ? jpegQuarterTurns(bytes) : 0;
      addImagePage(merged, image, quarterTurns);
    }
  }
  // A copy typed on a plain ArrayBuffer, as Blob and File want it.
  return new Uint8Array(await merged.save());
}

/** pdf-lib's JPEG reader looks at `bytes.buffer` from 0: a view into a larger buffer is copied first. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);
}

function addImagePage(document: PDFDocument, image: PDFImage, quarterTurns: number): void {
  const placement = imagePlacement(image.width, image.height, quarterTurns);
  const page = document.addPage([...placement.page]);
  page.drawImage(image, {
    x: placement.x,
    y: placement.y,
    width: placement.width,
    height: placement.height,
    rotate: degrees(placement.rotate),
  });
}

export interface ImagePlacement {
  /** Page size in points: A4 portrait, or landscape when the picture as shown is wider than tall. */
  readonly page: readonly [number, number];
  /** pdf-lib `drawImage` options: the corner it turns around, the scaled size and the turn (counter-clockwise). */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly rotate: 0 | 90 | 180 | -90;
}

/**
 * Where a picture of `width` x `height` pixels (1 px = 1 pt), turned clockwise by `quarterTurns`
 * x 90° to stand upright, goes on its A4 page: scaled down to fit within the margins (never
 * enlarged: a small scan stays sharp) and centred.
 */
export function imagePlacement(width: number, height: number, quarterTurns: number): ImagePlacement {
  const turns = ((quarterTurns % 4) + 4) % 4;
  const sideways = turns % 2 === 1;
  const shownWidth = sideways ? height : width;
  const shownHeight = sideways ? width : height;
  const [short, long] = A4_POINTS;
  const page: [number, number] = shownWidth > shownHeight ? [long, short] : [short, long];
  const scale = Math.min(
    1,
    (page[0] - 2 * IMAGE_MARGIN_POINTS) / shownWidth,
    (page[1] - 2 * IMAGE_MARGIN_POINTS) / shownHeight,
  );
  // The box of the picture as shown, centred on the page.
  const boxWidth = shownWidth * scale;
  const boxHeight = shownHeight * scale;
  const left = (page[0] - boxWidth) / 2;
  const bottom = (page[1] - boxHeight) / 2;
  const size = { width: width * scale, height: height * scale };
  // pdf-lib turns the picture counter-clockwise around (x, y): that corner moves so the turned
  // picture covers the box exactly.
  switch (turns) {
    case 1:
      return { page, ...size, x: left, y: bottom + boxHeight, rotate: -90 };
    case 2:
      return { page, ...size, x: left + boxWidth, y: bottom + boxHeight, rotate: 180 };
    case 3:
      return { page, ...size, x: left + boxWidth, y: bottom, rotate: 90 };
    default:
      return { page, ...size, x: left, y: bottom, rotate: 0 };
  }
}

/**
 * Clockwise quarter turns that display a JPEG upright, from its EXIF Orientation tag (0x0112):
 * 3 -> 2, 6 -> 1, 8 -> 3; the mirrored variants are drawn with their turn only; no tag -> 0.
 */
export function jpegQuarterTurns(bytes: Uint8Array): number {
  const orientation = jpegOrientation(bytes);
  switch (orientation) {
    case 3:
    case 4:
      return 2;
    case 5:
    case 6:
      return 1;
    case 7:
    case 8:
      return 3;
    default:
      return 0;
  }
}

/** The EXIF Orientation of a JPEG (1..8), or 1 when absent or unreadable. */
export function jpegOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 4 || view.getUint16(0) !== 0xffd8) return 1;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    const marker = view.getUint16(offset);
    // Start of scan: no more metadata segments.
    if (marker === 0xffda || (marker & 0xff00) !== 0xff00) return 1;
    const length = view.getUint16(offset + 2);
    if (marker === 0xffe1 && offset + 4 + length - 2 <= bytes.length) {
      const found = exifOrientation(view, offset + 4, offset + 2 + length);
      if (found !== null) return found;
    }
    offset += 2 + length;
  }
  return 1;
}

function exifOrientation(view: DataView, start: number, end: number): number | null {
  // "Exif\0\0" then a TIFF header.
  if (end - start < 14 || view.getUint32(start) !== 0x45786966 || view.getUint16(start + 4) !== 0)
    return null;
  const tiff = start + 6;
  const byteOrder = view.getUint16(tiff);
  if (byteOrder !== 0x4949 && byteOrder !== 0x4d4d) return null;
  const little = byteOrder === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return null;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return null;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}
