/**
 * The ledger (ARCHITECTURE.md §6): credit lines, immutable movements, purchases and their allocations.
 *
 * Invariants kept here and by the table constraints:
 * - a purchase is one transaction that locks all the user's lines (SELECT ... FOR UPDATE, ORDER BY id:
 *   one fixed order, so concurrent purchases queue instead of deadlocking), allocates, and writes
 *   purchase + allocations + one DARE movement; no spendable balance ever goes below zero;
 * - only lines valid today (data_decorrenza <= today <= data_scadenza, in Rome) count;
 * - source art51c3 uses only art. 51 c.3 lines; totale uses ordinary lines first, then art. 51 c.3,
 *   soonest expiry first;
 * - a rejected purchase gives the same amounts back to the same lines with an AVERE movement;
 * - balances are derived from the lines, never edited by hand.
 */
import type { Kysely, RawBuilder, Transaction } from 'kysely';
import { creditSourceIds, movementKindIds } from '../../../config/movement-kinds';
import { formatCents } from '../../shared/money';
import type { CreditLine, CreditSourceKind, DB, Purchase, PurchaseStatus } from '../db/schema';
import { ApiError, InsufficientCreditError, PurchaseStateError } from '../errors';
import { romeDate } from './calendar';
import { hashRequest, withIdempotency } from './idempotency';

type Db = Kysely<DB> | Transaction<DB>;

/** Movement kind of a credit load (spec 000 §3: 10 Trasferimento credito). */
export const CREDIT_LOAD_KIND = 10;

export interface Allocation {
  creditLineId: number;
  importo: number;
}

// ---------------------------------------------------------------------------------------------
// Credit loads

export interface AddCreditInput {
  userId: number;
  amountCents: number;
  fonte: number;
  isArt51c3?: boolean;
  dataDecorrenza: string;
  dataScadenza: string;
  oggetto?: string;
  soggetto?: string;
  /** Movement kind of the AVERE movement (default 10, Trasferimento credito). */
  kind?: number;
  /** Natural key of the line: a second load with the same key does nothing. */
  rifEsterno?: string | null;
  /** When the load happened (default now). */
  at?: Date;
}

export async function addCredit(
  db: Kysely<DB>,
  input: AddCreditInput,
): Promise<{ line: CreditLine; created: boolean }> {
  assertCents(input.amountCents);
  if (!creditSourceIds.includes(input.fonte as never))
    throw new ApiError(400, { fonte: ['Tipo fonte non valido (1-7).'] });
  const kind = input.kind ?? CREDIT_LOAD_KIND;
  assertKind(kind);
  if (input.dataScadenza < input.dataDecorrenza) {
    throw new ApiError(400, { data_scadenza: ['La scadenza precede la decorrenza.'] });
  }
  return db.transaction().execute((trx) => insertCreditLoad(trx, input, kind));
}

/**
 * The line and its AVERE movement, inside the caller's transaction (checked input: see addCredit).
 * The bulk import writes every line of a file in one transaction through this.
 */
export async function insertCreditLoad(
  trx: Transaction<DB>,
  input: AddCreditInput,
  kind = input.kind ?? CREDIT_LOAD_KIND,
): Promise<{ line: CreditLine; created: boolean }> {
  const inserted = await trx
    .insertInto('credit_lines')
    .values({
      user_id: input.userId,
      fonte: input.fonte,
      is_art51c3: input.isArt51c3 ?? false,
      data_decorrenza: input.dataDecorrenza,
      data_scadenza: input.dataScadenza,
      credito_iniziale: input.amountCents,
      credito_spendibile: input.amountCents,
      credito_contabile: input.amountCents,
      rif_esterno: input.rifEsterno ?? null,
      ...(input.at ? { created_at: input.at } : {}),
    })
    .onConflict((oc) => oc.columns(['user_id', 'rif_esterno']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) {
    const existing = await trx
      .selectFrom('credit_lines')
      .selectAll()
      .where('user_id', '=', input.userId)
      .where('rif_esterno', '=', input.rifEsterno ?? '')
      .executeTakeFirstOrThrow();
    return { line: existing, created: false };
  }
  await trx
    .insertInto('movements')
    .values({
      user_id: input.userId,
      verso: 'AVERE',
      importo: input.amountCents,
      id_kind: kind,
      oggetto: input.oggetto ?? 'Caricamento credito welfare',
      soggetto: input.soggetto ?? '',
      credit_line_id: inserted.id,
      ...(input.at ? { created: input.at } : {}),
    })
    .execute();
  return { line: inserted, created: true };
}

/**
 * Many loads at once inside the caller's transaction (the bulk import's batches): the lines in one
 * INSERT (a natural key already loaded is skipped), then the AVERE movements of the lines made, in one
 * INSERT. Answers how many lines were made. Amounts are integer cents above zero, fonte 1-7.
 */
export async function insertCreditLoads(
  trx: Transaction<DB>,
  inputs: readonly AddCreditInput[],
): Promise<number> {
  if (inputs.length === 0) return 0;
  for (const input of inputs) {
    assertCents(input.amountCents);
    if (!creditSourceIds.includes(input.fonte as never))
      throw new Error(`tipo fonte non valido: ${input.fonte}`);
    if (input.dataScadenza < input.dataDecorrenza) throw new Error('la scadenza precede la decorrenza');
  }
  const made = await trx
    .insertInto('credit_lines')
    .values(
      inputs.map((input) => ({
        user_id: input.userId,
        fonte: input.fonte,
        is_art51c3: input.isArt51c3 ?? false,
        data_decorrenza: input.dataDecorrenza,
        data_scadenza: input.dataScadenza,
        credito_iniziale: input.amountCents,
        credito_spendibile: input.amountCents,
        credito_contabile: input.amountCents,
        rif_esterno: input.rifEsterno ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'rif_esterno']).doNothing())
    .returning(['id', 'user_id', 'rif_esterno'])
    .execute();
  if (made.length === 0) return 0;
  const byKey = new Map(inputs.map((input) => [`${input.userId} ${input.rifEsterno ?? ''}`, input]));
  await trx
    .insertInto('movements')
    .values(
      made.map((line) => {
        const input = byKey.get(`${line.user_id} ${line.rif_esterno ?? ''}`)!;
        const kind = input.kind ?? CREDIT_LOAD_KIND;
        assertKind(kind);
        return {
          user_id: line.user_id,
          verso: 'AVERE' as const,
          importo: input.amountCents,
          id_kind: kind,
          oggetto: input.oggetto ?? 'Caricamento credito welfare',
          soggetto: input.soggetto ?? '',
          credit_line_id: line.id,
        };
      }),
    )
    .execute();
  return made.length;
}

// ---------------------------------------------------------------------------------------------
// Purchases

export interface DebitInput {
  userId: number;
  kind: number;
  amountCents: number;
  source: CreditSourceKind;
  oggetto?: string;
  soggetto?: string;
  payload?: Record<string, unknown>;
  /** The route name of the form that sent the request (purchases.form_route); none for other purchases. */
  formRoute?: string | null;
  /** Idempotency-Key: a retry with the same key and request returns the first purchase, debits nothing. */
  idempotencyKey?: string | null;
  /** The instant of the purchase (default now): decides which lines are valid. */
  at?: Date;
  /**
   * Runs inside the purchase's transaction, after the writes: a route's Idempotency-Key answer
   * (services/idempotency.ts `finish`) is stored here, so it commits together with the debit.
   */
  beforeCommit?: (trx: Transaction<DB>, purchase: Purchase) => Promise<void>;
}

export interface DebitResult {
  purchase: Purchase;
  allocations: Allocation[];
  /** True when the purchase was made by an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

/** Order in which lines are consumed: see the module comment. */
export function allocationOrder(source: CreditSourceKind) {
  return (a: CreditLine, b: CreditLine): number => {
    if (source === 'totale' && a.is_art51c3 !== b.is_art51c3) return a.is_art51c3 ? 1 : -1;
    if (a.data_scadenza !== b.data_scadenza) return a.data_scadenza < b.data_scadenza ? -1 : 1;
    return a.id - b.id;
  };
}

/** Lines a purchase may use on `day`, in consumption order. */
export function usableLines(
  lines: readonly CreditLine[],
  source: CreditSourceKind,
  day: string,
): CreditLine[] {
  return lines
    .filter(
      (l) =>
        l.credito_spendibile > 0 &&
        l.data_decorrenza <= day &&
        l.data_scadenza >= day &&
        (source === 'totale' || l.is_art51c3),
    )
    .sort(allocationOrder(source));
}

/** Splits an amount over lines in order; null when they do not cover it. */
export function allocate(lines: readonly CreditLine[], amountCents: number): Allocation[] | null {
  const allocations: Allocation[] = [];
  let left = amountCents;
  for (const line of lines) {
    if (left === 0) break;
    const take = Math.min(left, line.credito_spendibile);
    if (take > 0) allocations.push({ creditLineId: line.id, importo: take });
    left -= take;
  }
  return left === 0 ? allocations : null;
}

export async function debitPurchase(db: Kysely<DB>, input: DebitInput): Promise<DebitResult> {
  assertCents(input.amountCents);
  assertKind(input.kind);
  if (input.source !== 'totale' && input.source !== 'art51c3') {
    throw new ApiError(400, { credit_source: ['Fonte di credito non valida.'] });
  }
  if (!input.idempotencyKey)
    return { ...(await debitInTransaction(db, input, input.beforeCommit)), replayed: false };

  const requestHash = hashRequest({
    op: 'purchase',
    kind: input.kind,
    importo: input.amountCents,
    source: input.source,
    oggetto: input.oggetto ?? '',
    soggetto: input.soggetto ?? '',
    payload: input.payload ?? {},
    ...(input.formRoute ? { form: input.formRoute } : {}),
  });
  let made: Omit<DebitResult, 'replayed'> | undefined;
  const outcome = await withIdempotency(
    db,
    { userId: input.userId, key: input.idempotencyKey, requestHash },
    async (finish) => {
      made = await debitInTransaction(db, input, async (trx, purchase) => {
        await input.beforeCommit?.(trx, purchase);
        await finish(trx, { status: 201, body: { id_acquisto: purchase.id } });
      });
      return { status: 201, body: { id_acquisto: made.purchase.id } };
    },
  );
  if (made && !outcome.replayed) return { ...made, replayed: false };
  const purchaseId = (outcome.body as { id_acquisto: number }).id_acquisto;
  const purchase = await db
    .selectFrom('purchases')
    .selectAll()
    .where('id', '=', purchaseId)
    .executeTakeFirstOrThrow();
  return { purchase, allocations: await allocationsOf(db, purchaseId), replayed: true };
}

async function debitInTransaction(
  db: Kysely<DB>,
  input: DebitInput,
  beforeCommit?: (trx: Transaction<DB>, purchase: Purchase) => Promise<void>,
): Promise<Omit<DebitResult, 'replayed'>> {
  const at = input.at ?? new Date();
  const day = romeDate(at);
  return db.transaction().execute(async (trx) => {
    const lines = await trx
      .selectFrom('credit_lines')
      .selectAll()
      .where('user_id', '=', input.userId)
      .orderBy('id')
      .forUpdate()
      .execute();
    const allocations = allocate(usableLines(lines, input.source, day), input.amountCents);
    if (!allocations) throw new InsufficientCreditError();

    const purchase = await trx
      .insertInto('purchases')
      .values({
        user_id: input.userId,
        kind: input.kind,
        importo: input.amountCents,
        credit_source: input.source,
        oggetto: input.oggetto ?? '',
        soggetto: input.soggetto ?? '',
        payload: JSON.stringify(input.payload ?? {}),
        form_route: input.formRoute ?? null,
        idempotency_key: input.idempotencyKey ?? null,
        created: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('purchase_allocations')
      .values(
        allocations.map((a) => ({
          purchase_id: purchase.id,
          credit_line_id: a.creditLineId,
          importo: a.importo,
        })),
      )
      .execute();
    for (const a of allocations) {
      await trx
        .updateTable('credit_lines')
        .set((eb) => ({ credito_spendibile: eb('credito_spendibile', '-', a.importo) }))
        .where('id', '=', a.creditLineId)
        .execute();
    }
    await trx
      .insertInto('movements')
      .values({
        user_id: input.userId,
        verso: 'DARE',
        importo: input.amountCents,
        id_kind: input.kind,
        oggetto: input.oggetto ?? '',
        soggetto: input.soggetto ?? '',
        id_acquisto: purchase.id,
        created: at,
      })
      .execute();
    if (beforeCommit) await beforeCommit(trx, purchase);
    return { purchase, allocations };
  });
}

export async function allocationsOf(db: Db, purchaseId: number): Promise<Allocation[]> {
  const rows = await db
    .selectFrom('purchase_allocations')
    .select(['credit_line_id', 'importo'])
    .where('purchase_id', '=', purchaseId)
    .orderBy('credit_line_id')
    .execute();
  return rows.map((r) => ({ creditLineId: r.credit_line_id, importo: r.importo }));
}

// ---------------------------------------------------------------------------------------------
// Operator transitions: inserito -> approvato -> pagato; inserito | approvato -> rifiutato.

export async function lockPurchase(trx: Transaction<DB>, purchaseId: number): Promise<Purchase> {
  const purchase = await trx
    .selectFrom('purchases')
    .selectAll()
    .where('id', '=', purchaseId)
    .forUpdate()
    .executeTakeFirst();
  if (!purchase) throw ApiError.of(404, 'apiNotFound');
  return purchase;
}

function requireStatus(purchase: Purchase, allowed: readonly PurchaseStatus[]): void {
  if (!allowed.includes(purchase.status)) throw new PurchaseStateError(purchase.status);
}

/** Runs `work` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}

/** Approved (issue 26: the request's stage `approvata`); the caller's transaction when it has one. */
export async function approvePurchase(
  db: Kysely<DB>,
  purchaseId: number,
  at = new Date(),
): Promise<Purchase> {
  return inTransaction(db, async (trx) => {
    requireStatus(await lockPurchase(trx, purchaseId), ['inserito']);
    return trx
      .updateTable('purchases')
      .set((eb) => ({
        status: 'approvato',
        review_state: 'approvata',
        approved_at: at,
        review_version: eb('review_version', '+', 1),
      }))
      .where('id', '=', purchaseId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Paid: the credit has left the lines, so their accounted balance (credito_contabile) goes down too. */
export async function payPurchase(db: Kysely<DB>, purchaseId: number, at = new Date()): Promise<Purchase> {
  return inTransaction(db, async (trx) => {
    const purchase = await lockPurchase(trx, purchaseId);
    requireStatus(purchase, ['inserito', 'approvato']);
    for (const a of await lockAllocatedLines(trx, purchaseId)) {
      await trx
        .updateTable('credit_lines')
        .set((eb) => ({ credito_contabile: eb('credito_contabile', '-', a.importo) }))
        .where('id', '=', a.creditLineId)
        .execute();
    }
    return trx
      .updateTable('purchases')
      .set((eb) => ({
        status: 'pagato',
        review_state: 'pagata',
        paid_at: at,
        approved_at: purchase.approved_at ?? at,
        review_version: eb('review_version', '+', 1),
      }))
      .where('id', '=', purchaseId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/**
 * Rejected (cancelled) by an operator: credit back to the same lines, with an AVERE movement. The status
 * check under the purchase's lock makes it happen once: a second rejection finds `rifiutato`.
 */
export async function rejectPurchase(
  db: Kysely<DB>,
  purchaseId: number,
  options: { at?: Date; motivo?: string } = {},
): Promise<Purchase> {
  const at = options.at ?? new Date();
  return inTransaction(db, async (trx) => {
    const purchase = await lockPurchase(trx, purchaseId);
    requireStatus(purchase, ['inserito', 'approvato']);
    if (purchase.review_state === 'in_pagamento') throw new PurchaseStateError(purchase.status);
    for (const a of await lockAllocatedLines(trx, purchaseId)) {
      await trx
        .updateTable('credit_lines')
        .set((eb) => ({ credito_spendibile: eb('credito_spendibile', '+', a.importo) }))
        .where('id', '=', a.creditLineId)
        .execute();
    }
    await trx
      .insertInto('movements')
      .values({
        user_id: purchase.user_id,
        verso: 'AVERE',
        importo: purchase.importo,
        id_kind: purchase.kind,
        oggetto: `Storno richiesta n. ${purchase.id}${purchase.oggetto ? `: ${purchase.oggetto}` : ''}`,
        soggetto: options.motivo ?? purchase.soggetto,
        id_acquisto: purchase.id,
        created: at,
      })
      .execute();
    return trx
      .updateTable('purchases')
      .set((eb) => ({
        status: 'rifiutato',
        review_state: 'rifiutata',
        rejected_at: at,
        review_version: eb('review_version', '+', 1),
      }))
      .where('id', '=', purchaseId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Allocations of a purchase, their lines locked in id order (the same order purchases use). */
async function lockAllocatedLines(trx: Transaction<DB>, purchaseId: number): Promise<Allocation[]> {
  const allocations = await allocationsOf(trx, purchaseId);
  if (allocations.length > 0) {
    await trx
      .selectFrom('credit_lines')
      .select('id')
      .where(
        'id',
        'in',
        allocations.map((a) => a.creditLineId),
      )
      .orderBy('id')
      .forUpdate()
      .execute();
  }
  return allocations;
}

// ---------------------------------------------------------------------------------------------
// Balances

export interface Balances {
  totale: number;
  art51c3: number;
  perFonte: Record<string, number>;
}

/** What a balance reads of a credit line. */
export interface BalanceLine {
  fonte: number;
  is_art51c3: boolean;
  credito_spendibile: number;
}

/**
 * The lines a balance counts: those of the user valid on `day`. The one definition, run alone by
 * `balances` or embedded as a subquery by a call that reads more in the same round trip
 * (`userId` then references the outer query's user column).
 */
export function balanceLinesQuery(db: Db, userId: number | RawBuilder<number>, day: string) {
  return db
    .selectFrom('credit_lines')
    .select(['fonte', 'is_art51c3', 'credito_spendibile'])
    .where('user_id', '=', userId)
    .where('data_decorrenza', '<=', day)
    .where('data_scadenza', '>=', day);
}

/** The balances of the lines a balance counts, in cents. */
export function sumBalances(lines: readonly BalanceLine[]): Balances {
  const perFonte: Record<string, number> = {};
  for (const id of creditSourceIds) perFonte[id] = 0;
  let totale = 0;
  let art51c3 = 0;
  for (const line of lines) {
    totale += line.credito_spendibile;
    if (line.is_art51c3) art51c3 += line.credito_spendibile;
    perFonte[String(line.fonte)] = (perFonte[String(line.fonte)] ?? 0) + line.credito_spendibile;
  }
  return { totale, art51c3, perFonte };
}

/** Spendable balances of the lines valid on `day` (default: today in Rome), in cents. */
export async function balances(db: Db, userId: number, day = romeDate()): Promise<Balances> {
  return sumBalances(await balanceLinesQuery(db, userId, day).execute());
}

/** The wire shape `crediti` (schemas/api/crediti.json). */
export function toWireCrediti(b: Balances): {
  totale: string;
  art51c3: string;
  per_fonte: Record<string, string>;
} {
  return {
    totale: formatCents(b.totale),
    art51c3: formatCents(b.art51c3),
    per_fonte: perFonteWire(b.perFonte),
  };
}

/** Each source's balance on the wire (a loop: no pair arrays per request, get-logged-user-info). */
function perFonteWire(perFonte: Record<string, number>): Record<string, string> {
  const wire: Record<string, string> = {};
  for (const fonte in perFonte) wire[fonte] = formatCents(perFonte[fonte] ?? 0);
  return wire;
}

// ---------------------------------------------------------------------------------------------

function assertCents(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw ApiError.of(400, 'apiAmountInvalid');
}

function assertKind(kind: number): void {
  if (!movementKindIds.includes(kind as never)) {
    throw new ApiError(400, { kind: ['Tipo di movimento non valido (1-14).'] });
  }
}
