/**
 * Piattapasto, the meal-voucher orders of the back office (spec 002 §2.8, §3, §4.1, §5, §7; issue 17).
 *
 * - Settings per company (`piattapasto_settings`): the rules of 002 §5 (src/shared/piattapasto.ts).
 * - The CSV template: one row per active employee (A name, B email, C number of vouchers = 0,
 *   D current credit), `;`-separated UTF-8 with a BOM (what Excel opens), cells that look like a
 *   formula escaped.
 * - An uploaded CSV (papaparse) becomes an order in TO_VALIDATE with its rows: zero-voucher rows and
 *   employees who left are ignored; any other bad row fails the whole file with the rows named (400),
 *   nothing written. Hostile files (NUL bytes, UTF-16, broken quoting, too many rows) get a clear 400.
 *   A company has one order under review: a new upload replaces the previous one.
 * - Confirm (TO_VALIDATE -> VALID) hands the order to the job; cancel deletes it with its rows.
 * - The job (`sendOrder`): VALID/STARTED -> STARTED; `sent_at` is written before the supplier is
 *   called, so a job run again after a crash asks the supplier what became of the order (by its own
 *   reference) and sends it only if it never arrived: an order is never sent twice. Then COMPLETED,
 *   or ERROR with the refused employees and their reasons (json_error_detail) or the supplier's error
 *   (forn_error), written by one statement guarded on STARTED.
 */
import Papa from 'papaparse';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { screenConstants } from '../../../config/screen-constants';
import type {
  PiattapastoImpostazioni,
  PiattapastoOrdine,
  PiattapastoOrdineCaricato,
  PiattapastoRigaOrdine,
} from '../../../schemas/wire-types.gen';
import { formatCents } from '../../shared/money';
import {
  asksClientCode,
  asksVat,
  isKnownSupplier,
  settingsComplete,
  vatValue,
  voucherValueCents,
  type PiattapastoSettingsValues,
} from '../../shared/piattapasto';
import { ApiError } from '../errors';
import { formatMessage } from '../messages';
import type { DB, PiattapastoOrderError } from '../db/schema';
import { breathe, escapeCellText } from './spreadsheet';
import { JOB_QUEUES } from './jobs';
import type { PageSlice } from './paging';

export const ORDER_PAGING = {
  pageSizes: screenConstants.piattapastoOrderPageSizes,
  defaultPageSize: screenConstants.piattapastoOrderDefaultPageSize,
};

// ---------------------------------------------------------------------------------------------
// Settings

function settingsAnswer(
  row:
    | {
        valore_buono: number | null;
        iva_buono: number | null;
        codice_cliente: string | null;
        fornitore: string | null;
      }
    | undefined,
): PiattapastoImpostazioni {
  const values: PiattapastoSettingsValues = {
    valore_buono: row?.valore_buono == null ? null : formatCents(row.valore_buono),
    iva_buono: row?.iva_buono == null ? null : row.iva_buono / 10,
    codice_cliente: row?.codice_cliente ?? null,
    fornitore: row?.fornitore ?? null,
  };
  return { ...values, completo: settingsComplete(values) };
}

export async function readSettings(db: Kysely<DB>, companyId: number): Promise<PiattapastoImpostazioni> {
  const row = await db
    .selectFrom('piattapasto_settings')
    .select(['valore_buono', 'iva_buono', 'codice_cliente', 'fornitore'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return settingsAnswer(row);
}

export interface SettingsInput {
  valore_buono: string;
  fornitore: string;
  codice_cliente?: string | null | undefined;
  iva_buono?: number | null | undefined;
}

/**
 * Saves the settings after the rules of 002 §5 (400 on the field): the client code kept only for a
 * supplier that has one, the VAT only for repas (the others' are stored as null whatever was sent).
 */
export async function saveSettings(
  db: Kysely<DB>,
  companyId: number,
  userId: number,
  input: SettingsInput,
): Promise<PiattapastoImpostazioni> {
  const errors: Record<string, string[]> = {};
  const cents = voucherValueCents(input.valore_buono);
  if (cents === null) errors.valore_buono = [formatMessage('apiPiattaValueInvalid')];
  const fornitore = input.fornitore;
  const code = asksClientCode(fornitore) ? (input.codice_cliente?.trim() ?? '') : '';
  if (asksClientCode(fornitore) && code === '') {
    errors.codice_cliente = [formatMessage('apiPiattaClientCodeRequired')];
  }
  let vat: number | null = null;
  if (asksVat(fornitore)) {
    if (input.iva_buono === null || input.iva_buono === undefined) {
      errors.iva_buono = [formatMessage('apiPiattaVatRequired')];
    } else {
      vat = vatValue(input.iva_buono);
      if (vat === null) errors.iva_buono = [formatMessage('apiPiattaVatInvalid')];
    }
  }
  if (Object.keys(errors).length > 0) throw new ApiError(400, errors);
  const values = {
    valore_buono: cents,
    iva_buono: vat === null ? null : Math.round(vat * 10),
    codice_cliente: code === '' ? null : code,
    fornitore,
    updated_by: userId,
    updated_at: new Date(),
  };
  await db
    .insertInto('piattapasto_settings')
    .values({ company_id: companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
  return readSettings(db, companyId);
}

// ---------------------------------------------------------------------------------------------
// Template

const TEMPLATE_HEADER = ['Nome', 'Email', 'Numero buoni', 'Credito attuale'];
const CSV_BOM = '\uFEFF';

function csvCell(text: string): string {
  const safe = escapeCellText(text);
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Italian decimal comma for the spreadsheet (the column is for reading only). */
const italianAmount = (cents: number) => formatCents(cents).replace('.', ',');

/**
 * Employees per query of the template, order rows per INSERT. On the embedded database (one
 * connection, each query run on the event loop) a query holds every other request: the template of
 * 20,000 employees in one query took 1-2 s there (tests/server/long-jobs-embedded.test.ts); and one
 * INSERT of 20,000 rows passes PostgreSQL's 65,535 parameters.
 */
const ROWS_PER_QUERY = 500;

/**
 * The order template: the company's active employees, zero vouchers each, their current credit. Read
 * in keyset batches (surname, name, id), each summing only its employees' lines.
 */
export async function orderTemplate(db: Kysely<DB>, companyId: number, day: string): Promise<string> {
  type Row = { id: number; nome: string; cognome: string; email: string; credito: number | string };
  const lines = [TEMPLATE_HEADER.join(';')];
  let after: Row | null = null;
  for (;;) {
    const cursor: RawBuilder<unknown> = after
      ? sql`AND (cognome, nome, id) > (${after.cognome}, ${after.nome}, ${after.id})`
      : sql``;
    const result: { rows: Row[] } = await sql<Row>`
      SELECT u.id, u.nome, u.cognome, u.email, c.credito
        FROM (SELECT id, nome, cognome, email FROM users
               WHERE company_id = ${companyId} AND NOT is_cessato AND profile = 'utente' ${cursor}
               ORDER BY cognome, nome, id
               LIMIT ${ROWS_PER_QUERY}) AS u
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(l.credito_spendibile), 0)::bigint AS credito
            FROM credit_lines AS l
           WHERE l.user_id = u.id AND l.data_decorrenza <= ${day}::date AND l.data_scadenza >= ${day}::date
        ) AS c
       ORDER BY u.cognome, u.nome, u.id`.execute(db);
    const rows = result.rows;
    for (const row of rows) {
      lines.push(
        [`${row.nome} ${row.cognome}`, row.email, '0', italianAmount(Number(row.credito))]
          .map(csvCell)
          .join(';'),
      );
    }
    after = rows.at(-1) ?? null;
    if (!after || rows.length < ROWS_PER_QUERY) break;
    await breathe();
  }
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}

// ---------------------------------------------------------------------------------------------
// Upload

/** The text of an uploaded CSV: UTF-8 (BOM dropped), else Windows-1252 (Excel on Italian Windows). */
export function decodeCsv(content: Buffer): string {
  if ((content[0] === 0xff && content[1] === 0xfe) || (content[0] === 0xfe && content[1] === 0xff)) {
    throw new ApiError(400, { csv_ordine: [formatMessage('apiPiattaCsvEncoding')] });
  }
  if (content.includes(0)) throw new ApiError(400, { csv_ordine: [formatMessage('apiPiattaCsvBinary')] });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    text = new TextDecoder('windows-1252').decode(content);
  }
  // Other control characters than tab, CR and LF: not a text file.
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      throw new ApiError(400, { csv_ordine: [formatMessage('apiPiattaCsvBinary')] });
    }
  }
  return text;
}

export interface ParsedOrderRow {
  riga: number;
  email: string;
  nbuoni: number;
}

/** At most this many row errors are listed in one answer. */
const MAX_LISTED_ERRORS = 20;

const csvError = (text: string) => new ApiError(400, { csv_ordine: [text] });

/**
 * The rows of an order CSV (header first: A name, B email, C number of vouchers, D current credit).
 * Rows with zero (or no) vouchers are left out here; wrong numbers are listed by row.
 */
export function parseOrderCsv(text: string): { rows: ParsedOrderRow[]; zero: number } {
  const parsed = Papa.parse<string[]>(text, {
    delimitersToGuess: [';', ',', '\t'],
    skipEmptyLines: 'greedy',
  });
  if (
    // Rows of different lengths are read as they are (no header mode); broken quoting is not.
    parsed.errors.some((e) => e.type === 'Quotes')
  ) {
    throw csvError(formatMessage('apiPiattaCsvUnreadable'));
  }
  const [header, ...data] = parsed.data;
  if (!header || header.length < 3 || !/nome/i.test(header[0] ?? '') || !/e-?mail/i.test(header[1] ?? '')) {
    throw csvError(formatMessage('apiPiattaCsvHeader'));
  }
  if (data.length > screenConstants.piattapastoCsvMaxRows) {
    throw csvError(
      formatMessage('apiPiattaCsvTooManyRows', { limit: screenConstants.piattapastoCsvMaxRows }),
    );
  }
  const rows: ParsedOrderRow[] = [];
  const errors: string[] = [];
  let zero = 0;
  const max = screenConstants.piattapastoMaxVouchersPerRow;
  data.forEach((cells, index) => {
    const riga = index + 2;
    const email = (cells[1] ?? '').trim().toLowerCase();
    const raw = (cells[2] ?? '').trim();
    if (raw === '' || /^0+$/.test(raw)) {
      zero += 1;
      return;
    }
    if (!/^\d{1,3}$/.test(raw) || Number(raw) > max) {
      errors.push(formatMessage('apiPiattaCsvRowVouchers', { row: riga, max }));
      return;
    }
    rows.push({ riga, email, nbuoni: Number(raw) });
  });
  if (errors.length > 0) throw rowErrors(errors);
  return { rows, zero };
}

function rowErrors(errors: string[]): ApiError {
  const listed = errors.slice(0, MAX_LISTED_ERRORS);
  if (errors.length > listed.length) listed.push(`… (${errors.length - listed.length})`);
  return new ApiError(400, {
    csv_ordine: [formatMessage('apiPiattaCsvRows', { rows: listed.join('; ') })],
  });
}

/** The settings an order needs (complete, known supplier), or the 400 that says what is missing. */
async function orderSettings(db: Kysely<DB>, companyId: number) {
  const row = await db
    .selectFrom('piattapasto_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (row?.fornitore && !isKnownSupplier(row.fornitore)) throw ApiError.of(400, 'apiPiattaSupplierUnknown');
  const answer = settingsAnswer(row);
  if (!row || !answer.completo || row.valore_buono === null || row.fornitore === null) {
    throw ApiError.of(400, 'apiPiattaSettingsIncomplete');
  }
  return { ...row, valore_buono: row.valore_buono, fornitore: row.fornitore };
}

/**
 * Makes the order of an uploaded CSV: TO_VALIDATE with its rows, replacing the company's previous
 * order under review, all in one transaction. Rows of employees who left are ignored like zero rows.
 */
export async function createOrder(
  db: Kysely<DB>,
  input: { companyId: number; userId: number; fileName: string; content: Buffer },
): Promise<PiattapastoOrdineCaricato> {
  const settings = await orderSettings(db, input.companyId);
  const { rows, zero } = parseOrderCsv(decodeCsv(input.content));
  const emails = [...new Set(rows.map((r) => r.email))];
  const people: Array<{ id: number; email: string; nome: string; cognome: string; is_cessato: boolean }> = [];
  for (let from = 0; from < emails.length; from += ROWS_PER_QUERY) {
    if (from > 0) await breathe();
    people.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'email', 'nome', 'cognome', 'is_cessato'])
        .where('company_id', '=', input.companyId)
        .where('profile', '=', 'utente')
        .where(sql<string>`lower(email)`, 'in', emails.slice(from, from + ROWS_PER_QUERY))
        .execute()),
    );
  }
  const byEmail = new Map(people.map((p) => [p.email.toLowerCase(), p]));
  const errors: string[] = [];
  const seen = new Set<string>();
  let ignored = zero;
  const accepted: Array<ParsedOrderRow & { userId: number; nome: string }> = [];
  for (const row of rows) {
    const person = byEmail.get(row.email);
    if (!person) {
      errors.push(
        formatMessage('apiPiattaCsvRowEmail', { row: row.riga, email: row.email.slice(0, 80) || '-' }),
      );
      continue;
    }
    if (seen.has(row.email)) {
      errors.push(formatMessage('apiPiattaCsvRowDuplicate', { row: row.riga, email: row.email }));
      continue;
    }
    seen.add(row.email);
    if (person.is_cessato) {
      ignored += 1;
      continue;
    }
    accepted.push({ ...row, userId: person.id, nome: `${person.nome} ${person.cognome}` });
  }
  if (errors.length > 0) throw rowErrors(errors);
  if (accepted.length === 0) throw csvError(formatMessage('apiPiattaCsvEmpty'));

  const value = settings.valore_buono;
  const data: PiattapastoRigaOrdine[] = accepted.map((r) => ({
    riga: r.riga,
    nome: r.nome,
    email: byEmail.get(r.email)?.email ?? r.email,
    nbuoni: r.nbuoni,
    val_buoni: formatCents(r.nbuoni * value),
  }));
  const orderId = await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('piattapasto_orders')
      .where('company_id', '=', input.companyId)
      .where('status', '=', 'TO_VALIDATE')
      .execute();
    const order = await trx
      .insertInto('piattapasto_orders')
      .values({
        company_id: input.companyId,
        created_by: input.userId,
        fornitore: settings.fornitore,
        codice_cliente: settings.codice_cliente,
        valore_buono: value,
        iva_buono: settings.iva_buono,
        file_name: input.fileName.slice(0, 200),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let from = 0; from < accepted.length; from += ROWS_PER_QUERY) {
      await trx
        .insertInto('piattapasto_order_rows')
        .values(
          accepted.slice(from, from + ROWS_PER_QUERY).map((r) => ({
            order_id: order.id,
            riga: r.riga,
            user_id: r.userId,
            nome: r.nome,
            email: byEmail.get(r.email)?.email ?? r.email,
            nbuoni: r.nbuoni,
            val_buoni: r.nbuoni * value,
          })),
        )
        .execute();
    }
    return order.id;
  });
  const vouchers = accepted.reduce((sum, r) => sum + r.nbuoni, 0);
  return {
    order_id: orderId,
    data,
    nbuoni_totali: vouchers,
    importo_totale: formatCents(vouchers * value),
    righe_ignorate: ignored,
  };
}

// ---------------------------------------------------------------------------------------------
// Confirm, cancel

async function refuseOrder(db: Kysely<DB>, companyId: number, orderId: number): Promise<never> {
  const order = await db
    .selectFrom('piattapasto_orders')
    .select('status')
    .where('id', '=', orderId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!order) throw ApiError.of(404, 'apiPiattaOrderNotFound');
  throw ApiError.of(409, 'apiPiattaOrderNotToValidate', { status: order.status });
}

/** TO_VALIDATE -> VALID (only for the company's own order under review). */
export async function confirmOrder(
  db: Kysely<DB>,
  companyId: number,
  userId: number,
  orderId: number,
): Promise<void> {
  const done = await db
    .updateTable('piattapasto_orders')
    .set({ status: 'VALID', confirmed_by: userId, confirmed_at: new Date() })
    .where('id', '=', orderId)
    .where('company_id', '=', companyId)
    .where('status', '=', 'TO_VALIDATE')
    .returning('id')
    .executeTakeFirst();
  if (!done) await refuseOrder(db, companyId, orderId);
}

/** Deletes an order under review and its rows (the uploaded data). */
export async function cancelOrder(db: Kysely<DB>, companyId: number, orderId: number): Promise<void> {
  const done = await db
    .deleteFrom('piattapasto_orders')
    .where('id', '=', orderId)
    .where('company_id', '=', companyId)
    .where('status', '=', 'TO_VALIDATE')
    .returning('id')
    .executeTakeFirst();
  if (!done) await refuseOrder(db, companyId, orderId);
}

// ---------------------------------------------------------------------------------------------
// History

export async function orderHistory(
  db: Kysely<DB>,
  companyId: number,
  slice: PageSlice,
): Promise<{ count: number; results: PiattapastoOrdine[] }> {
  const [countRow, orders] = await Promise.all([
    db
      .selectFrom('piattapasto_orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('piattapasto_orders')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .limit(slice.limit)
      .offset(slice.offset)
      .execute(),
  ]);
  const ids = orders.map((o) => o.id);
  const rows = ids.length
    ? await db
        .selectFrom('piattapasto_order_rows')
        .selectAll()
        .where('order_id', 'in', ids)
        .orderBy('order_id')
        .orderBy('riga')
        .execute()
    : [];
  const byOrder = new Map<number, typeof rows>();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    count: Number(countRow.n),
    results: orders.map((o) => {
      const own = byOrder.get(o.id) ?? [];
      const vouchers = own.reduce((sum, r) => sum + r.nbuoni, 0);
      return {
        id: o.id,
        created: new Date(o.created).toISOString(),
        start_time: iso(o.start_time),
        stop_time: iso(o.stop_time),
        status: o.status,
        fornitore: o.fornitore,
        nbuoni_totali: vouchers,
        importo_totale: formatCents(own.reduce((sum, r) => sum + Number(r.val_buoni), 0)),
        json_data: own.map((r) => ({
          riga: r.riga,
          nome: r.nome,
          email: r.email,
          nbuoni: r.nbuoni,
          val_buoni: formatCents(r.val_buoni),
        })),
        json_error_detail: o.json_error_detail,
        forn_error: o.forn_error,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The job: send a confirmed order to the supplier

/** What is sent to a meal-voucher supplier. */
export interface SupplierOrder {
  /** The sender's reference: the same order always carries the same one (the supplier's idempotency key). */
  rif_ordine: string;
  fornitore: string;
  codice_cliente: string | null;
  /** Cents. */
  valore_buono: number;
  /** Percent, or null. */
  iva_buono: number | null;
  righe: Array<{ email: string; nome: string; cod_fisc: string; nbuoni: number }>;
}

export interface SupplierOutcome {
  rif_fornitore: string;
  /** Employees the supplier refused, with its reason; the others got their vouchers. */
  rifiutati: PiattapastoOrderError[];
}

/** A meal-voucher supplier; it throws `SupplierError` when it refuses the whole order. */
export interface MealVoucherSupplier {
  send(order: SupplierOrder): Promise<SupplierOutcome>;
  /**
   * What became of an order sent before (by its reference); null when the supplier never received it.
   * The job passes the order's supplier code too: a client serving several suppliers needs it.
   */
  outcome(rifOrdine: string, fornitore?: string): Promise<SupplierOutcome | null>;
}

export class SupplierError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SupplierError';
  }
}

export const ORDER_QUEUE = JOB_QUEUES.piattapastoOrder;
export interface OrderJob {
  orderId: number;
}

/**
 * Sends a confirmed order (the job's handler; safe to run again). VALID or an interrupted STARTED is
 * (re)claimed as STARTED; COMPLETED and ERROR orders are left alone. The supplier gets the order's own
 * reference, so a second delivery after a crash answers the first outcome and orders nothing twice.
 * The outcome and the final status are written by one statement guarded on STARTED.
 */
export async function sendOrder(
  db: Kysely<DB>,
  supplier: MealVoucherSupplier,
  { orderId }: OrderJob,
): Promise<void> {
  const order = await db
    .updateTable('piattapasto_orders')
    .set({ status: 'STARTED', start_time: sql`coalesce(start_time, now())` })
    .where('id', '=', orderId)
    .where('status', 'in', ['VALID', 'STARTED'])
    .returningAll()
    .executeTakeFirst();
  if (!order) return;
  const rows = await db
    .selectFrom('piattapasto_order_rows as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.email', 'r.nome', 'r.nbuoni', 'u.cod_fisc'])
    .where('r.order_id', '=', orderId)
    .orderBy('r.riga')
    .execute();
  const rifOrdine = `piattapasto-${order.id}`;
  let outcome: SupplierOutcome | null = null;
  let supplierError: string | null = null;
  try {
    // Handed over before (a run cut off after the call): ask what became of it, send only if it never
    // arrived. Otherwise mark it handed over first, then send.
    if (order.sent_at !== null) outcome = await supplier.outcome(rifOrdine, order.fornitore);
    if (outcome === null) {
      await db
        .updateTable('piattapasto_orders')
        .set({ sent_at: new Date() })
        .where('id', '=', orderId)
        .execute();
      outcome = await supplier.send({
        rif_ordine: rifOrdine,
        fornitore: order.fornitore,
        codice_cliente: order.codice_cliente,
        valore_buono: order.valore_buono,
        iva_buono: order.iva_buono === null ? null : order.iva_buono / 10,
        righe: rows,
      });
    }
  } catch (error) {
    if (!(error instanceof SupplierError)) throw error; // not the supplier's answer: the job retries
    supplierError = error.message;
  }
  const refused = outcome?.rifiutati ?? [];
  await db
    .updateTable('piattapasto_orders')
    .set({
      status: supplierError !== null || refused.length > 0 ? 'ERROR' : 'COMPLETED',
      stop_time: new Date(),
      json_error_detail: JSON.stringify(refused),
      forn_error: supplierError,
      rif_fornitore: outcome?.rif_fornitore ?? null,
    })
    .where('id', '=', orderId)
    .where('status', '=', 'STARTED')
    .execute();
}

/** The job failed its last attempt: the order ends in ERROR saying the sending did not succeed. */
export async function giveUpOrder(db: Kysely<DB>, orderId: number): Promise<void> {
  await db
    .updateTable('piattapasto_orders')
    .set({ status: 'ERROR', stop_time: new Date(), forn_error: formatMessage('apiPiattaSendFailed') })
    .where('id', '=', orderId)
    .where('status', 'in', ['VALID', 'STARTED'])
    .execute();
}

/** The orders a job still has to send (VALID, or STARTED and interrupted), oldest first. */
export async function pendingOrders(db: Kysely<DB>): Promise<number[]> {
  const rows = await db
    .selectFrom('piattapasto_orders')
    .select('id')
    .where('status', 'in', ['VALID', 'STARTED'])
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Operator command and tests: sends every pending order once, without the queue. */
export async function runPendingOrders(db: Kysely<DB>, supplier: MealVoucherSupplier): Promise<number> {
  const ids = await pendingOrders(db);
  for (const orderId of ids) await sendOrder(db, supplier, { orderId });
  return ids.length;
}
