/**
 * The advances account of a company (spec 000 §3 "Referent company and balances", §6, §7
 * get_status_conto_anticipi): what the company paid in ahead (AVERE) and what was drawn from it for
 * its employees' paid requests (DARE). Rows are append-only (004-history.sql); `saldo_anticipi` is
 * their sum, never stored. It may go below zero: the company then owes the difference.
 */
import { sql, type Kysely } from 'kysely';
import type { DB, Verso } from '../db/schema';
import { ApiError } from '../errors';

export interface AdvanceInput {
  companyId: number;
  verso: Verso;
  amountCents: number;
  causale?: string;
  /** Natural key at the origin: a second load with the same key does nothing. */
  rifEsterno?: string | null;
  at?: Date;
}

/** Records a payment into (AVERE) or a draw from (DARE) the account; true when it was new. */
export async function addAdvance(db: Kysely<DB>, input: AdvanceInput): Promise<boolean> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw ApiError.of(400, 'apiAmountInvalid');
  }
  const result = await db
    .insertInto('company_advances')
    .values({
      company_id: input.companyId,
      verso: input.verso,
      importo: input.amountCents,
      causale: input.causale ?? '',
      rif_esterno: input.rifEsterno ?? null,
      ...(input.at ? { created: input.at } : {}),
    })
    .onConflict((oc) => oc.columns(['company_id', 'rif_esterno']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

/** saldo_anticipi in cents: AVERE minus DARE. */
export async function advancesBalance(db: Kysely<DB>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('company_advances')
    .select(
      sql<number>`coalesce(sum(CASE WHEN verso = 'AVERE' THEN importo ELSE -importo END), 0)::bigint`.as(
        'saldo',
      ),
    )
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.saldo);
}
