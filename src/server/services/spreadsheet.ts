/**
 * Spreadsheets the API hands out (movement history, back-office exports): .xlsx written row by row
 * with exceljs's streaming workbook writer straight into the answer, so a year of a large company
 * never sits in memory as a workbook. Callers feed rows in batches (a keyset-paged cursor); between
 * batches the writer waits while the answer's buffer is full, so a slow client slows the queries
 * down instead of filling memory.
 *
 * Cells (ARCHITECTURE.md §7): text that starts with = + - @ (or tab, carriage return) is escaped with
 * a leading apostrophe, so no spreadsheet program reads it as a formula; amounts are numbers with two
 * decimals (cents in, euros out); instants are date cells shown DD-MM-YYYY HH:mm:ss, days DD-MM-YYYY.
 */
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MONEY_FORMAT = '#,##0.00';
export const DATETIME_FORMAT = 'dd-mm-yyyy hh:mm:ss';
export const DATE_FORMAT = 'dd-mm-yyyy';

/**
 * How a column reads its values: `text` a string (escaped), `integer` a number, `money` integer cents,
 * `datetime` the wall-clock time in Rome as 'YYYY-MM-DDTHH:MM:SS', `date` a day 'YYYY-MM-DD'.
 * null leaves the cell empty.
 */
export type CellKind = 'text' | 'integer' | 'money' | 'datetime' | 'date';
export type CellInput = string | number | null;

export interface SheetColumn {
  header: string;
  kind: CellKind;
  width: number;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text as it goes into a cell: a leading = + - @ tab or CR gets an apostrophe in front. */
export function escapeCellText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One style object per kind, shared by every cell of its columns: exceljs keys the styles it has seen by
 * object identity, so a shared object costs one lookup per cell instead of a new style each time
 * (column styles are copied into every cell, which made the styles most of the writing time).
 */
const CELL_STYLE: Record<CellKind, Partial<ExcelJS.Style>> = {
  text: {},
  integer: {},
  money: { numFmt: MONEY_FORMAT },
  datetime: { numFmt: DATETIME_FORMAT },
  date: { numFmt: DATE_FORMAT },
};

/**
 * A day or a wall-clock time as an Excel date. Excel dates have no time zone: exceljs turns a Date
 * into a serial number from its UTC fields, so the Rome wall clock is written as if it were UTC.
 */
function excelDate(text: string, kind: 'date' | 'datetime'): Date {
  return new Date(kind === 'date' ? `${text}T00:00:00Z` : `${text}Z`);
}

function cellValue(kind: CellKind, value: CellInput): ExcelJS.CellValue {
  if (value === null) return null;
  switch (kind) {
    case 'text':
      return escapeCellText(String(value));
    case 'integer':
      return Number(value);
    case 'money':
      // Integer cents: the quotient is the nearest double to the two-decimal amount.
      return Number(value) / 100;
    case 'date':
    case 'datetime':
      return excelDate(String(value), kind);
  }
}

/** The answer's stream was closed (client gone): stop producing rows. */
export class StreamClosedError extends Error {
  constructor() {
    super('stream closed');
    this.name = 'StreamClosedError';
  }
}

/** Resolves when `out` can take more, or throws when it was closed meanwhile. */
async function drained(out: Writable): Promise<void> {
  if (out.destroyed) throw new StreamClosedError();
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
  if (out.destroyed) throw new StreamClosedError();
}

/**
 * Lets the event loop run (timers, sockets, other requests) before the next batch. On the embedded
 * database a query answers without leaving the microtask queue: a loop of queries, however short each
 * one, would otherwise hold the whole server until its end (a 20,000-row export: 1-6 s without a
 * single other answer; tests/server/long-jobs-embedded.test.ts).
 */
export function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export interface SheetRows {
  /** Appends rows (one value per column, in column order) and waits while the output is full. */
  add(rows: readonly (readonly CellInput[])[]): Promise<void>;
}

export interface WorkbookOptions {
  sheetName: string;
  columns: readonly SheetColumn[];
  /** Produces the rows, batch by batch. */
  fill(rows: SheetRows): Promise<void>;
}

/** Writes one sheet with a bold, frozen header row into `out`, and ends it. */
export async function writeXlsx(out: Writable, options: WorkbookOptions): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const kinds = options.columns.map((c) => c.kind);
  const styles = kinds.map((kind) => CELL_STYLE[kind]);
  sheet.columns = options.columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  await options.fill({
    async add(rows) {
      for (const values of rows) {
        const row = sheet.addRow(values.map((value, i) => cellValue(kinds[i] ?? 'text', value)));
        for (let i = 0; i < styles.length; i++) row.getCell(i + 1).style = styles[i] ?? CELL_STYLE.text;
        row.commit();
      }
      await drained(out);
      await breathe();
    },
  });
  sheet.commit();
  await workbook.commit();
}

/**
 * Answers a spreadsheet as an attachment: the headers go out at once, the body as `write` produces
 * it. A failure after the first byte can no longer become an error answer: it is logged and the
 * answer is cut short (the client sees a broken download, never a truncated file that looks whole).
 */
export function sendXlsx(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  write: (out: Writable) => Promise<void>,
): FastifyReply {
  const out = new PassThrough();
  write(out).catch((error: unknown) => {
    if (!(error instanceof StreamClosedError)) request.log.error({ err: error }, 'export interrotto');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.header('content-disposition', `attachment; filename="${fileName}"`).type(XLSX_MIME).send(out);
}
