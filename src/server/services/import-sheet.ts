/**
 * The bulk import's spreadsheet (spec 002 §3, §5; issue 17; ARCHITECTURE.md §7), an untrusted file:
 * - what it is, by its first bytes: an .xlsx (a zip) is read; an .xls (Excel 97-2003, an OLE2 compound
 *   file) is refused with an Italian text: the only registry parser of it is SheetJS 0.18, which has
 *   known vulnerabilities, and no other maintained one is on the registry;
 * - the zip is checked before anything unpacks it: entry count, the declared sizes, no zip64, only
 *   stored or deflated entries, the local entries exactly those of the central directory (exceljs streams
 *   the local headers), and every deflated entry inflated once into a counter that stops past its
 *   declared size or the total limit (a zip bomb never reaches exceljs);
 * - rows are read one at a time by exceljs's streaming WorkbookReader (first worksheet), from the zip
 *   checked again and rebuilt of its checked entries, the ones it needs first in front (`readerInput`):
 *   it unpacks only what was checked and never writes a temporary file; formulas are never
 *   evaluated: a formula cell counts by its cached result, one without it is an error;
 * - each row is checked by the rules of §5 (`checkRow`), and the output file is written as the rows
 *   go: the input's 14 columns (text escaped when it starts with = + - @) and the result column.
 * The template (`writeTemplate`) has the 14 columns, a hint on each header and Excel data validation.
 */
import { createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { crc32, createInflateRaw } from 'node:zlib';
import { Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  contractTypes,
  importColumns,
  importLimits,
  importResultHeader,
  jobLevels,
} from '../../../config/import-sheet';
import { creditSourceIds } from '../../../config/movement-kinds';
import { legalFigures } from '../../shared/legal-figures';
import { euro } from '../../shared/money';
import { isValidTaxCode, normalizeTaxCode } from '../../shared/validators';
import { formatMessage, type MessageKey } from '../messages';
import { escapeCellText } from './spreadsheet';

/** A text of the catalogue with parameters chosen at run time (the keys below are checked by tests). */
const formatAny = formatMessage as unknown as (key: MessageKey, params?: Record<string, unknown>) => string;

/** A file-level refusal: the whole file is invalid (its text goes to the job's note). */
export class ImportFileError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** What the reader threw, for the log (the user sees the message only). */
    cause?: unknown,
  ) {
    super(formatAny(key, params), cause === undefined ? undefined : { cause });
    this.name = 'ImportFileError';
  }
}

// ---------------------------------------------------------------------------------------------
// What the file is

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export type SheetFormat = 'xlsx' | 'xls';

/** The format by the first bytes, never by the name: null for anything else. */
export function sniffSpreadsheet(content: Buffer): SheetFormat | null {
  if (content.subarray(0, 4).equals(ZIP)) return 'xlsx';
  if (content.subarray(0, 8).equals(OLE2)) return 'xls';
  return null;
}

// ---------------------------------------------------------------------------------------------
// The zip, checked before unpacking

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function readCentralDirectory(zip: Buffer): ZipEntry[] {
  const floor = Math.max(0, zip.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = zip.length - 22; i >= floor; i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ImportFileError('apiImportNotSpreadsheet');
  const count = zip.readUInt16LE(eocd + 10);
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  // zip64 markers: a workbook never needs them, a bomb might.
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    throw new ImportFileError('apiImportZipTooLarge');
  }
  if (count > importLimits.maxZipEntries) throw new ImportFileError('apiImportZipTooManyEntries');
  if (cdOffset + cdSize > eocd) throw new ImportFileError('apiImportNotSpreadsheet');
  const entries: ZipEntry[] = [];
  let at = cdOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) {
      throw new ImportFileError('apiImportNotSpreadsheet');
    }
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Inflates `data` into a counter only: rejects once more than `limit` bytes come out. */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let total = 0;
    let over = false;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit && !over) {
        over = true;
        inflate.destroy();
        reject(new ImportFileError('apiImportZipTooLarge'));
      }
    });
    inflate.on('error', () => {
      if (!over) reject(new ImportFileError('apiImportNotSpreadsheet'));
    });
    inflate.on('end', () => resolve(total));
    inflate.end(data);
  });
}

const DATA_DESCRIPTOR = 0x08074b50;

/**
 * The local entries, walked from the first byte as a streaming reader walks them (exceljs reads the
 * local headers, not the central directory): every one must be an entry of the central directory, with
 * the same name and sizes, one after the other up to the central directory. An entry hidden from the
 * directory (whose size nothing checked: a 1 MB upload wrote a 1 GiB temporary file) is refused, as is
 * anything between the entries.
 */
function checkLocalEntries(zip: Buffer, entries: readonly ZipEntry[]): void {
  const byOffset = new Map(entries.map((entry) => [entry.localOffset, entry]));
  let at = 0;
  for (let n = 0; n < entries.length; n++) {
    const entry = byOffset.get(at);
    if (!entry || at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) {
      throw new ImportFileError('apiImportNotSpreadsheet');
    }
    const flags = zip.readUInt16LE(at + 6);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 30, at + 30 + nameLength);
    const hasDescriptor = (flags & 0x8) !== 0;
    const localCompressed = zip.readUInt32LE(at + 18);
    const localSize = zip.readUInt32LE(at + 22);
    if (name !== entry.name || zip.readUInt16LE(at + 8) !== entry.method) {
      throw new ImportFileError('apiImportNotSpreadsheet');
    }
    // Without a data descriptor the local header's sizes are the ones a streaming reader trusts.
    if (!hasDescriptor && (localCompressed !== entry.compressedSize || localSize !== entry.size)) {
      throw new ImportFileError('apiImportNotSpreadsheet');
    }
    at += 30 + nameLength + extraLength + entry.compressedSize;
    if (hasDescriptor) {
      // crc, compressed and real size, with or without the descriptor's signature; the sizes must agree.
      const signed = at + 4 <= zip.length && zip.readUInt32LE(at) === DATA_DESCRIPTOR;
      const fields = signed ? at + 4 : at;
      if (fields + 12 > zip.length) throw new ImportFileError('apiImportNotSpreadsheet');
      if (
        zip.readUInt32LE(fields + 4) !== entry.compressedSize ||
        zip.readUInt32LE(fields + 8) !== entry.size
      ) {
        throw new ImportFileError('apiImportNotSpreadsheet');
      }
      at = fields + 12;
    }
  }
  // Nothing after the last entry but the central directory: a streaming reader would read it as more.
  if (entries.length && (at + 4 > zip.length || zip.readUInt32LE(at) !== CENTRAL)) {
    throw new ImportFileError('apiImportNotSpreadsheet');
  }
}

/**
 * The checks of an .xlsx before exceljs opens it: at most `maxZipEntries` entries, the declared
 * unpacked sizes within `maxUnpackedBytes` together, and each entry's real unpacked size not above
 * what it declares (so the declared total holds).
 */
export async function checkZip(zip: Buffer): Promise<void> {
  const entries = readCentralDirectory(zip);
  let declared = 0;
  for (const entry of entries) {
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) {
      throw new ImportFileError('apiImportZipTooLarge');
    }
    declared += entry.size;
  }
  if (declared > importLimits.maxUnpackedBytes) throw new ImportFileError('apiImportZipTooLarge');
  checkLocalEntries(zip, entries);
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) {
      throw new ImportFileError('apiImportNotSpreadsheet');
    }
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw new ImportFileError('apiImportNotSpreadsheet');
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) throw new ImportFileError('apiImportNotSpreadsheet');
    } else if (entry.method === 8) {
      const real = await inflatedSize(data, entry.size);
      if (real !== entry.size) throw new ImportFileError('apiImportNotSpreadsheet');
    } else {
      throw new ImportFileError('apiImportNotSpreadsheet');
    }
  }
}

/**
 * An uploaded file's format, after every check that needs no unpacking beyond the counter: a real
 * .xlsx whose zip passes `checkZip`. An .xls is refused (see the header), anything else too.
 */
export async function checkUpload(content: Buffer): Promise<SheetFormat> {
  const format = sniffSpreadsheet(content);
  if (format === 'xls') throw new ImportFileError('apiImportXlsRefused');
  if (format === null) throw new ImportFileError('apiImportNotSpreadsheet');
  await checkZip(content);
  return format;
}

// ---------------------------------------------------------------------------------------------
// What the streaming reader gets

/**
 * The entries exceljs needs before a worksheet to read it as it streams (the relationships, the
 * workbook, the shared strings, the styles): a worksheet that comes before them, as in every file
 * Excel or exceljs writes, is copied by exceljs into a temporary file of its whole unpacked size (in
 * the system's temporary folder, left behind when the reading stops early or the process is killed).
 */
const READ_FIRST = [
  '_rels/.rels',
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
];
/** Stand-ins for the two of them a workbook may lack (without them exceljs would still spill a sheet to disk). */
const STAND_INS: Record<string, string> = {
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
  'xl/sharedStrings.xml':
    '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
};

function localHeader(entry: Omit<ZipEntry, 'localOffset'>): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x800, 6); // UTF-8 names, sizes in the header (no data descriptor)
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

/**
 * The zip as the streaming reader reads it, rebuilt from a zip that passed `checkZip`: only the entries
 * of the central directory, each with the sizes the directory declares (and `checkZip` proved) in its
 * local header and no data descriptor, the ones exceljs needs first in front (see READ_FIRST). So the
 * reader unpacks exactly what was checked and never writes a temporary file: all it may write to disk
 * is nothing.
 */
export function readerInput(zip: Buffer): Readable {
  const entries = readCentralDirectory(zip);
  const names = new Set(entries.map((e) => e.name));
  const rank = (name: string) => {
    const at = READ_FIRST.indexOf(name);
    return at < 0 ? READ_FIRST.length : at;
  };
  const ordered = [...entries].sort((a, b) => rank(a.name) - rank(b.name));
  function* parts(): Generator<Buffer> {
    for (const [name, text] of Object.entries(STAND_INS)) {
      if (names.has(name)) continue;
      const content = Buffer.from(text, 'utf8');
      yield localHeader({
        name,
        method: 0,
        crc: crc32(content),
        compressedSize: content.length,
        size: content.length,
      });
      yield content;
    }
    for (const entry of ordered) {
      const at = entry.localOffset;
      const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
      yield localHeader(entry);
      yield zip.subarray(start, start + entry.compressedSize);
    }
    // An empty end record: the reader stops there.
    const end = Buffer.alloc(22);
    end.writeUInt32LE(EOCD, 0);
    yield end;
  }
  return Readable.from(parts(), { objectMode: false });
}

// ---------------------------------------------------------------------------------------------
// Cells

/** A cell as the rules see it: its text (trimmed), and a number or a day when the cell is one. */
export interface CellRead {
  text: string;
  number?: number;
  /** 'YYYY-MM-DD' of a date cell. */
  day?: string;
  /** A formula cell without a cached result. */
  formulaWithoutValue?: boolean;
  /** What the output file writes back (never a formula). */
  raw: ExcelJS.CellValue;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function plain(value: unknown): CellRead {
  if (value === null || value === undefined) return { text: '', raw: null };
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return { text: '', raw: null };
    return { text: isoDay(value), day: isoDay(value), raw: value };
  }
  if (typeof value === 'number') return { text: String(value), number: value, raw: value };
  if (typeof value === 'boolean') return { text: value ? 'VERO' : 'FALSO', raw: value };
  if (typeof value === 'string') return { text: value.trim(), raw: value };
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if ('formula' in object || 'sharedFormula' in object) {
      // Never evaluated: the value Excel saved with the formula, or nothing.
      if (object.result === undefined || object.result === null) {
        return { text: '', formulaWithoutValue: true, raw: null };
      }
      if (typeof object.result === 'object' && !(object.result instanceof Date)) {
        return { text: '', formulaWithoutValue: true, raw: null };
      }
      return plain(object.result);
    }
    if (Array.isArray(object.richText)) {
      const text = (object.richText as Array<{ text?: unknown }>).map((r) => String(r.text ?? '')).join('');
      return { text: text.trim(), raw: text };
    }
    if ('text' in object) {
      const text = String(object.text ?? '');
      return { text: text.trim(), raw: text };
    }
    if ('error' in object) return { text: String(object.error), raw: String(object.error) };
  }
  return { text: String(value as string).trim(), raw: String(value as string) };
}

export function readCell(value: unknown): CellRead {
  const cell = plain(value);
  if (cell.text.length > importLimits.maxCellChars) {
    cell.text = cell.text.slice(0, importLimits.maxCellChars);
  }
  return cell;
}

/** A cell's value as the output file writes it: text escaped, numbers and dates as they are. */
export function outputValue(cell: CellRead): ExcelJS.CellValue {
  if (typeof cell.raw === 'string') return escapeCellText(cell.raw);
  return cell.raw;
}

// ---------------------------------------------------------------------------------------------
// Values

const DAY_DMY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const DAY_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDay(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return isoDay(date);
}

/** A day: a date cell, an Excel serial number, or text DD-MM-YYYY (also / or .) or YYYY-MM-DD. */
export function parseDay(cell: CellRead): string | null {
  if (cell.day) return cell.day;
  if (cell.number !== undefined) {
    if (!Number.isInteger(cell.number) || cell.number < 1 || cell.number > 2958465) return null;
    return isoDay(new Date(Date.UTC(1899, 11, 30) + cell.number * 86_400_000));
  }
  const dmy = DAY_DMY.exec(cell.text);
  if (dmy) return validDay(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  const iso = DAY_ISO.exec(cell.text);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

const EURO_IT = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;
const EURO_DOT = /^(\d+)\.(\d{1,2})$/;
const MAX_AMOUNT_CENTS = 100_000_000_00;

/**
 * An amount in euro, in cents: a number cell with at most two decimals, or text as people write it
 * ("1.500,00", "1500,5", "1500") or with a dot decimal ("1500.00"); an optional € sign. Not negative.
 */
export function parseEuroCents(cell: CellRead): number | null {
  let cents: number | null = null;
  if (cell.number !== undefined) {
    const scaled = Math.round(cell.number * 100);
    if (cell.number < 0 || Math.abs(scaled - cell.number * 100) > 1e-6) return null;
    cents = scaled;
  } else {
    const text = cell.text.replace(/\s*€\s*/g, '').trim();
    const it = EURO_IT.exec(text);
    const dot = it ? null : EURO_DOT.exec(text);
    if (it) cents = Number(it[1]!.replaceAll('.', '')) * 100 + Number(((it[2] ?? '') + '00').slice(0, 2));
    else if (dot) cents = Number(dot[1]) * 100 + Number((dot[2]! + '00').slice(0, 2));
  }
  if (cents === null || !Number.isSafeInteger(cents) || cents > MAX_AMOUNT_CENTS) return null;
  return cents;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ---------------------------------------------------------------------------------------------
// Rows

/** What a valid row brings (days 'YYYY-MM-DD', amounts in cents). */
export interface ImportRow {
  email: string;
  cognome: string;
  nome: string;
  codiceFiscale: string;
  tipoContratto: string;
  inquadramento: string;
  impiegatoDal: string;
  impiegatoAl: string;
  welfareTotaleCents: number;
  welfareArt51c3Cents: number;
  decorrenza: string;
  scadenza: string;
  tipoFonte: number;
}

export interface RowCheck {
  errors: string[];
  warnings: string[];
  row: ImportRow | null;
}

const HEADERS = importColumns.map((c) => c.header);
const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The header row must name the 14 columns in order (case and spaces aside). */
export function checkHeader(cells: readonly CellRead[]): void {
  const found = HEADERS.map((_, i) => norm(cells[i]?.text ?? ''));
  if (!found.every((name, i) => name === norm(HEADERS[i]!))) {
    throw new ImportFileError('apiImportBadHeader', { columns: HEADERS.join(', ') });
  }
}

const choiceOf = (choices: readonly string[], text: string) =>
  choices.find((choice) => norm(choice) === norm(text)) ?? null;

/**
 * The rules of one row (spec 002 §3, §5): every error, each in Italian. `seenEmails` holds the e-mails
 * of the rows before (lower case -> row number), for the uniqueness within the file.
 */
export function checkRow(
  cells: readonly CellRead[],
  seenEmails: Map<string, number>,
  rowNumber: number,
): RowCheck {
  const errors: string[] = [];
  const add = (key: MessageKey, params: Record<string, unknown> = {}) => errors.push(formatAny(key, params));
  const cell = (i: number): CellRead => cells[i] ?? { text: '', raw: null };
  const column = (i: number) => importColumns[i]!.header;
  for (let i = 0; i < importColumns.length; i++) {
    if (cell(i).formulaWithoutValue) add('apiImportFormulaWithoutValue', { column: column(i) });
  }
  const required = (i: number): string | null => {
    const text = cell(i).text;
    if (text === '' && !cell(i).formulaWithoutValue) {
      add('apiImportRequired', { column: column(i) });
      return null;
    }
    return text === '' ? null : text;
  };

  // Email: present, an address, once in the file.
  const emailText = required(0);
  let email: string | null = null;
  if (emailText !== null) {
    const lower = emailText.toLowerCase();
    if (!EMAIL.test(lower) || lower.length > 254) add('apiImportEmailInvalid');
    else {
      const first = seenEmails.get(lower);
      if (first !== undefined) add('apiImportEmailDuplicate', { row: first });
      else {
        seenEmails.set(lower, rowNumber);
        email = lower;
      }
    }
  }
  // Password: left empty.
  if (cell(1).text !== '') add('apiImportPasswordNotEmpty');
  const cognome = required(2);
  const nome = required(3);
  const cfText = required(4);
  let codiceFiscale: string | null = null;
  if (cfText !== null) {
    if (isValidTaxCode(cfText)) codiceFiscale = normalizeTaxCode(cfText);
    else add('apiImportTaxCodeInvalid');
  }
  const contractText = required(5);
  const tipoContratto = contractText === null ? null : choiceOf(contractTypes, contractText);
  if (contractText !== null && tipoContratto === null) {
    add('apiImportChoiceInvalid', { column: column(5), choices: contractTypes.join(', ') });
  }
  const levelText = required(6);
  const inquadramento = levelText === null ? null : choiceOf(jobLevels, levelText);
  if (levelText !== null && inquadramento === null) {
    add('apiImportChoiceInvalid', { column: column(6), choices: jobLevels.join(', ') });
  }
  const day = (i: number): string | null => {
    if (required(i) === null && cell(i).number === undefined && cell(i).day === undefined) return null;
    const parsed = parseDay(cell(i));
    if (parsed === null) add('apiImportDateInvalid', { column: column(i) });
    return parsed;
  };
  const impiegatoDal = day(7);
  const impiegatoAl = day(8);
  if (impiegatoDal && impiegatoAl && impiegatoDal >= impiegatoAl) {
    add('apiImportDateOrder', { first: column(7), second: column(8) });
  }
  const amount = (i: number): number | null => {
    if (required(i) === null) return null;
    const cents = parseEuroCents(cell(i));
    if (cents === null) add('apiImportAmountInvalid', { column: column(i) });
    return cents;
  };
  const totale = amount(9);
  const art51c3 = amount(10);
  const decorrenza = day(11);
  const scadenza = day(12);
  if (decorrenza && scadenza && decorrenza >= scadenza) {
    add('apiImportDateOrder', { first: column(11), second: column(12) });
  }
  if (totale !== null && art51c3 !== null) {
    if (totale === 0 && art51c3 !== 0) add('apiImportArt51c3NoIncrease');
    else if (art51c3 > totale) add('apiImportArt51c3AboveTotal');
    else if (art51c3 !== 0 || totale !== 0) {
      const year = Number((decorrenza ?? new Date().toISOString()).slice(0, 4));
      const figures = legalFigures(year);
      const allowed = [figures.art51c3Limit, figures.art51c3LimitWithChildren];
      if (!allowed.includes(art51c3)) {
        add('apiImportArt51c3Limit', {
          year,
          limit: euro(figures.art51c3Limit),
          withChildren: euro(figures.art51c3LimitWithChildren),
        });
      }
    }
  }
  const fonteText = required(13);
  let tipoFonte: number | null = null;
  if (fonteText !== null) {
    const value = cell(13).number ?? (/^\d+$/.test(fonteText) ? Number(fonteText) : NaN);
    if (Number.isInteger(value) && (creditSourceIds as readonly number[]).includes(value)) tipoFonte = value;
    else add('apiImportFonteInvalid');
  }

  const warnings: string[] = [];
  if (errors.length > 0) return { errors, warnings, row: null };
  return {
    errors,
    warnings,
    row: {
      email: email!,
      cognome: cognome!,
      nome: nome!,
      codiceFiscale: codiceFiscale!,
      tipoContratto: tipoContratto!,
      inquadramento: inquadramento!,
      impiegatoDal: impiegatoDal!,
      impiegatoAl: impiegatoAl!,
      welfareTotaleCents: totale!,
      welfareArt51c3Cents: art51c3!,
      decorrenza: decorrenza!,
      scadenza: scadenza!,
      tipoFonte: tipoFonte!,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading the rows, writing the output

export interface SheetRow {
  /** 1-based row number in the sheet. */
  number: number;
  cells: CellRead[];
}

/**
 * The rows of the first worksheet after the header, one at a time (empty rows skipped), from an .xlsx
 * that passed `checkUpload`. Throws `ImportFileError` for a bad header or too many rows.
 */
export async function* readSheetRows(path: string): AsyncGenerator<SheetRow> {
  // The stored file is checked again (a file at rest may not have come through the upload), and the
  // reader gets it rebuilt from its checked entries: see `readerInput`.
  const size = (await stat(path)).size;
  if (size > importLimits.maxUploadBytes) throw new ImportFileError('apiImportZipTooLarge');
  const zip = await readFile(path);
  await checkUpload(zip);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(readerInput(zip), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  let sheetIndex = 0;
  let sawHeader = false;
  let rows = 0;
  try {
    for await (const worksheet of reader) {
      sheetIndex += 1;
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        if (sheetIndex > 1) continue;
        const values = row.values as unknown[];
        const cells: CellRead[] = [];
        for (let i = 0; i < importColumns.length; i++) cells.push(readCell(values[i + 1]));
        if (!sawHeader) {
          checkHeader(cells);
          sawHeader = true;
          continue;
        }
        if (cells.every((c) => c.text === '' && !c.formulaWithoutValue)) continue;
        rows += 1;
        if (rows > importLimits.maxRows) {
          throw new ImportFileError('apiImportTooManyRows', { max: importLimits.maxRows });
        }
        yield { number: row.number, cells };
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('apiImportNotSpreadsheet', {}, error);
  }
  if (!sawHeader) throw new ImportFileError('apiImportNoRows');
}

/** The output file: the input's columns and `Esito`, written row by row. */
export class OutputSheet {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly out: Writable;

  constructor(path: string) {
    this.out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: this.out,
      useStyles: true,
      useSharedStrings: false,
    });
    this.sheet = this.workbook.addWorksheet('Esito', { views: [{ state: 'frozen', ySplit: 1 }] });
    this.sheet.columns = [
      ...importColumns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width })),
      { header: importResultHeader, key: 'esito', width: 80 },
    ];
    const header = this.sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
  }

  add(cells: readonly CellRead[], result: string): void {
    const row = this.sheet.addRow([...cells.map(outputValue), escapeCellText(result)]);
    for (let i = 0; i < cells.length; i++) {
      if (cells[i]!.raw instanceof Date) row.getCell(i + 1).numFmt = 'dd-mm-yyyy';
    }
    row.commit();
  }

  async close(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
    if (!this.out.writableFinished) await once(this.out, 'finish');
  }
}

// ---------------------------------------------------------------------------------------------
// The template

/** template.xlsx: the 14 columns with a hint on each header (a note) and Excel data validation. */
export async function writeTemplate(out: Writable): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portale Welfare';
  const sheet = workbook.addWorksheet('Tracciato', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = importColumns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  importColumns.forEach((column, i) => {
    header.getCell(i + 1).note = column.hint;
  });
  const LAST = 5000;
  const letter = (i: number) => String.fromCharCode(65 + i);
  importColumns.forEach((column, i) => {
    let validation: ExcelJS.DataValidation | null = null;
    const prompt = { showInputMessage: true, promptTitle: column.header, prompt: column.hint.slice(0, 255) };
    const error = { showErrorMessage: true, errorTitle: column.header, error: column.hint.slice(0, 255) };
    if (column.kind === 'choice') {
      validation = {
        type: 'list',
        allowBlank: false,
        formulae: [`"${(column as { choices: readonly string[] }).choices.join(',')}"`],
        ...prompt,
        ...error,
      };
    } else if (column.kind === 'date') {
      validation = {
        type: 'date',
        operator: 'greaterThan',
        allowBlank: false,
        formulae: [new Date(Date.UTC(1900, 0, 1))],
        ...prompt,
        ...error,
      };
    } else if (column.kind === 'euro') {
      validation = { type: 'decimal', operator: 'greaterThanOrEqual', formulae: [0], ...prompt, ...error };
    } else if (column.kind === 'fonte') {
      validation = { type: 'whole', operator: 'between', formulae: [1, 7], ...prompt, ...error };
    } else if (column.kind === 'empty') {
      validation = { type: 'textLength', operator: 'equal', formulae: [0], ...prompt, ...error };
    } else {
      validation = { type: 'any', formulae: [], ...prompt } as unknown as ExcelJS.DataValidation;
    }
    (
      sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }
    ).dataValidations.add(`${letter(i)}2:${letter(i)}${LAST}`, validation);
    if (column.kind === 'date') sheet.getColumn(i + 1).numFmt = 'dd-mm-yyyy';
    if (column.kind === 'euro') sheet.getColumn(i + 1).numFmt = '#,##0.00';
  });
  await workbook.xlsx.write(out);
}
