/**
 * Read side of the ledger for the movement page (spec 000 §2, §3, §6): the user's credit lines
 * (credit-status modal), the user's cancelled purchases (cancelled-purchases modal), and for a
 * referent the company balance (`saldo_aziendale`, the spendable credit of its employees) and the
 * residual credit of every employee (export_crediti_res_utenti).
 *
 * Spendable figures count the lines valid on the day (in Rome), as the ledger does (services/ledger.ts).
 */
import type { Writable } from 'node:stream';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { cancelledPurchasesTable } from '../../../config/tables/cancelled-purchases';
import { formatMessage } from '../messages';
import { formatCents } from '../../shared/money';
import type { DB } from '../db/schema';
import { romeDate } from './calendar';
import { writeXlsx } from './spreadsheet';
import { pageOf, type PageAnswer, type PageSlice } from './paging';
import type { AcquistoAnnullato, LineaCredito } from '../../../schemas/wire-types.gen';

export type WireCreditLine = LineaCredito;

/**
 * Where a line stands on a Rome day: valid (`attiva`, data_decorrenza <= day <= data_scadenza, as the
 * ledger counts it), past its expiry (`scaduta`) or not started yet (`futura`).
 */
export function lineState(line: { data_decorrenza: string; data_scadenza: string }, day: string): LineState {
  if (line.data_scadenza < day) return 'scaduta';
  if (line.data_decorrenza > day) return 'futura';
  return 'attiva';
}

export type LineState = LineaCredito['stato'];

/**
 * Every credit line of the user, expired ones included, the latest first, as they stand on `day` (Rome):
 * `credito_spendibile` is what the line lets the user spend that day, so a line that has expired or not
 * started yet shows 0.00 (its unused credit is no longer, or not yet, spendable) and the column adds up
 * to the balance (`totale` of services/ledger.ts `balances`); `stato` says which.
 */
export async function creditLines(
  db: Kysely<DB>,
  userId: number,
  day = romeDate(),
): Promise<WireCreditLine[]> {
  const rows = await db
    .selectFrom('credit_lines as l')
    .innerJoin('fonti as f', 'f.id', 'l.fonte')
    .select([
      'l.id',
      'l.data_decorrenza',
      'l.data_scadenza',
      'l.fonte',
      'f.nome as fonte_nome',
      'l.credito_iniziale',
      'l.credito_spendibile',
      'l.credito_contabile',
      'l.is_art51c3',
    ])
    .where('l.user_id', '=', userId)
    .orderBy('l.data_decorrenza', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
  return rows.map((r) => {
    const stato = lineState(r, day);
    return {
      id: r.id,
      data_decorrenza: r.data_decorrenza,
      data_scadenza: r.data_scadenza,
      fonte: { id: r.fonte, nome: r.fonte_nome },
      stato,
      credito_iniziale: formatCents(r.credito_iniziale),
      credito_spendibile: formatCents(stato === 'attiva' ? r.credito_spendibile : 0),
      credito_contabile: formatCents(r.credito_contabile),
      is_art51c3: r.is_art51c3,
    };
  });
}

/** Page sizes of the cancelled purchases (spec 000 §9: default 10), as the table declares them. */
export const CANCELLED_PAGING = cancelledPurchasesTable.paging;

export type WireCancelledPurchase = AcquistoAnnullato;

/** One page of the user's purchases rejected by an operator, the latest request first. */
export async function cancelledPurchases(
  db: Kysely<DB>,
  userId: number,
  slice: PageSlice,
): Promise<PageAnswer<WireCancelledPurchase>> {
  const base = db.selectFrom('purchases').where('user_id', '=', userId).where('status', '=', 'rifiutato');
  const page = await pageOf(
    slice,
    async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    ({ limit, offset }) =>
      base
        .select(['kind', 'id', 'oggetto', 'created', 'importo'])
        .orderBy('created', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  );
  return {
    count: page.count,
    results: page.results.map((r) => ({
      kind: r.kind,
      id: r.id,
      oggetto: r.oggetto,
      created: r.created.toISOString(),
      importo_unitario: formatCents(r.importo),
    })),
  };
}

/** saldo_aziendale: the spendable credit of the company's employees on `day`, in cents. */
export async function companyBalance(db: Kysely<DB>, companyId: number, day = romeDate()): Promise<number> {
  const row = await db
    .selectFrom('credit_lines as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(sql<number>`coalesce(sum(l.credito_spendibile), 0)::bigint`.as('total'))
    .where('u.company_id', '=', companyId)
    .where('l.data_decorrenza', '<=', day)
    .where('l.data_scadenza', '>=', day)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

interface ResidualRow {
  id: number;
  cognome: string;
  nome: string;
  cod_fisc: string;
  totale: number;
  art51c3: number;
  scadenza: string | null;
}

/**
 * Employees per query. On the embedded database (one connection, queries run on the event loop) a
 * query holds every other request: 500 employees take well under a second there.
 */
const RESIDUAL_BATCH = 500;

/**
 * The residual credit of every employee of the company on `day` (keyset batches by surname, name,
 * id): total and art. 51 c.3 spendable credit, and the nearest expiry of a line with credit left.
 * Each batch takes its employees from the index (company, surname, name, id) first and sums only their
 * lines: a join grouped over the whole company would add up every employee for every batch (20,000
 * employees: 3 s per query on the embedded database, the whole server stopped meanwhile).
 */
export async function* residualCredits(
  db: Kysely<DB>,
  companyId: number,
  day: string,
  batch = RESIDUAL_BATCH,
): AsyncGenerator<ResidualRow[]> {
  let after: { cognome: string; nome: string; id: number } | null = null;
  for (;;) {
    const cursor: RawBuilder<unknown> = after
      ? sql`AND (cognome, nome, id) > (${after.cognome}, ${after.nome}, ${after.id})`
      : sql``;
    const { rows }: { rows: ResidualRow[] } = await sql<ResidualRow>`
      SELECT u.id, u.cognome, u.nome, u.cod_fisc, c.totale, c.art51c3, c.scadenza
        FROM (SELECT id, cognome, nome, cod_fisc FROM users
               WHERE company_id = ${companyId} ${cursor}
               ORDER BY cognome, nome, id
               LIMIT ${batch}) AS u
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(l.credito_spendibile), 0)::bigint AS totale,
                 coalesce(sum(l.credito_spendibile) FILTER (WHERE l.is_art51c3), 0)::bigint AS art51c3,
                 min(l.data_scadenza) FILTER (WHERE l.credito_spendibile > 0) AS scadenza
            FROM credit_lines AS l
           WHERE l.user_id = u.id AND l.data_decorrenza <= ${day}::date AND l.data_scadenza >= ${day}::date
        ) AS c
       ORDER BY u.cognome, u.nome, u.id`.execute(db);
    if (rows.length > 0) yield rows;
    const last: ResidualRow | undefined = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { cognome: last.cognome, nome: last.nome, id: last.id };
  }
}

/** export_crediti_res_utenti: one row per employee of the company. */
export async function writeResidualCreditsXlsx(
  db: Kysely<DB>,
  companyId: number,
  day: string,
  out: Writable,
): Promise<void> {
  await writeXlsx(out, {
    sheetName: formatMessage('apiSheetResidualCredit'),
    columns: [
      { header: formatMessage('profileSurname'), kind: 'text', width: 20 },
      { header: formatMessage('profileName'), kind: 'text', width: 18 },
      { header: formatMessage('profileTaxCode'), kind: 'text', width: 18 },
      { header: formatMessage('creditTotalColumn'), kind: 'money', width: 16 },
      { header: formatMessage('apiColArt51Credit'), kind: 'money', width: 18 },
      { header: formatMessage('apiColNearestExpiry'), kind: 'date', width: 20 },
    ],
    async fill(rows) {
      for await (const batch of residualCredits(db, companyId, day)) {
        await rows.add(batch.map((r) => [r.cognome, r.nome, r.cod_fisc, r.totale, r.art51c3, r.scadenza]));
      }
    },
  });
}
