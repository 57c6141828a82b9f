/**
 * The provider's operators (issue 26): users of profile `operatore` in the provider's own customer
 * (`OPERATOR_CUSTOMER`, made by 160-operators.sql), with what each may do (`operators`: pay; the
 * customers served, none listed = all). The scope is applied by every console query: a request of a
 * customer the operator does not serve is not found.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { operatorCustomer } from '../../../config/operator-console';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';

/** The provider's own customer code: its users are the operators; provisioning cannot use it. */
export const OPERATOR_CUSTOMER = operatorCustomer;

export interface OperatorScope {
  operatorId: number;
  email: string;
  nome: string;
  cognome: string;
  canPay: boolean;
  /** The customer ids served; null = every customer. */
  customerIds: number[] | null;
}

export async function operatorScope(db: Kysely<DB>, userId: number): Promise<OperatorScope> {
  const row = await db
    .selectFrom('operators as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.user_id', 'o.can_pay', 'o.all_customers', 'u.email', 'u.nome', 'u.cognome'])
    .where('o.user_id', '=', userId)
    .where('u.profile', '=', 'operatore')
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw ApiError.of(403, 'apiForbidden');
  const customers = row.all_customers
    ? null
    : (
        await db
          .selectFrom('operator_customers')
          .select('customer_id')
          .where('user_id', '=', userId)
          .orderBy('customer_id')
          .execute()
      ).map((r) => r.customer_id);
  return {
    operatorId: row.user_id,
    email: row.email,
    nome: row.nome,
    cognome: row.cognome,
    canPay: row.can_pay,
    customerIds: customers,
  };
}

/** The operator named by e-mail (the terminal's `--operatore`), else a clear error. */
export async function operatorByEmail(db: Kysely<DB>, email: string): Promise<OperatorScope> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .where('profile', '=', 'operatore')
    .executeTakeFirst();
  if (!user) throw new Error(`nessun operatore con e-mail ${email}`);
  return operatorScope(db, user.id);
}

/** A condition on a user's customer column: inside the operator's scope. */
export function inScope(scope: Pick<OperatorScope, 'customerIds'>, customerColumn: Expression<number>) {
  if (scope.customerIds === null) return sql<SqlBool>`true`;
  if (scope.customerIds.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`${customerColumn} IN (${sql.join(scope.customerIds)})`;
}

/** IBAN shown to an operator who does not pay: country, check digits and the last four. */
export function maskIban(iban: string): string {
  const clean = iban.replace(/\s+/g, '');
  if (clean.length <= 8) return '••••';
  return `${clean.slice(0, 4)} •••• •••• ${clean.slice(-4)}`;
}

/**
 * The IBAN a request is paid to: the one it names, else the employee's latest on file (an SQL expression
 * over the purchase `p`).
 */
export const payoutIbanSql = sql<
  string | null
>`coalesce(p.payload ->> 'iban', (SELECT ui.iban FROM user_ibans AS ui WHERE ui.user_id = p.user_id ORDER BY ui.id DESC LIMIT 1))`;
