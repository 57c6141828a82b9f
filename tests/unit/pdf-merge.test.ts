/** Upload slots (000 §5 "Files"): magic-byte sniffing and merging several files into one A4 PDF. */
import { PageSizes, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { screenConstants } from '../../config/screen-constants';
import { checkSelection, sniffFileType } from '../../src/client/widgets/documents/file-type';
import {
  IMAGE_MARGIN_POINTS,
  imagePlacement,
  jpegOrientation,
  jpegQuarterTurns,
  mergeToPdf,
  type ImagePlacement,
} from '../../src/client/widgets/documents/merge-pdf';

// Made by Chromium's canvas: a 40x20 PNG and a 20x40 JPEG.
const PNG_40X20 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAYAAAD/Rn+7AAAAYklEQVR4AezSsQ0AIAgEQOIoOpMr6EyuoDM5i1YwAHxB8SaECvKelrrHy1xFkh8LePsSZKHubQFRC9F7GDAqSkEKRgWi8/yDMMF2piArGkzn+cQq4e0U9MrpHAVVwtvTC34AAAD//54uap4AAAAGSURBVAMAZeiT0bbT1twAAAAASUVORK5CYII=',
  'base64',
);
const JPEG_20X40 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAoABQDASIAAhEBAxEB/8QAFwABAQEBAAAAAAAAAAAAAAAAAAUGBP/EACYQAAEDAwMEAgMAAAAAAAAAAAABAxIEBRECFEEGIlFxNYJEssL/xAAZAQACAwEAAAAAAAAAAAAAAAAAAQIDBAX/xAAbEQABBQEBAAAAAAAAAAAAAAAAAQIDESESQf/aAAwDAQACEQMRAD8A0VotVFU21l55mTmqWVnqTlU4U4+oaGmotvtm4TlLuVc4x59lmwfDMfb9lJ3Vn4n3/kiqYYpGNSC62kM8ACBzzS2i60VNbWWXnouaZZSGpeVXhDj6hrqat2+2cnCUu1UxnHn0RgO8ovdO5WceAACKAAAAAAAP/9k=',
  'base64',
);

/** `jpeg` with an EXIF APP1 segment right after SOI holding Orientation = `orientation`. */
function withExifOrientation(jpeg: Uint8Array, orientation: number, little = false): Uint8Array {
  const u16 = (n: number) => (little ? [n & 0xff, n >> 8] : [n >> 8, n & 0xff]);
  const u32 = (n: number) =>
    little
      ? [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24]
      : [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  const tiff = [
    ...(little ? [0x49, 0x49] : [0x4d, 0x4d]),
    ...u16(42),
    ...u32(8),
    ...u16(1),
    ...u16(0x0112),
    ...u16(3),
    ...u32(1),
    ...u16(orientation),
    0,
    0,
    ...u32(0),
  ];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const length = payload.length + 2;
  const segment = [0xff, 0xe1, length >> 8, length & 0xff, ...payload];
  return Uint8Array.from([...jpeg.subarray(0, 2), ...segment, ...jpeg.subarray(2)]);
}

async function pdfWithPages(sizes: [number, number][]): Promise<Uint8Array<ArrayBuffer>> {
  const document = await PDFDocument.create();
  for (const size of sizes) document.addPage(size);
  return new Uint8Array(await document.save());
}

const [A4_SHORT, A4_LONG] = PageSizes.A4;

function sizeOf(page: { getSize(): { width: number; height: number } }): [number, number] {
  const { width, height } = page.getSize();
  return [Math.round(width * 100) / 100, Math.round(height * 100) / 100];
}

/** The rectangle covered by a drawn picture: its corners turned around (x, y) like pdf-lib does. */
function coveredBox(p: ImagePlacement) {
  const angle = (p.rotate * Math.PI) / 180;
  const corners = [
    [0, 0],
    [p.width, 0],
    [0, p.height],
    [p.width, p.height],
  ].map(([u = 0, v = 0]) => [
    p.x + u * Math.cos(angle) - v * Math.sin(angle),
    p.y + u * Math.sin(angle) + v * Math.cos(angle),
  ]);
  const xs = corners.map(([x = 0]) => x);
  const ys = corners.map(([, y = 0]) => y);
  return { left: Math.min(...xs), right: Math.max(...xs), bottom: Math.min(...ys), top: Math.max(...ys) };
}

describe('magic bytes', () => {
  it('recognises JPEG, PNG and PDF by their first bytes', async () => {
    expect(sniffFileType(PNG_40X20)).toBe('png');
    expect(sniffFileType(JPEG_20X40)).toBe('jpeg');
    expect(sniffFileType(await pdfWithPages([[100, 100]]))).toBe('pdf');
  });

  it('rejects text, other images and truncated headers whatever their name', () => {
    const text = new TextEncoder().encode('Ciao, questo non è un PDF');
    expect(sniffFileType(text)).toBeNull();
    expect(sniffFileType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffFileType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffFileType(new TextEncoder().encode('%PD'))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
  });

  it('takes a good selection and cancels a bad one as a whole', async () => {
    const pdf = await pdfWithPages([[100, 100]]);
    const good = [new File([PNG_40X20], 'a.png'), new File([JPEG_20X40], 'b.jpg'), new File([pdf], 'c.pdf')];
    const ok = await checkSelection(good);
    expect(ok.ok && ok.files.map((f) => f.type)).toEqual(['png', 'jpeg', 'pdf']);

    const renamed = await checkSelection([...good.slice(0, 1), new File(['solo testo'], 'finto.pdf')]);
    expect(renamed).toEqual({
      ok: false,
      message: 'Il file finto.pdf non è di un tipo ammesso (jpg, png, pdf): selezione annullata.',
    });
    expect(await checkSelection([new File([], 'vuoto.pdf')])).toMatchObject({ ok: false });

    const big = new File([new Uint8Array(screenConstants.maxFileBytes + 1)], 'grande.pdf');
    expect(await checkSelection([good[0] as File, big])).toEqual({
      ok: false,
      message: 'Il file grande.pdf supera la dimensione massima di 3 MB: selezione annullata.',
    });
    const exact = new File([pdf, new Uint8Array(screenConstants.maxFileBytes - pdf.length)], 'limite.pdf');
    expect((await checkSelection([exact])).ok).toBe(true);

    const five = Array.from({ length: 5 }, (_, i) => new File([PNG_40X20], `f${i}.png`));
    expect(await checkSelection(five)).toEqual({
      ok: false,
      message: 'Si possono caricare al massimo 4 file: selezione annullata.',
    });
  });
});

describe('EXIF orientation', () => {
  it('reads the Orientation tag in both byte orders and defaults to upright', () => {
    expect(jpegOrientation(JPEG_20X40)).toBe(1);
    expect(jpegOrientation(withExifOrientation(JPEG_20X40, 6))).toBe(6);
    expect(jpegOrientation(withExifOrientation(JPEG_20X40, 8, true))).toBe(8);
    expect(jpegQuarterTurns(withExifOrientation(JPEG_20X40, 3))).toBe(2);
    expect(jpegQuarterTurns(withExifOrientation(JPEG_20X40, 6))).toBe(1);
    expect(jpegQuarterTurns(withExifOrientation(JPEG_20X40, 8))).toBe(3);
    expect(jpegOrientation(PNG_40X20)).toBe(1);
  });
});

describe('image placement on A4', () => {
  it('scales a large picture down within the margins, centred, keeping its orientation', () => {
    const landscape = imagePlacement(4000, 3000, 0);
    expect(landscape.page).toEqual([A4_LONG, A4_SHORT]);
    const box = coveredBox(landscape);
    expect(box.bottom).toBeCloseTo(IMAGE_MARGIN_POINTS, 5);
    expect(box.top).toBeCloseTo(A4_SHORT - IMAGE_MARGIN_POINTS, 5);
    expect(box.left).toBeGreaterThan(IMAGE_MARGIN_POINTS);
    expect(box.left + box.right).toBeCloseTo(A4_LONG, 5);
    expect(landscape.width / landscape.height).toBeCloseTo(4000 / 3000, 5);

    const portrait = imagePlacement(1000, 3000, 0);
    expect(portrait.page).toEqual([A4_SHORT, A4_LONG]);
    expect(coveredBox(portrait).top).toBeCloseTo(A4_LONG - IMAGE_MARGIN_POINTS, 5);
  });

  it('never enlarges a small picture', () => {
    const small = imagePlacement(200, 100, 0);
    expect([small.width, small.height]).toEqual([200, 100]);
    expect(coveredBox(small)).toMatchObject({ left: (A4_LONG - 200) / 2, bottom: (A4_SHORT - 100) / 2 });
  });

  it('turns a sideways phone photo upright on a page of its shown orientation', () => {
    for (const turns of [1, 2, 3]) {
      const placed = imagePlacement(3000, 4000, turns);
      const box = coveredBox(placed);
      const sideways = turns % 2 === 1;
      expect(placed.page).toEqual(sideways ? [A4_LONG, A4_SHORT] : [A4_SHORT, A4_LONG]);
      expect(box.left).toBeGreaterThanOrEqual(IMAGE_MARGIN_POINTS - 1e-6);
      expect(box.bottom).toBeGreaterThanOrEqual(IMAGE_MARGIN_POINTS - 1e-6);
      expect(box.right).toBeLessThanOrEqual(placed.page[0] - IMAGE_MARGIN_POINTS + 1e-6);
      expect(box.top).toBeLessThanOrEqual(placed.page[1] - IMAGE_MARGIN_POINTS + 1e-6);
      expect(box.left + box.right).toBeCloseTo(placed.page[0], 5);
      expect(box.bottom + box.top).toBeCloseTo(placed.page[1], 5);
    }
  });
});

describe('merging into one PDF', () => {
  it('puts each picture on an A4 page and copies the PDF pages as they are', async () => {
    const pdf = await pdfWithPages([
      [612, 792],
      [300, 400],
    ]);
    const merged = await mergeToPdf([
      { bytes: PNG_40X20, type: 'png' },
      { bytes: JPEG_20X40, type: 'jpeg' },
      { bytes: pdf, type: 'pdf' },
      { bytes: withExifOrientation(JPEG_20X40, 6), type: 'jpeg' },
    ]);
    expect(sniffFileType(merged)).toBe('pdf');
    const document = await PDFDocument.load(merged);
    expect(document.getPageCount()).toBe(5);
    expect(document.getPages().map(sizeOf)).toEqual([
      [841.89, 595.28],
      [595.28, 841.89],
      [612, 792],
      [300, 400],
      // 20x40 stored, turned a quarter: shown 40x20, so a landscape page.
      [841.89, 595.28],
    ]);
  });

  it('merges two pictures into a two-page A4 PDF', async () => {
    const merged = await mergeToPdf([
      { bytes: JPEG_20X40, type: 'jpeg' },
      { bytes: PNG_40X20, type: 'png' },
    ]);
    const document = await PDFDocument.load(merged);
    expect(document.getPages().map(sizeOf)).toEqual([
      [595.28, 841.89],
      [841.89, 595.28],
    ]);
  });

  it('fails on a PDF it cannot read', async () => {
    const broken = new TextEncoder().encode('%PDF-1.7 rotto');
    await expect(mergeToPdf([{ bytes: broken, type: 'pdf' }])).rejects.toThrow();
  });
});
