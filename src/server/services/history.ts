/**
 * The movement history (spec 000 §2 "Movement history", §3 "Movement row", §7 get_storico_transazioni)
 * of an employee (entity `utente`) or of a company (entity `azienda`: every movement of its employees,
 * read through movements.company_id), filtered by a range of days in Rome and a search text.
 *
 * Every figure is computed by the database: the monthly totals (GROUP BY the month in Europe/Rome,
 * every month of the range listed, empty ones at zero) and the totals of the range (the ROLLUP row of
 * the same query). A page reads its ids from the covering index alone (deferred join) and then fetches
 * those rows; the download walks the range with a keyset cursor, batch by batch, into a streamed .xlsx.
 */
import type { Writable } from 'node:stream';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { formatMessage, type MessageKey, type ServerMessageArgs } from '../messages';
import { movementKindLabel, replayRouteOf } from '../../../config/movement-kinds';
import { formatCents } from '../../shared/money';
import { movementsUserTable } from '../../../config/tables/movements-user';
import type { DB, PurchaseStatus, Verso } from '../db/schema';
import { ApiError, type FieldErrors } from '../errors';
import { addDays, addMonths } from './calendar';
import { writeXlsx, type CellInput, type SheetColumn, type SheetRows } from './spreadsheet';
import type { PageSlice } from './paging';
import type { Movimento, StoricoTransazioni } from '../../../schemas/wire-types.gen';

export type HistoryEntity = 'utente' | 'azienda';

export type HistoryScope = { entity: 'utente'; userId: number } | { entity: 'azienda'; companyId: number };

export interface HistoryFilter {
  /** First day, 'YYYY-MM-DD' in Rome, included. */
  dateStart: string;
  /** Last day, 'YYYY-MM-DD' in Rome, included. */
  dateStop: string;
  /** Case-insensitive text searched in oggetto and soggetto (and, for a company, the employee's name). */
  search?: string | null;
}

/** Page sizes of the history (the spec's list sizes: 10, 25, 50, 100, 500; 25 by default), as declared. */
export const HISTORY_PAGING = movementsUserTable.paging;
export const HISTORY_SEARCH_MAX = 100;
/**
 * Rows per query of a download. On the embedded database (one connection, each query run on the
 * event loop) a query holds every other request: 2,000 rows of a company's history took up to 1.3 s
 * there (tests/server/long-jobs-embedded.test.ts), 500 stay well under a second.
 */
export const HISTORY_BATCH = 500;

/** A movement; `id_utente` and `dipendente` (the employee) in the company view only. */
export type WireMovement = Movimento;
export type MonthTotals = StoricoTransazioni['monthly'][number];
export type HistorySummary = Pick<StoricoTransazioni, 'count' | 'totals' | 'monthly'>;
/** A page of the history; the route adds `saldo_aziendale` for the company view. */
export type HistoryPage = Omit<StoricoTransazioni, 'saldo_aziendale'>;

/** The default range: the month of the last day and the 11 before it (the last day: today). */
export function defaultHistoryStart(dateStop: string): string {
  return `${addMonths(dateStop, -11).slice(0, 7)}-01`;
}

/** The filter of a request: defaults filled in, start after stop refused (400 on date_start). */
export function historyFilter(
  query: { date_start?: string; date_stop?: string; search?: string },
  today: string,
): HistoryFilter {
  const dateStop = query.date_stop ?? today;
  const dateStart = query.date_start ?? defaultHistoryStart(dateStop);
  if (dateStart > dateStop) throw fieldError('date_start', 'movDateStartAfterStop');
  const search = query.search?.trim() ?? '';
  return { dateStart, dateStop, search: search === '' ? null : search };
}

function fieldError<K extends MessageKey>(field: string, key: K, ...params: ServerMessageArgs<K>): ApiError {
  const body: FieldErrors = { [field]: [formatMessage(key, ...params)] };
  return new ApiError(400, body);
}

// ---------------------------------------------------------------------------------------------
// SQL pieces shared by the summary, the page and the download

const ROME = sql.lit('Europe/Rome');

/** The first instant of a day in Rome. */
function dayStart(day: string): RawBuilder<Date> {
  return sql<Date>`(${day}::date::timestamp AT TIME ZONE ${ROME})`;
}

/** The first instant of the day after, in Rome (exclusive bound). */
function dayAfter(day: string): RawBuilder<Date> {
  return sql<Date>`((${day}::date + 1)::timestamp AT TIME ZONE ${ROME})`;
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface Query {
  /** FROM clause: movements m. */
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
}

function scopeCondition(scope: HistoryScope, alias: 'm' | 't'): RawBuilder<unknown> {
  return scope.entity === 'utente'
    ? sql`${sql.ref(`${alias}.user_id`)} = ${scope.userId}`
    : sql`${sql.ref(`${alias}.company_id`)} = ${scope.companyId}`;
}

/**
 * The filtered movements. The search reads trigram indexes (012-history-speed.sql): oggetto, soggetto
 * and, for a company, the employees whose name matches (their movements by the employee index); no
 * join, so each branch is an index scan and a search never reads the whole range.
 */
function query(scope: HistoryScope, filter: HistoryFilter): Query {
  const conditions: RawBuilder<unknown>[] = [
    scopeCondition(scope, 'm'),
    sql`m.created >= ${dayStart(filter.dateStart)}`,
    sql`m.created < ${dayAfter(filter.dateStop)}`,
  ];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const text = sql`m.oggetto ILIKE ${pattern} OR m.soggetto ILIKE ${pattern}`;
    conditions.push(
      scope.entity === 'azienda'
        ? sql`(${text} OR m.user_id = ANY (ARRAY(
              SELECT u.id FROM users AS u
               WHERE (u.nome || ' ' || u.cognome) ILIKE ${pattern} OR (u.cognome || ' ' || u.nome) ILIKE ${pattern})))`
        : sql`(${text})`,
    );
  }
  return { from: sql`movements AS m`, where: sql.join(conditions, sql` AND `) };
}

// ---------------------------------------------------------------------------------------------
// Summary: count, totals and monthly totals

export interface MonthRow {
  month: string | null;
  n: number;
  avere: number;
  dare: number;
}

/** A part of a month read from the movements themselves, added (1) or taken away (-1). */
export interface MonthPiece {
  /** The month, 'YYYY-MM-01'. */
  month: string;
  sign: 1 | -1;
  /** First day included and first day excluded, 'YYYY-MM-DD' in Rome. */
  from: string;
  to: string;
}

/**
 * How a range without search is summed: the months read from `movement_month_totals`, and the pieces
 * of its edge months read from the movements. A month wholly inside the range is its stored total; a
 * month mostly inside is its total minus the days outside (the default range ends today, so the days
 * taken away are the rest of this month, where nothing has happened yet); a month mostly outside is
 * the days inside. At most two edge months, each read over at most half of its days.
 */
export function summaryPlan(filter: Pick<HistoryFilter, 'dateStart' | 'dateStop'>): {
  wholeMonths: string[];
  pieces: MonthPiece[];
} {
  const days = (from: string, to: string) =>
    Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
  const end = addDays(filter.dateStop, 1);
  const wholeMonths: string[] = [];
  const pieces: MonthPiece[] = [];
  for (let month = `${filter.dateStart.slice(0, 7)}-01`; month < end; month = addMonths(month, 1)) {
    const next = addMonths(month, 1);
    const from = filter.dateStart > month ? filter.dateStart : month;
    const to = end < next ? end : next;
    if (from === month && to === next) {
      wholeMonths.push(month);
    } else if (2 * days(from, to) >= days(month, next)) {
      wholeMonths.push(month);
      if (month < from) pieces.push({ month, sign: -1, from: month, to: from });
      if (to < next) pieces.push({ month, sign: -1, from: to, to: next });
    } else {
      pieces.push({ month, sign: 1, from, to });
    }
  }
  return { wholeMonths, pieces };
}

/** Per month of the filtered movements: from the stored totals without search, else counted. */
function perMonthQuery(scope: HistoryScope, filter: HistoryFilter): RawBuilder<unknown> {
  const sums = (sign: RawBuilder<unknown>) => sql`${sign} * count(*) AS n,
             ${sign} * coalesce(sum(m.importo) FILTER (WHERE m.verso = 'AVERE'), 0) AS avere,
             ${sign} * coalesce(sum(m.importo) FILTER (WHERE m.verso = 'DARE'), 0) AS dare`;
  if (filter.search) {
    const q = query(scope, filter);
    return sql`
      SELECT date_trunc('month', m.created AT TIME ZONE ${ROME}) AS month, ${sums(sql`1`)}
        FROM ${q.from}
       WHERE ${q.where}
       GROUP BY 1`;
  }
  const plan = summaryPlan(filter);
  const parts: RawBuilder<unknown>[] = [];
  if (plan.wholeMonths.length > 0) {
    parts.push(sql`
      SELECT t.month, t.n, t.avere, t.dare
        FROM movement_month_totals AS t
       WHERE ${scopeCondition(scope, 't')}
         AND t.month IN (${sql.join(plan.wholeMonths.map((month) => sql`${month}::date`))})`);
  }
  for (const piece of plan.pieces) {
    parts.push(sql`
      SELECT ${piece.month}::date AS month, ${sums(sql.raw(piece.sign === 1 ? '1' : '-1'))}
        FROM movements AS m
       WHERE ${scopeCondition(scope, 'm')}
         AND m.created >= ${dayStart(piece.from)} AND m.created < ${dayStart(piece.to)}`);
  }
  return sql`
    SELECT p.month::timestamp AS month, sum(p.n) AS n, sum(p.avere) AS avere, sum(p.dare) AS dare
      FROM (${sql.join(parts, sql` UNION ALL `)}) AS p
     GROUP BY 1`;
}

/** The summary query: one row per month of the range, then the ROLLUP row (month null) of the range. */
export function summaryQuery(scope: HistoryScope, filter: HistoryFilter): RawBuilder<MonthRow> {
  return sql<MonthRow>`
    WITH per_month AS (${perMonthQuery(scope, filter)})
    SELECT to_char(g.month, 'YYYY-MM') AS month,
           coalesce(sum(p.n), 0)::bigint AS n,
           coalesce(sum(p.avere), 0)::bigint AS avere,
           coalesce(sum(p.dare), 0)::bigint AS dare
      FROM generate_series(date_trunc('month', ${filter.dateStart}::date::timestamp),
                           date_trunc('month', ${filter.dateStop}::date::timestamp),
                           interval '1 month') AS g(month)
      LEFT JOIN per_month AS p ON p.month = g.month
     GROUP BY ROLLUP (g.month)
     ORDER BY g.month NULLS LAST`;
}

/** Count, totals and per-month totals of the filtered movements, all from one query. */
export async function historySummary(
  db: Kysely<DB>,
  scope: HistoryScope,
  filter: HistoryFilter,
): Promise<HistorySummary> {
  const { rows } = await summaryQuery(scope, filter).execute(db);
  const total = rows.find((r) => r.month === null) ?? { n: 0, avere: 0, dare: 0 };
  return {
    count: Number(total.n),
    totals: { AVERE: formatCents(total.avere), DARE: formatCents(total.dare) },
    monthly: rows
      .filter((r): r is MonthRow & { month: string } => r.month !== null)
      .map((r) => ({ month: r.month, AVERE: formatCents(r.avere), DARE: formatCents(r.dare) })),
  };
}

// ---------------------------------------------------------------------------------------------
// Rows: one page, or keyset batches

export interface MovementRow {
  id: number;
  id_kind: number;
  id_acquisto: number | null;
  stato_acquisto: PurchaseStatus | null;
  /** The form the purchase was sent through (purchases.form_route), null without one. */
  form_route: string | null;
  oggetto: string;
  soggetto: string;
  created: Date;
  /** The wall clock in Rome, 'YYYY-MM-DDTHH:MM:SS' (spreadsheets). */
  created_rome: string;
  /** created at full (microsecond) precision: the keyset cursor. */
  created_key: string;
  verso: Verso;
  importo: number;
  user_id: number;
  nome: string;
  cognome: string;
  cod_fisc: string;
}

export type HistoryOrder = 'desc' | 'asc';

export interface Cursor {
  createdKey: string;
  id: number;
}

export interface RowsOptions {
  limit: number;
  /** A page: skip this many rows (deferred join). Without it: a keyset batch after `after`. */
  offset?: number;
  after?: Cursor | null;
  order?: HistoryOrder;
}

/**
 * Rows of the filtered range in (created, id) order, with their purchase status and employee.
 * A page (OFFSET) first reads its ids from the covering index alone, then fetches only those rows
 * (deferred join: a deep page skips index entries, not rows). A keyset batch (`after`) reads its rows
 * straight from the index range that follows the cursor.
 */
export function rowsQuery(
  scope: HistoryScope,
  filter: HistoryFilter,
  options: RowsOptions,
): RawBuilder<MovementRow> {
  const q = query(scope, filter);
  const asc = options.order === 'asc';
  const direction = asc ? sql`ASC` : sql`DESC`;
  const columns = sql`m.id, m.id_kind, m.id_acquisto, p.status AS stato_acquisto, p.form_route,
           m.oggetto, m.soggetto,
           m.created, m.created::text AS created_key,
           to_char(m.created AT TIME ZONE ${ROME}, 'YYYY-MM-DD"T"HH24:MI:SS') AS created_rome,
           m.verso, m.importo, m.user_id, u.nome, u.cognome, u.cod_fisc`;
  if (options.offset === undefined) {
    const after = options.after
      ? asc
        ? sql`AND (m.created, m.id) > (${options.after.createdKey}::timestamptz, ${options.after.id})`
        : sql`AND (m.created, m.id) < (${options.after.createdKey}::timestamptz, ${options.after.id})`
      : sql``;
    return sql<MovementRow>`
      SELECT ${columns}
        FROM ${q.from}
        JOIN users AS u ON u.id = m.user_id
        LEFT JOIN purchases AS p ON p.id = m.id_acquisto
       WHERE ${q.where} ${after}
       ORDER BY m.created ${direction}, m.id ${direction}
       LIMIT ${options.limit}`;
  }
  return sql<MovementRow>`
    WITH page AS (
      SELECT m.id, m.created
        FROM ${q.from}
       WHERE ${q.where}
       ORDER BY m.created ${direction}, m.id ${direction}
       LIMIT ${options.limit} OFFSET ${options.offset}
    )
    SELECT ${columns}
      FROM page
      JOIN movements AS m ON m.id = page.id
      JOIN users AS u ON u.id = m.user_id
      LEFT JOIN purchases AS p ON p.id = m.id_acquisto
     ORDER BY page.created ${direction}, page.id ${direction}`;
}

async function movementRows(
  db: Kysely<DB>,
  scope: HistoryScope,
  filter: HistoryFilter,
  options: RowsOptions,
): Promise<MovementRow[]> {
  return (await rowsQuery(scope, filter, options).execute(db)).rows;
}

const fullName = (r: { nome: string; cognome: string }) => `${r.nome} ${r.cognome}`.trim();

function toWire(row: MovementRow, entity: HistoryEntity): WireMovement {
  const amount = formatCents(row.importo);
  const wire: WireMovement = {
    id: row.id,
    id_kind: row.id_kind,
    kind: movementKindLabel(row.id_kind),
    id_acquisto: row.id_acquisto,
    stato_acquisto: row.stato_acquisto,
    oggetto: row.oggetto,
    soggetto: row.soggetto,
    created: row.created.toISOString(),
    AVERE: row.verso === 'AVERE' ? amount : null,
    DARE: row.verso === 'DARE' ? amount : null,
  };
  if (entity === 'azienda') {
    // A company sees whose movement it is; a movement without soggetto shows the employee.
    wire.soggetto = row.soggetto || fullName(row);
    wire.id_utente = row.user_id;
    wire.dipendente = fullName(row);
  } else {
    // The user's own rows say which form replays the purchase (issue 25): the one it was sent through.
    wire.modulo_replay = row.id_acquisto === null ? null : replayRouteOf(row.id_kind, row.form_route);
  }
  return wire;
}

/**
 * One page of the filtered movements, newest first, with the count (from the summary) and the totals.
 * The first page reads its rows beside the summary; a later page knows the count first and, past the
 * middle, reads from the oldest end (ascending, then reversed): the rows skipped are never more than
 * half of the range.
 */
export async function historyPage(
  db: Kysely<DB>,
  scope: HistoryScope,
  filter: HistoryFilter,
  slice: PageSlice,
): Promise<HistoryPage> {
  let summary: HistorySummary;
  let rows: MovementRow[];
  if (slice.offset === 0) {
    [summary, rows] = await Promise.all([
      historySummary(db, scope, filter),
      movementRows(db, scope, filter, { limit: slice.limit, offset: 0 }),
    ]);
  } else {
    summary = await historySummary(db, scope, filter);
    // Rows after the page, newest first (negative: the page is the last one, cut short).
    const after = summary.count - slice.offset - slice.limit;
    if (slice.offset >= summary.count) rows = [];
    else if (after < slice.offset) {
      const limit = slice.limit + Math.min(0, after);
      rows = (
        await movementRows(db, scope, filter, { limit, offset: Math.max(0, after), order: 'asc' })
      ).reverse();
    } else rows = await movementRows(db, scope, filter, { limit: slice.limit, offset: slice.offset });
  }
  const results = rows.map((r) => toWire(r, scope.entity));
  if (scope.entity === 'utente') await markDeliveredCodes(db, scope.userId, results);
  return {
    date_start: filter.dateStart,
    date_stop: filter.dateStop,
    ...summary,
    results,
  };
}

/**
 * The user's own rows say whether their purchase delivered a code (issue 13): the history then links
 * the purchase's detail (route dettaglio-acquisto). One indexed read for the page's purchases.
 */
async function markDeliveredCodes(db: Kysely<DB>, userId: number, results: WireMovement[]): Promise<void> {
  const ids = [...new Set(results.flatMap((r) => (r.id_acquisto === null ? [] : [r.id_acquisto])))];
  const delivered = new Set<number>();
  if (ids.length > 0) {
    const rows = await db
      .selectFrom('delivered_codes')
      .select('purchase_id')
      .where('user_id', '=', userId)
      .where('purchase_id', 'in', ids)
      .execute();
    for (const row of rows) delivered.add(Number(row.purchase_id));
  }
  for (const result of results) {
    result.codice_consegnato = result.id_acquisto !== null && delivered.has(result.id_acquisto);
  }
}

/** Every filtered movement, `batch` rows per query, by keyset (never OFFSET). */
export async function* historyBatches(
  db: Kysely<DB>,
  scope: HistoryScope,
  filter: HistoryFilter,
  options: { batch?: number; order?: HistoryOrder } = {},
): AsyncGenerator<MovementRow[]> {
  const batch = options.batch ?? HISTORY_BATCH;
  let after: Cursor | null = null;
  for (;;) {
    const rows = await movementRows(db, scope, filter, {
      limit: batch,
      after,
      order: options.order ?? 'desc',
    });
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { createdKey: last.created_key, id: last.id };
  }
}

// ---------------------------------------------------------------------------------------------
// Spreadsheets

const label = (key: MessageKey) => formatMessage(key);

/** The history sheet: the screen's columns, newest first; a company's adds the employee. */
export function historyColumns(entity: HistoryEntity): SheetColumn[] {
  const columns: SheetColumn[] = [
    { header: label('movColKind'), kind: 'text', width: 26 },
    { header: label('purchaseIdLabel'), kind: 'integer', width: 12 },
    { header: label('status'), kind: 'text', width: 12 },
    { header: label('movColObject'), kind: 'text', width: 40 },
    { header: label('movColSubject'), kind: 'text', width: 30 },
    { header: label('date'), kind: 'datetime', width: 20 },
    { header: label('movAvere'), kind: 'money', width: 14 },
    { header: label('movDare'), kind: 'money', width: 14 },
  ];
  if (entity === 'azienda') columns.push({ header: label('movColEmployee'), kind: 'text', width: 28 });
  return columns;
}

function historyCells(row: MovementRow, entity: HistoryEntity): CellInput[] {
  const cells: CellInput[] = [
    movementKindLabel(row.id_kind),
    row.id_acquisto,
    row.stato_acquisto,
    row.oggetto,
    entity === 'azienda' ? row.soggetto || fullName(row) : row.soggetto,
    row.created_rome,
    row.verso === 'AVERE' ? row.importo : null,
    row.verso === 'DARE' ? row.importo : null,
  ];
  if (entity === 'azienda') cells.push(fullName(row));
  return cells;
}

/** Feeds every filtered movement into a sheet, batch by batch. */
async function fillHistory(
  rows: SheetRows,
  db: Kysely<DB>,
  scope: HistoryScope,
  filter: HistoryFilter,
  cells: (row: MovementRow) => CellInput[],
  order: HistoryOrder,
): Promise<void> {
  for await (const batch of historyBatches(db, scope, filter, { order })) await rows.add(batch.map(cells));
}

/** The download of the history: the same rows as the pages, in the same order, as .xlsx. */
export async function writeHistoryXlsx(
  db: Kysely<DB>,
  scope: HistoryScope,
  filter: HistoryFilter,
  out: Writable,
): Promise<void> {
  await writeXlsx(out, {
    sheetName: label('apiSheetMovements'),
    columns: historyColumns(scope.entity),
    fill: (rows) => fillHistory(rows, db, scope, filter, (r) => historyCells(r, scope.entity), 'desc'),
  });
}

/** The payroll sheet of a company (export_wfbridge_fine_mese): its movements of the range, oldest first. */
export function payrollColumns(): SheetColumn[] {
  return [
    { header: label('profileTaxCode'), kind: 'text', width: 18 },
    { header: label('profileSurname'), kind: 'text', width: 20 },
    { header: label('profileName'), kind: 'text', width: 18 },
    { header: label('date'), kind: 'datetime', width: 20 },
    { header: label('movColKind'), kind: 'text', width: 26 },
    { header: label('purchaseIdLabel'), kind: 'integer', width: 12 },
    { header: label('status'), kind: 'text', width: 12 },
    { header: label('movColObject'), kind: 'text', width: 40 },
    { header: label('movColSubject'), kind: 'text', width: 30 },
    { header: label('movAvere'), kind: 'money', width: 14 },
    { header: label('movDare'), kind: 'money', width: 14 },
  ];
}

export async function writePayrollXlsx(
  db: Kysely<DB>,
  companyId: number,
  range: { dateStart: string; dateStop: string },
  out: Writable,
): Promise<void> {
  const scope: HistoryScope = { entity: 'azienda', companyId };
  await writeXlsx(out, {
    sheetName: label('apiSheetTransactions'),
    columns: payrollColumns(),
    fill: (rows) =>
      fillHistory(
        rows,
        db,
        scope,
        { ...range, search: null },
        (r) => [
          r.cod_fisc,
          r.cognome,
          r.nome,
          r.created_rome,
          movementKindLabel(r.id_kind),
          r.id_acquisto,
          r.stato_acquisto,
          r.oggetto,
          r.soggetto,
          r.verso === 'AVERE' ? r.importo : null,
          r.verso === 'DARE' ? r.importo : null,
        ],
        'asc',
      ),
  });
}

// ---------------------------------------------------------------------------------------------
// Export dates (spec 000 §5 "Export dates")

/** The first day an export may start from: the first of the previous month. */
export function exportEarliestStart(today: string): string {
  return addMonths(`${today.slice(0, 7)}-01`, -1);
}

const ddmmyyyy = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;

/**
 * The range of a back-office export: both days required, real days, start not after end, from the
 * first day of the previous month through today. Every broken rule is reported on its field (400).
 */
export function exportRange(
  query: { date_start?: string; date_end?: string },
  today: string,
  isDay: (value: string) => boolean,
): { dateStart: string; dateStop: string } {
  const errors: FieldErrors = {};
  const add = <K extends MessageKey>(field: string, key: K, ...params: ServerMessageArgs<K>) =>
    (errors[field] ??= []).push(formatMessage(key, ...params));
  const start = query.date_start?.trim() ?? '';
  const end = query.date_end?.trim() ?? '';
  if (start === '') add('date_start', 'movExportStartRequired');
  else if (!isDay(start)) add('date_start', 'apiDateInvalid');
  if (end === '') add('date_end', 'movExportEndRequired');
  else if (!isDay(end)) add('date_end', 'apiDateInvalid');
  if (Object.keys(errors).length === 0) {
    const earliest = exportEarliestStart(today);
    if (start > end) add('date_start', 'apiExportStartAfterEnd');
    else if (start < earliest) add('date_start', 'apiExportStartTooEarly', { date: ddmmyyyy(earliest) });
    if (end > today) add('date_end', 'apiExportEndInFuture', { date: ddmmyyyy(today) });
  }
  if (Object.keys(errors).length > 0) throw new ApiError(400, errors);
  return { dateStart: start, dateStop: end };
}
