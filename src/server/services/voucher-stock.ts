/**
 * Voucher code stocks (issue 24, "The outside world"): a purchase declared with `delivers` hands the
 * buyer a code the supplier issued, never one the portal invents. The provider loads the suppliers'
 * codes (a CSV: `npm run admin -- voucher-codes-load FILE.csv`), one stock per purchase and product:
 * the catalogue's product code, or the amount ("25.00") of a purchase by cuts or a fixed amount.
 *
 * - Before any debit, an empty stock refuses the purchase with the declaration's Italian message.
 * - Inside the debit's transaction the purchase takes one free, unexpired code (the one expiring first)
 *   with FOR UPDATE SKIP LOCKED: two buyers never get the same code; if the last one went meanwhile the
 *   transaction, debit included, is undone and the buyer gets the same refusal.
 * - After the answer, a stock that fell below its declared level (`delivers.lowStock`, else
 *   DEFAULT_LOW_STOCK) warns the operator once, by mail to the support address; a load that lifts it
 *   back above the level re-arms the warning.
 * - Demo mode fills every stock (`fillDemoStocks`) with codes of the demo's own suppliers.
 */
import Papa from 'papaparse';
import { sql, type Kysely } from 'kysely';
import { purchases as declaredPurchases } from '../../../config/purchases';
import { screenConstants } from '../../../config/screen-constants';
import { eureteCatalogueOf } from '../../../config/purchases/showcases';
import type { ProductCatalogue, PurchaseDeclaration } from '../../../config/purchases/types';
import { formatFormMessage } from '../../shared/catalogues/forms';
import { formatDate } from '../../shared/dates';
import { formatCents, parseCents } from '../../shared/money';
import { allowedCuts, amountFieldOf } from '../../shared/purchases';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { declaredText, formatMessage } from '../messages';
import type { Mailer } from '../plugins/mail';
import { addMonths, isIsoDay, romeDate } from './calendar';
import { newDeliveryCode } from './delivered-codes';
import { composeMail } from './sign-in';

/** The level below which the operator is warned, when a declaration names none. */
export const DEFAULT_LOW_STOCK = 10;
/** Codes per product the demo loads. */
export const DEMO_STOCK = 40;
/** The most rows one file may hold (a supplier's batch is a few thousand). */
export const MAX_LOAD_ROWS = 100_000;

export interface StockKey {
  acquisto: string;
  prodotto: string;
}

/** The purchases that hand out a code, hence need a stock. */
export function stockedPurchases(list: readonly PurchaseDeclaration[] = declaredPurchases) {
  return list.filter((purchase) => purchase.delivers?.kind === 'code');
}

export function lowStockLevel(purchase: PurchaseDeclaration): number {
  return purchase.delivers?.lowStock ?? DEFAULT_LOW_STOCK;
}

/** The stock a purchase of this product or amount takes from. */
export function stockKeyOf(
  purchase: PurchaseDeclaration,
  productCode: string | null,
  amountCents: number,
): StockKey {
  return { acquisto: purchase.name, prodotto: productCode ?? formatCents(amountCents) };
}

function refusal(purchase: PurchaseDeclaration): ApiError {
  const field = purchase.amount.kind === 'fixed' ? 'non_field_errors' : amountFieldOf(purchase);
  return new ApiError(400, { [field]: [formatFormMessage('formStockEmpty')] });
}

const freeCodes = (db: Kysely<DB>, key: StockKey, today: string) =>
  db
    .selectFrom('voucher_codes')
    .where('acquisto', '=', key.acquisto)
    .where('prodotto', '=', key.prodotto)
    .where('purchase_id', 'is', null)
    .where((eb) => eb.or([eb('expires_on', 'is', null), eb('expires_on', '>=', today)]));

export async function freeCount(db: Kysely<DB>, key: StockKey, today: string): Promise<number> {
  const row = await freeCodes(db, key, today)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Before any debit: refuses a purchase whose stock is empty. */
export async function ensureInStock(
  db: Kysely<DB>,
  purchase: PurchaseDeclaration,
  key: StockKey,
  today: string,
): Promise<void> {
  const one = await freeCodes(db, key, today).select('id').limit(1).executeTakeFirst();
  if (!one) throw refusal(purchase);
}

export interface TakenCode {
  code: string;
  expiresOn: string | null;
}

/** Inside the debit's transaction: the purchase takes the free code that expires first. */
export async function takeCode(
  trx: Kysely<DB>,
  purchase: PurchaseDeclaration,
  key: StockKey,
  purchaseId: number,
  today: string,
): Promise<TakenCode> {
  const row = await freeCodes(trx, key, today)
    .select(['id', 'code', 'expires_on'])
    .orderBy(sql`expires_on NULLS LAST`)
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!row) throw refusal(purchase);
  await trx
    .updateTable('voucher_codes')
    .set({ purchase_id: purchaseId, taken_at: sql`now()` })
    .where('id', '=', row.id)
    .execute();
  return { code: row.code, expiresOn: row.expires_on };
}

/** The text added to the instructions of a code that expires. */
export function expiryNote(expiresOn: string | null): string {
  return expiresOn ? ` ${formatMessage('apiDeliveredExpiry', { date: formatDate(expiresOn) })}` : '';
}

/**
 * After the answer: when the stock is below its level and no warning was sent since it last was above,
 * one mail to the operator (the support address). Without an address the warning is only logged.
 */
export function warnIfLow(
  db: Kysely<DB>,
  mail: Mailer,
  operatorEmail: string | null,
  purchase: PurchaseDeclaration,
  key: StockKey,
  today: string,
): void {
  mail.later('scorta codici', async () => {
    const level = lowStockLevel(purchase);
    const left = await freeCount(db, key, today);
    if (left >= level) return;
    // One warning per crossing, whatever the number of instances and buyers: the first insert wins.
    const first = await db
      .insertInto('voucher_stock_alerts')
      .values({ acquisto: key.acquisto, prodotto: key.prodotto })
      .onConflict((oc) => oc.columns(['acquisto', 'prodotto']).doNothing())
      .returning('acquisto')
      .executeTakeFirst();
    if (!first || !operatorEmail) return;
    const params = { title: declaredText(purchase.title), product: key.prodotto, left, level };
    const { text, html } = composeMail(formatMessage('apiStockLowAddressee'), [
      formatMessage('apiStockLowMailText', params),
    ]);
    await mail.send({
      to: operatorEmail,
      subject: formatMessage('apiStockLowMailSubject', params),
      text,
      html,
    });
  });
}

// Loading a file of codes

export interface LoadProblem {
  /** The file's line (1 = the header), 0 for the file as a whole. */
  line: number;
  message: string;
}

export class VoucherStockError extends Error {
  constructor(readonly problems: LoadProblem[]) {
    super(problems.map((p) => (p.line ? `riga ${p.line}: ${p.message}` : p.message)).join('\n'));
    this.name = 'VoucherStockError';
  }
}

interface CodeRow extends StockKey {
  code: string;
  expires_on: string | null;
  source: string;
}

/** The product codes a catalogue sells (the stocks a product purchase can have). */
export async function catalogueProducts(db: Kysely<DB>, catalogue: ProductCatalogue): Promise<string[]> {
  // The conventions' articles deliver no code (a seller's purchase has no stock).
  if (catalogue === 'articoli') return [];
  if (catalogue === 'aml') {
    const rows = await db.selectFrom('aml_products').select('product_code as code').execute();
    return rows.map((r) => r.code);
  }
  if (catalogue === 'benzina') {
    const rows = await db.selectFrom('fuel_cards').select('product_code as code').execute();
    return rows.map((r) => r.code);
  }
  const rows = await db
    .selectFrom('eurete_products as p')
    .innerJoin('eurete_sections as s', 's.id', 'p.section_id')
    .select(['p.slug_name as code', 's.slug_name as section'])
    .where('s.id_categ', '=', screenConstants.eureteSectionsCategory)
    .execute();
  return rows.filter((r) => eureteCatalogueOf(r.section) === catalogue).map((r) => r.code);
}

/** Every product a stocked purchase can be bought for: catalogue codes, or its amounts. */
async function productsOf(db: Kysely<DB>, purchase: PurchaseDeclaration): Promise<string[]> {
  if (purchase.amount.kind === 'product') return catalogueProducts(db, purchase.amount.catalogue);
  return (allowedCuts(purchase) ?? []).map((cents) => formatCents(cents));
}

/** DD-MM-YYYY (as people write it) or YYYY-MM-DD; null when it is neither a real day. */
function dayOf(text: string): string | null {
  const italian = /^(\d{2})[-/.](\d{2})[-/.](\d{4})$/.exec(text);
  const iso = italian ? `${italian[3]}-${italian[2]}-${italian[1]}` : text;
  return isIsoDay(iso) ? iso : null;
}

/**
 * Reads a CSV of codes (columns `acquisto`, `prodotto`, `codice` and optionally `scadenza`; comma or
 * semicolon) and loads it whole or not at all: every problem is listed by line, nothing is written.
 * Answers the codes loaded per stock.
 */
export async function loadVoucherCodes(
  db: Kysely<DB>,
  csv: string,
  source: string,
  options: {
    now?: Date;
    purchases?: readonly PurchaseDeclaration[];
    /** Runs in the load's transaction once the codes are in (the operator console's audit row). */
    beforeCommit?: (trx: Kysely<DB>, loaded: number) => Promise<void>;
  } = {},
): Promise<{ loaded: number; stocks: (StockKey & { added: number; free: number })[] }> {
  const today = romeDate(options.now);
  const stocked = new Map(stockedPurchases(options.purchases).map((p) => [p.name, p]));
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const problems: LoadProblem[] = [];
  const fields = parsed.meta.fields ?? [];
  const missing = ['acquisto', 'prodotto', 'codice'].filter((f) => !fields.includes(f));
  if (missing.length) {
    throw new VoucherStockError([
      {
        line: 1,
        message: `colonne mancanti: ${missing.join(', ')} (attese: acquisto, prodotto, codice, scadenza)`,
      },
    ]);
  }
  if (parsed.data.length === 0) throw new VoucherStockError([{ line: 0, message: 'nessun codice nel file' }]);
  if (parsed.data.length > MAX_LOAD_ROWS) {
    throw new VoucherStockError([{ line: 0, message: `più di ${MAX_LOAD_ROWS} righe: dividere il file` }]);
  }

  const productSets = new Map<string, Set<string>>();
  const rows: (CodeRow & { line: number })[] = [];
  const seen = new Map<string, number>();
  for (const [index, record] of parsed.data.entries()) {
    const line = index + 2;
    const acquisto = (record.acquisto ?? '').trim();
    let prodotto = (record.prodotto ?? '').trim();
    const code = (record.codice ?? '').trim();
    const expiry = (record.scadenza ?? '').trim();
    const purchase = stocked.get(acquisto);
    if (!purchase) {
      const names = [...stocked.keys()].join(', ');
      problems.push({
        line,
        message: `acquisto "${acquisto}" sconosciuto o senza codici (acquisti: ${names})`,
      });
      continue;
    }
    if (purchase.amount.kind !== 'product') {
      // An amount as people write it: 25, 25,00, 25.00.
      const cents = parseCents(prodotto.replace(',', '.'));
      if (cents !== null) prodotto = formatCents(cents);
    }
    let products = productSets.get(acquisto);
    if (!products) {
      products = new Set(await productsOf(db, purchase));
      productSets.set(acquisto, products);
    }
    if (!products.has(prodotto)) {
      problems.push({ line, message: `prodotto "${prodotto}" non in vendita con l'acquisto ${acquisto}` });
    }
    if (code.length < 4 || code.length > 200 || /[\s\p{Cc}]/u.test(code)) {
      problems.push({ line, message: 'codice non valido: da 4 a 200 caratteri, senza spazi' });
    }
    let expiresOn: string | null = null;
    if (expiry) {
      expiresOn = dayOf(expiry);
      if (expiresOn === null) problems.push({ line, message: `scadenza non valida: ${expiry} (GG-MM-AAAA)` });
      else if (expiresOn < today)
        problems.push({ line, message: `codice già scaduto il ${formatDate(expiresOn)}` });
    }
    const id = `${acquisto}\u0000${code}`;
    const first = seen.get(id);
    if (first !== undefined) problems.push({ line, message: `codice ripetuto (già alla riga ${first})` });
    else seen.set(id, line);
    rows.push({ line, acquisto, prodotto, code, expires_on: expiresOn, source });
  }
  for (const [index, error] of parsed.errors.entries()) {
    if (index < 20)
      problems.push({ line: (error.row ?? -1) + 2, message: `CSV non leggibile: ${error.message}` });
  }

  // Codes already loaded (by an earlier file) are duplicates too.
  for (const [acquisto] of productSets) {
    const codes = rows.filter((r) => r.acquisto === acquisto);
    for (let i = 0; i < codes.length; i += 1000) {
      const chunk = codes.slice(i, i + 1000);
      const known = await db
        .selectFrom('voucher_codes')
        .select('code')
        .where('acquisto', '=', acquisto)
        .where(
          'code',
          'in',
          chunk.map((r) => r.code),
        )
        .execute();
      const knownSet = new Set(known.map((k) => k.code));
      for (const r of chunk) {
        if (knownSet.has(r.code)) problems.push({ line: r.line, message: 'codice già caricato' });
      }
    }
  }
  if (problems.length) throw new VoucherStockError(problems.sort((a, b) => a.line - b.line));

  return db.transaction().execute(async (trx) => {
    await insertCodes(
      trx,
      rows.map(({ line: _line, ...row }) => row),
    );
    const stocks: (StockKey & { added: number; free: number })[] = [];
    const counts = new Map<string, StockKey & { added: number }>();
    for (const r of rows) {
      const id = `${r.acquisto}\u0000${r.prodotto}`;
      const entry = counts.get(id) ?? { acquisto: r.acquisto, prodotto: r.prodotto, added: 0 };
      entry.added += 1;
      counts.set(id, entry);
    }
    for (const entry of counts.values()) {
      const free = await freeCount(trx, entry, today);
      stocks.push({ ...entry, free });
      const purchase = stocked.get(entry.acquisto)!;
      if (free >= lowStockLevel(purchase)) await clearAlert(trx, entry);
    }
    await options.beforeCommit?.(trx, rows.length);
    return { loaded: rows.length, stocks };
  });
}

async function insertCodes(db: Kysely<DB>, rows: CodeRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('voucher_codes')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

const clearAlert = (db: Kysely<DB>, key: StockKey) =>
  db
    .deleteFrom('voucher_stock_alerts')
    .where('acquisto', '=', key.acquisto)
    .where('prodotto', '=', key.prodotto)
    .execute();

/**
 * Demo mode: every stock is topped up to DEMO_STOCK codes of the demo suppliers, valid for a year (the
 * seed runs at every demo start, so a stock the demo's users emptied is full again after a restart).
 */
export async function fillDemoStocks(db: Kysely<DB>, now = new Date()): Promise<void> {
  const today = romeDate(now);
  const expires = addMonths(today, 12);
  const report = new Map(
    (await stockReport(db, now)).map((line) => [`${line.acquisto}\u0000${line.prodotto}`, line]),
  );
  const rows: CodeRow[] = [];
  for (const line of report.values()) {
    for (let i = line.free; i < DEMO_STOCK; i += 1) {
      rows.push({
        acquisto: line.acquisto,
        prodotto: line.prodotto,
        code: newDeliveryCode(),
        expires_on: expires,
        source: 'demo',
      });
    }
  }
  await insertCodes(db, rows);
  await db.deleteFrom('voucher_stock_alerts').execute();
}

export interface StockLine extends StockKey {
  title: string;
  free: number;
  taken: number;
  expired: number;
  nextExpiry: string | null;
  level: number;
  low: boolean;
}

/** Every stock of every stocked purchase's products, empty ones included (what the operator must load). */
export async function stockReport(db: Kysely<DB>, now = new Date()): Promise<StockLine[]> {
  const today = romeDate(now);
  const counted = await db
    .selectFrom('voucher_codes')
    .select([
      'acquisto',
      'prodotto',
      sql<string>`count(*) FILTER (WHERE purchase_id IS NULL AND (expires_on IS NULL OR expires_on >= ${today}))`.as(
        'free',
      ),
      sql<string>`count(*) FILTER (WHERE purchase_id IS NOT NULL)`.as('taken'),
      sql<string>`count(*) FILTER (WHERE purchase_id IS NULL AND expires_on < ${today})`.as('expired'),
      sql<
        string | null
      >`min(expires_on) FILTER (WHERE purchase_id IS NULL AND (expires_on IS NULL OR expires_on >= ${today}))`.as(
        'next_expiry',
      ),
    ])
    .groupBy(['acquisto', 'prodotto'])
    .execute();
  const byKey = new Map(counted.map((c) => [`${c.acquisto}\u0000${c.prodotto}`, c]));
  const lines: StockLine[] = [];
  for (const purchase of stockedPurchases()) {
    const level = lowStockLevel(purchase);
    for (const prodotto of await productsOf(db, purchase)) {
      const c = byKey.get(`${purchase.name}\u0000${prodotto}`);
      const free = Number(c?.free ?? 0);
      lines.push({
        acquisto: purchase.name,
        prodotto,
        title: declaredText(purchase.title),
        free,
        taken: Number(c?.taken ?? 0),
        expired: Number(c?.expired ?? 0),
        nextExpiry: c?.next_expiry ? String(c.next_expiry).slice(0, 10) : null,
        level,
        low: free < level,
      });
    }
  }
  return lines;
}
