/**
 * Helpers of the movement-history end-to-end tests (movements.e2e.ts, movements-referent.e2e.ts):
 * browser contexts in the Rome time zone, the test's own oracles of what the screen must show (euro
 * amounts, Rome dates, Italian month names, written here and not taken from the portal's code), API
 * calls through the page's request context, and reading a downloaded .xlsx with exceljs.
 */
import ExcelJS from 'exceljs';
import type { APIRequestContext, Browser, BrowserContext, Download, Locator } from 'playwright-core';
import { expect } from 'vitest';
import { syncBrowserClock } from './harness';

/**
 * Contexts of one test, in the Europe/Rome zone unless told (the portal shows instants on Rome's wall
 * clock whatever the browser's zone, as its spreadsheets do), closed after the test; the uncaught
 * errors of their pages are collected so that a crash fails the test.
 */
export class RomeContexts {
  private contexts: BrowserContext[] = [];
  private errors: string[] = [];

  constructor(
    private readonly browser: () => Browser,
    private readonly baseUrl: () => string,
  ) {}

  async context(width = 1280, timezoneId = 'Europe/Rome'): Promise<BrowserContext> {
    const context = await this.browser().newContext({
      baseURL: this.baseUrl(),
      viewport: { width, height: width < 600 ? 740 : 900 },
      locale: 'it-IT',
      timezoneId,
      acceptDownloads: true,
    });
    await syncBrowserClock(context);
    context.on('weberror', (error) => this.errors.push(String(error.error())));
    this.contexts.push(context);
    return context;
  }

  /** Closes the test's contexts; returns (and forgets) the uncaught page errors they met. */
  async closeAll(): Promise<string[]> {
    await Promise.all(this.contexts.map((c) => c.close()));
    this.contexts = [];
    const errors = this.errors;
    this.errors = [];
    return errors;
  }
}

// ---------------------------------------------------------------------------------------------
// Oracles

/** The spec's movement kinds (000 §3 "Movement row"): the labels the table and the file show. */
export const KIND_LABELS: Record<number, string> = {
  1: 'Rimborso',
  2: 'Hype',
  3: 'Rimborso interessi',
  4: 'Preventivo',
  5: 'Buono',
  6: 'Convenzione',
  7: 'Previdenza integrativa',
  8: 'Assistenza sanitaria integrativa',
  9: 'Piattapasto',
  10: 'Trasferimento credito',
  11: 'Preventivo Art51c3',
  12: 'Bonus',
  13: 'Rimborso Bollette',
  14: 'Rimborso Affitto/Mutuo',
};

/** Whitespace as one plain space (Intl puts a no-break space before €). */
export const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A wire amount ("1234.50", "-3.00") as Italian statements show it: "1.234,50 €". */
export function euro(wire: string | null | undefined): string {
  const value = wire ?? '0.00';
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new Error(`importo non valido: ${value}`);
  const [, sign, whole, fraction] = match;
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${grouped},${fraction} €`;
}

/** Integer cents of a wire amount. */
export function cents(wire: string | null | undefined): number {
  if (wire == null) return 0;
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(wire);
  if (!match) throw new Error(`importo non valido: ${wire}`);
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

/** Cents as a wire amount. */
export function wire(centsValue: number): string {
  const sign = centsValue < 0 ? '-' : '';
  const abs = Math.abs(centsValue);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const romeParts = (instant: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

/** An instant as the wall clock in Rome: DD-MM-YYYY HH:mm:ss. */
export function romeDateTime(iso: string | Date): string {
  const p = romeParts(new Date(iso));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** The day of an instant in Rome, YYYY-MM-DD. */
export function romeDay(iso: string | Date = new Date()): string {
  const p = romeParts(new Date(iso));
  return `${p.year}-${p.month}-${p.day}`;
}

/** YYYY-MM-DD as shown: DD-MM-YYYY. */
export const shownDay = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;

/** Days added to a YYYY-MM-DD (calendar arithmetic in UTC: no zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day of the month `months` away from the month of `day`. */
export function monthStart(day: string, months = 0): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

const SHORT_MONTHS = ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'];
const LONG_MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];

/** "2026-03" as the chart labels it: "mar 2026". */
export const chartMonth = (month: string) =>
  `${SHORT_MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The accessible name of a day in the Italian calendar: "5 marzo 2026". */
export const calendarDay = (day: string) =>
  `${Number(day.slice(8, 10))} ${LONG_MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

// ---------------------------------------------------------------------------------------------
// API answers (the shapes the tests read)

export interface Movement {
  id: number;
  id_kind: number;
  kind: string;
  id_acquisto: number | null;
  oggetto: string;
  soggetto: string;
  created: string;
  AVERE: string | null;
  DARE: string | null;
  dipendente?: string;
}

export interface HistoryAnswer {
  date_start: string;
  date_stop: string;
  count: number;
  results: Movement[];
  totals: { AVERE: string; DARE: string };
  monthly: { month: string; AVERE: string; DARE: string }[];
  saldo_aziendale?: string;
}

export type Query = Record<string, string | number | boolean>;

/** `GET /api/get_acquisto_full/{id}`: the parts a replay test reads. */
export interface PurchaseFull {
  kind: number;
  id_categ_id: number | null;
  acquisto_row: { importo_totale: string };
}

/** `GET /api/categorie/{kind}`. */
export interface Category {
  id: number;
  nome: string;
}

/** A GET of the API (`path` from /api) with the session's token (and Act-For when given); 200 or fails. */
export async function apiGet<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  query: Query = {},
  actFor?: number,
): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Token ${token}` };
  if (actFor !== undefined) headers['Act-For'] = String(actFor);
  const response = await request.get(path, { params: query, headers });
  expect(response.status(), `${path} ${JSON.stringify(query)}`).toBe(200);
  return (await response.json()) as T;
}

/** The query of an API call the page made, as a plain object. */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

// ---------------------------------------------------------------------------------------------
// What the screen shows

/** The cells' text of every row of a table body (or of the rows matched by `rows`). */
export async function cellTexts(rows: Locator): Promise<string[][]> {
  return rows.evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from(tr.children).map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()),
    ),
  );
}

/** The text of the elements a locator matches now, squashed and joined (no waiting: for polls). */
export async function textNow(locator: Locator): Promise<string> {
  return squash((await locator.allTextContents()).join(' '));
}

/** The value of the inputs a locator matches now (no waiting: for polls). */
export async function valueNow(locator: Locator): Promise<string> {
  const values = await locator.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  return values.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Spreadsheets

export interface Sheet {
  name: string;
  header: string[];
  /** Data rows: one value per column (exceljs values: string, number, Date or null). */
  rows: ExcelJS.CellValue[][];
  /** The number formats of the first data row, by column. */
  formats: string[];
}

/** Saves a download and reads its first sheet; fails unless it is a real .xlsx (a ZIP). */
export async function readDownload(download: Download): Promise<Sheet> {
  const path = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('il file scaricato non ha fogli');
  const width = sheet.columnCount;
  const valuesOf = (row: ExcelJS.Row) =>
    Array.from({ length: width }, (_, i) => {
      const value = row.getCell(i + 1).value;
      return value === undefined ? null : value;
    });
  const header = valuesOf(sheet.getRow(1)).map((v) => String(v ?? ''));
  const rows: ExcelJS.CellValue[][] = [];
  const formats: string[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    rows.push(valuesOf(row));
    if (n === 2) for (let i = 1; i <= width; i++) formats.push(row.getCell(i).numFmt ?? '');
  });
  return { name: sheet.name, header, rows, formats };
}

/** A date cell (Rome wall clock written as UTC fields) as DD-MM-YYYY HH:mm:ss. */
export function cellDateTime(value: ExcelJS.CellValue): string {
  if (!(value instanceof Date)) throw new Error(`cella non di data: ${String(value)}`);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${two(value.getUTCDate())}-${two(value.getUTCMonth() + 1)}-${value.getUTCFullYear()} ` +
    `${two(value.getUTCHours())}:${two(value.getUTCMinutes())}:${two(value.getUTCSeconds())}`
  );
}

/** A money cell as cents (null for an empty cell). */
export function cellCents(value: ExcelJS.CellValue): number | null {
  if (value === null) return null;
  if (typeof value !== 'number') throw new Error(`cella non numerica: ${String(value)}`);
  return Math.round(value * 100);
}
