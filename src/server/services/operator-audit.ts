/**
 * The operators' audit log (issue 26): who did what to which object, what changed, from which address.
 * Written by every operator action (console and terminal) inside the transaction of the change, so an
 * action without its row cannot commit; the table refuses updates and deletes (trigger in
 * 160-operators.sql). Read back, newest first, with filters, by the console's "Registro" page.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { PageSizes } from '../../../config/tables/types';
import { pageSlice } from './paging';

/** Who acts: an operator of the console (id, e-mail, the request's address) or the terminal. */
export interface Actor {
  operatorId: number | null;
  actor: string;
  address: string;
}

/** The admin command's actor when no operator is named. */
export const TERMINAL: Actor = { operatorId: null, actor: 'terminale', address: 'terminale' };

export interface AuditEntry {
  action: string;
  objectType: string;
  objectId: string | number;
  changes?: Record<string, unknown>;
}

export async function recordAudit(
  trx: Transaction<DB> | Kysely<DB>,
  actor: Actor,
  entry: AuditEntry,
  at = new Date(),
): Promise<void> {
  await trx
    .insertInto('operator_audit')
    .values({
      at,
      operator_id: actor.operatorId,
      actor: actor.actor,
      address: actor.address.slice(0, 64) || 'sconosciuto',
      action: entry.action,
      object_type: entry.objectType,
      object_id: String(entry.objectId),
      changes: JSON.stringify(entry.changes ?? {}),
    })
    .execute();
}

export interface AuditFilters {
  operatore?: string | undefined;
  azione?: string | undefined;
  oggetto?: string | undefined;
  id_oggetto?: string | undefined;
  dal?: string | undefined;
  al?: string | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

export interface AuditRow {
  id: number;
  quando: string;
  operatore: string;
  azione: string;
  oggetto: string;
  id_oggetto: string;
  modifiche: Record<string, unknown>;
  indirizzo: string;
}

/** A page of the log, newest first; `dal`/`al` are Rome days, inclusive. */
export async function listAudit(
  db: Kysely<DB>,
  filters: AuditFilters,
  sizes: PageSizes,
): Promise<{ count: number; results: AuditRow[]; azioni: string[] }> {
  const slice = pageSlice(filters, sizes);
  let query = db.selectFrom('operator_audit');
  if (filters.operatore) query = query.where('actor', 'ilike', `%${escapeLike(filters.operatore)}%`);
  if (filters.azione) query = query.where('action', '=', filters.azione);
  if (filters.oggetto) query = query.where('object_type', '=', filters.oggetto);
  if (filters.id_oggetto) query = query.where('object_id', '=', filters.id_oggetto);
  if (filters.dal)
    query = query.where(sql<boolean>`at >= (${filters.dal}::date)::timestamp AT TIME ZONE 'Europe/Rome'`);
  if (filters.al)
    query = query.where(sql<boolean>`at < ((${filters.al}::date + 1)::timestamp AT TIME ZONE 'Europe/Rome')`);
  const [count, rows, actions] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(slice.limit)
      .offset(slice.offset)
      .execute(),
    db.selectFrom('operator_audit').select('action').distinct().orderBy('action').execute(),
  ]);
  return {
    count: Number(count.n),
    results: rows.map((r) => ({
      id: r.id,
      quando: r.at.toISOString(),
      operatore: r.actor,
      azione: r.action,
      oggetto: r.object_type,
      id_oggetto: r.object_id,
      modifiche: (r.changes ?? {}) as Record<string, unknown>,
      indirizzo: r.address,
    })),
    azioni: actions.map((a) => a.action),
  };
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
