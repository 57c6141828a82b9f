/**
 * Payout batches (issue 26): the approved reimbursements paid by transfer (the forms of
 * `transferPayoutForms`, to the IBAN the request names or the employee's latest) go into a
 * batch from one of the provider's accounts on an execution day; its SEPA Credit Transfer file
 * (pain.001.001.03, services/sepa-payouts.ts) is downloaded for the bank; marking it executed pays every
 * request in it (the ledger's `payPurchase`: `pagato`, the lines' accounted credit down) once.
 *
 * One transaction each, on the purchases' row locks: a request is in at most one open batch (the
 * partial unique index of payout_items), a batch is executed or cancelled once (its status under lock).
 * Only an operator allowed to pay (`operators.can_pay`) sees full IBANs and handles batches.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { operatorRules, transferPayoutForms } from '../../../config/operator-console';
import { formatCents, formatEuro } from '../../shared/money';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { formatMessage } from '../messages';
import type { MailMessage } from '../plugins/mail';
import { isIsoDay, romeDate } from './calendar';
import { payPurchase } from './ledger';
import { recordAudit, type Actor } from './operator-audit';
import { inScope, payoutIbanSql, type OperatorScope } from './operators';
import { italianDay, notify, type NoticeDeps } from './request-review';
import { isWorkingDay } from './request-life';
import { buildPain001 } from './sepa-payouts';

function requirePay(scope: Pick<OperatorScope, 'canPay'>): void {
  if (!scope.canPay) throw ApiError.of(403, 'apiPayRequired');
}

/** The approved requests paid by transfer, within the operator's scope. */
function payable(db: Kysely<DB>, scope: Pick<OperatorScope, 'customerIds'>) {
  return db
    .selectFrom('purchases as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .where('p.review_state', '=', 'approvata')
    .where('p.form_route', 'in', [...transferPayoutForms])
    .where(sql<boolean>`${payoutIbanSql} IS NOT NULL`)
    .where(inScope(scope, sql.ref('u.customer_id')));
}

export async function payoutOverview(db: Kysely<DB>, scope: OperatorScope) {
  const [due, accounts, batches] = await Promise.all([
    payable(db, scope)
      .select([
        (eb) => eb.fn.countAll<string>().as('n'),
        (eb) => eb.fn.sum<string | null>('p.importo').as('total'),
      ])
      .executeTakeFirstOrThrow(),
    db.selectFrom('provider_accounts').select(['id', 'nome', 'iban', 'bic']).orderBy('id').execute(),
    db
      .selectFrom('payout_batches as b')
      .innerJoin('provider_accounts as a', 'a.id', 'b.account_id')
      .leftJoin('users as c', 'c.id', 'b.created_by')
      .select([
        'b.id',
        'b.execution_date',
        'b.status',
        'b.total',
        'b.transfers',
        'b.created_at',
        'b.closed_at',
        'a.nome as conto',
        'c.nome',
        'c.cognome',
      ])
      .orderBy('b.id', 'desc')
      .limit(50)
      .execute(),
  ]);
  return {
    da_pagare: { richieste: Number(due.n), totale: formatCents(Number(due.total ?? 0)) },
    puo_pagare: scope.canPay,
    conti: accounts.map((a) => ({ id: a.id, nome: a.nome, iban: a.iban, bic: a.bic })),
    lotti: batches.map((b) => ({
      id: b.id,
      data_esecuzione: b.execution_date,
      stato: b.status,
      totale: formatCents(b.total),
      bonifici: b.transfers,
      conto: b.conto,
      creato_da: b.nome === null ? 'terminale' : `${b.nome} ${b.cognome ?? ''}`.trim(),
      creato_il: b.created_at.toISOString(),
      chiuso_il: b.closed_at?.toISOString() ?? null,
    })),
  };
}

/** A new batch of every payable request (up to the declared maximum), oldest approval first. */
export async function createBatch(
  db: Kysely<DB>,
  actor: Actor,
  scope: OperatorScope,
  input: { conto: number; data_esecuzione: string },
  at = new Date(),
) {
  requirePay(scope);
  const day = input.data_esecuzione;
  if (!isIsoDay(day) || !isWorkingDay(day) || day < romeDate(at)) {
    throw new ApiError(400, { data_esecuzione: [formatMessage('apiPayoutDateInvalid')] });
  }
  const account = await db
    .selectFrom('provider_accounts')
    .select('id')
    .where('id', '=', input.conto)
    .executeTakeFirst();
  if (!account) throw new ApiError(400, { conto: [formatMessage('apiPayoutAccountUnknown')] });

  return db.transaction().execute(async (trx) => {
    // Locked in id order, the order every purchase lock takes; a request another batch took meanwhile
    // no longer reads `approvata` once its lock is granted.
    const rows = await payable(trx, scope)
      .select(['p.id', 'p.importo', payoutIbanSql.as('iban'), 'u.nome', 'u.cognome'])
      .orderBy('p.approved_at')
      .orderBy('p.id')
      .limit(operatorRules.batchMaxTransfers)
      .forUpdate('p')
      .execute();
    if (rows.length === 0) throw new ApiError(409, formatMessage('apiPayoutNothingToPay'));
    const total = rows.reduce((sum, r) => sum + r.importo, 0);
    const messageId = `WLF-${day.replace(/-/g, '')}-${randomBytes(6).toString('hex').toUpperCase()}`;
    const batch = await trx
      .insertInto('payout_batches')
      .values({
        account_id: input.conto,
        execution_date: day,
        message_id: messageId,
        total,
        transfers: rows.length,
        created_by: actor.operatorId,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('payout_items')
      .values(
        rows.map((r) => ({
          batch_id: batch.id,
          purchase_id: r.id,
          importo: r.importo,
          iban: String(r.iban).replace(/\s+/g, '').toUpperCase(),
          beneficiario: `${r.nome} ${r.cognome}`.trim(),
        })),
      )
      .execute();
    const ids = rows.map((r) => r.id);
    await trx
      .updateTable('purchases')
      .set((eb) => ({ review_state: 'in_pagamento', review_version: eb('review_version', '+', 1) }))
      .where('id', 'in', ids)
      .execute();
    await trx
      .insertInto('purchase_events')
      .values(
        ids.map((id) => ({
          purchase_id: id,
          event: 'in_pagamento' as const,
          at,
          operator_id: actor.operatorId,
          details: JSON.stringify({ lotto: batch.id }),
        })),
      )
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'lotto_creato',
        objectType: 'lotto',
        objectId: batch.id,
        changes: {
          conto: input.conto,
          data_esecuzione: day,
          bonifici: rows.length,
          totale: formatCents(total),
          richieste: ids,
        },
      },
      at,
    );
    return { id: batch.id, bonifici: rows.length, totale: formatCents(total), data_esecuzione: day };
  });
}

async function batchOf(db: Kysely<DB>, id: number) {
  const batch = await db
    .selectFrom('payout_batches as b')
    .innerJoin('provider_accounts as a', 'a.id', 'b.account_id')
    .select([
      'b.id',
      'b.execution_date',
      'b.status',
      'b.message_id',
      'b.total',
      'b.transfers',
      'b.created_at',
      'a.nome',
      'a.iban',
      'a.bic',
    ])
    .where('b.id', '=', id)
    .executeTakeFirst();
  if (!batch) throw ApiError.of(404, 'apiNotFound');
  return batch;
}

/** The batch's pain.001 file (written to the audit log as downloaded). */
export async function batchFile(
  db: Kysely<DB>,
  actor: Actor,
  scope: OperatorScope,
  id: number,
  at = new Date(),
) {
  requirePay(scope);
  const batch = await batchOf(db, id);
  const items = await db
    .selectFrom('payout_items')
    .select(['purchase_id', 'importo', 'iban', 'beneficiario'])
    .where('batch_id', '=', id)
    .orderBy('purchase_id')
    .execute();
  const xml = buildPain001({
    messageId: batch.message_id,
    createdAt: batch.created_at,
    executionDate: batch.execution_date,
    debtor: { name: batch.nome, iban: batch.iban, ...(batch.bic ? { bic: batch.bic } : {}) },
    transfers: items.map((i) => ({
      endToEndId: `RIMB-${i.purchase_id}`,
      creditorName: i.beneficiario,
      iban: i.iban,
      amountCents: i.importo,
      remittance: `Rimborso welfare richiesta n. ${i.purchase_id}`,
    })),
  });
  await recordAudit(
    db,
    actor,
    {
      action: 'file_sepa_scaricato',
      objectType: 'lotto',
      objectId: id,
      changes: { message_id: batch.message_id },
    },
    at,
  );
  return { xml, fileName: `bonifici-lotto-${id}-${batch.execution_date}.xml` };
}

/** The requests of a batch (the console's batch page). */
export async function batchDetail(db: Kysely<DB>, scope: OperatorScope, id: number) {
  const batch = await batchOf(db, id);
  const items = await db
    .selectFrom('payout_items as i')
    .innerJoin('purchases as p', 'p.id', 'i.purchase_id')
    .select(['i.purchase_id', 'i.importo', 'i.iban', 'i.beneficiario', 'p.review_state'])
    .where('i.batch_id', '=', id)
    .orderBy('i.purchase_id')
    .execute();
  return {
    id: batch.id,
    stato: batch.status,
    data_esecuzione: batch.execution_date,
    totale: formatCents(batch.total),
    bonifici: batch.transfers,
    conto: { nome: batch.nome, iban: scope.canPay ? batch.iban : null },
    richieste: items.map((i) => ({
      id_acquisto: i.purchase_id,
      importo: formatCents(i.importo),
      beneficiario: i.beneficiario,
      stato: i.review_state,
    })),
  };
}

/** Locks an open batch, else 409 (executed or cancelled already: nothing is done twice). */
async function lockOpenBatch(trx: Kysely<DB>, id: number) {
  const batch = await trx
    .selectFrom('payout_batches')
    .select(['id', 'status', 'execution_date', 'total', 'transfers'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!batch) throw ApiError.of(404, 'apiNotFound');
  if (batch.status !== 'aperto')
    throw ApiError.of(409, 'apiPayoutBatchClosed', { id: String(id), stato: batch.status });
  return batch;
}

/** The bank executed the batch: every request in it is paid, on the batch's execution day. */
export async function executeBatch(
  db: Kysely<DB>,
  deps: NoticeDeps,
  actor: Actor,
  scope: OperatorScope,
  id: number,
  at = new Date(),
): Promise<{ id: number; pagate: number; mails: MailMessage[] }> {
  requirePay(scope);
  return db.transaction().execute(async (trx) => {
    const batch = await lockOpenBatch(trx, id);
    const items = await trx
      .selectFrom('payout_items')
      .select(['purchase_id', 'importo'])
      .where('batch_id', '=', id)
      .orderBy('purchase_id')
      .execute();
    // Paid on the execution day (a late confirmation does not move it).
    const paidAt = new Date(`${batch.execution_date}T10:00:00Z`);
    const mails: MailMessage[] = [];
    for (const item of items) {
      const purchase = await payPurchase(trx, item.purchase_id, paidAt);
      await trx
        .insertInto('purchase_events')
        .values({
          purchase_id: item.purchase_id,
          event: 'pagata',
          at,
          operator_id: actor.operatorId,
          details: JSON.stringify({ lotto: id, data: batch.execution_date }),
        })
        .execute();
      const mail = await notify(
        trx,
        deps,
        purchase.user_id,
        purchase.id,
        'pagata',
        formatMessage('apiNoticePaid', {
          id: String(purchase.id),
          oggetto: purchase.oggetto || `richiesta n. ${purchase.id}`,
          importo: formatEuro(purchase.importo),
          data: italianDay(batch.execution_date),
        }),
        at,
      );
      if (mail) mails.push(mail);
    }
    await trx.updateTable('payout_items').set({ open: false }).where('batch_id', '=', id).execute();
    await trx
      .updateTable('payout_batches')
      .set({ status: 'eseguito', closed_at: at, closed_by: actor.operatorId })
      .where('id', '=', id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'lotto_eseguito',
        objectType: 'lotto',
        objectId: id,
        changes: {
          stato: ['aperto', 'eseguito'],
          data_esecuzione: batch.execution_date,
          bonifici: items.length,
          totale: formatCents(batch.total),
        },
      },
      at,
    );
    return { id, pagate: items.length, mails };
  });
}

/** A batch the bank will not execute: its requests go back to `approvata`, ready for another batch. */
export async function cancelBatch(
  db: Kysely<DB>,
  actor: Actor,
  scope: OperatorScope,
  id: number,
  at = new Date(),
) {
  requirePay(scope);
  return db.transaction().execute(async (trx) => {
    await lockOpenBatch(trx, id);
    const items = await trx
      .selectFrom('payout_items')
      .select('purchase_id')
      .where('batch_id', '=', id)
      .execute();
    const ids = items.map((i) => i.purchase_id);
    await trx.updateTable('payout_items').set({ open: false }).where('batch_id', '=', id).execute();
    await trx
      .updateTable('purchases')
      .set((eb) => ({ review_state: 'approvata', review_version: eb('review_version', '+', 1) }))
      .where('id', 'in', ids)
      .where('review_state', '=', 'in_pagamento')
      .execute();
    await trx
      .insertInto('purchase_events')
      .values(
        ids.map((pid) => ({
          purchase_id: pid,
          event: 'uscita_dal_lotto' as const,
          at,
          operator_id: actor.operatorId,
          details: JSON.stringify({ lotto: id }),
        })),
      )
      .execute();
    await trx
      .updateTable('payout_batches')
      .set({ status: 'annullato', closed_at: at, closed_by: actor.operatorId })
      .where('id', '=', id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'lotto_annullato',
        objectType: 'lotto',
        objectId: id,
        changes: { stato: ['aperto', 'annullato'], richieste: ids },
      },
      at,
    );
    return { id, richieste: ids.length };
  });
}
