/**
 * A year of company data for the referent's screens (ARCHITECTURE.md §8): several hundred more
 * employees for laura.bianchi's two companies (300 at Acme S.p.A., 60 at Acme Servizi S.r.l.), each
 * with an ordinary and an art. 51 c.3 line from twelve months ago, 18 requests spread over the year
 * (every purchase kind, in every state, some rejected and given back) and the companies' advances
 * accounts (a payment each quarter, at the start of each month a draw for the requests paid the month
 * before). The users themselves (demo password, no consent yet) are inserted by seed-demo.ts.
 *
 * Set-based SQL (INSERT ... SELECT over generate_series), not the ledger one purchase at a time, so
 * the start stays fast; the rows are the ones the ledger would have written, so its invariants hold:
 * each purchase is allocated to one line valid on its day (totale from the ordinary line,
 * art51c3 from the art. 51 c.3 line), spendable = initial - allocations of purchases not rejected,
 * accounted = initial - allocations of paid purchases, and per user AVERE - DARE = the lines' spendable.
 *
 * Idempotent: the lines carry a natural key (rif_esterno); only users whose lines were created by this
 * run get requests, and advances rows carry their own keys.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { addMonths } from '../services/calendar';
import { codiceFiscale, demoEmail, demoPeople } from './demo-people';
import type { DB } from './schema';

/** The bulk employees: how many per company, their mail domain, and the offset of their names. */
export const HISTORY_EMPLOYEES = [
  { company: 'Acme S.p.A.', domain: 'acme.example.com', count: 300, offset: 100 },
  { company: 'Acme Servizi S.r.l.', domain: 'acmeservizi.example.com', count: 60, offset: 400 },
] as const;

/** Requests per bulk employee over the year. */
export const HISTORY_REQUESTS_PER_EMPLOYEE = 18;

/** Quarterly payments into the advances account, in cents. */
const ADVANCE_PAYMENTS: Record<string, number> = {
  'Acme S.p.A.': 6_000_000,
  'Acme Servizi S.r.l.': 1_200_000,
};

const ORD_KEY = 'seed-year-ord';
const ART_KEY = 'seed-year-art51';

/** Bulk e-mail: nome.cognome.<n>@domain (names repeat in a large company; the number keeps them apart). */
function bulkEmail(person: { nome: string; cognome: string }, domain: string, n: number): string {
  return demoEmail(person, domain).replace('@', `.${n}@`);
}

export interface HistoryEmployee {
  email: string;
  nome: string;
  cognome: string;
  cod_fisc: string;
  company: string;
  isCessato: boolean;
}

/** The bulk employees (the same on every run); seed-demo.ts inserts them with the other demo users. */
export function historyEmployees(): HistoryEmployee[] {
  return HISTORY_EMPLOYEES.flatMap((group) =>
    demoPeople(group.count, group.offset).map((p, i) => ({
      email: bulkEmail(p, group.domain, group.offset + i),
      nome: p.nome,
      cognome: p.cognome,
      cod_fisc: codiceFiscale(p.cognome, p.nome, p.birth, p.female, p.comune),
      company: group.company,
      isCessato: i % 97 === 41,
    })),
  );
}

/**
 * Lines, a year of requests and the advances accounts, for the bulk employees that have no lines yet
 * (`employees`: their e-mails; all of `historyEmployees()` unless told, as the calendar sweep does).
 */
export async function seedCompanyYear(
  db: Kysely<DB>,
  options: { today: string; companyIds: Map<string, number>; employees?: readonly string[] },
): Promise<void> {
  const emails = options.employees ?? historyEmployees().map((u) => u.email);
  await db.transaction().execute(async (trx) => {
    const newUsers = await createLines(trx, emails, options.today);
    if (newUsers.length === 0) return;
    await loadMovements(trx, newUsers);
    await createRequests(trx, newUsers, options.today);
    await settleLines(trx, newUsers);
    await seedAdvances(trx, options.companyIds, options.today);
  });
}

/** Two lines per user that has none yet; returns the users whose lines were created now. */
async function createLines(
  trx: Transaction<DB>,
  emails: readonly string[],
  today: string,
): Promise<number[]> {
  const from = addMonths(today, -12);
  const { rows } = await sql<{ user_id: number }>`
    WITH emp AS (
      SELECT u.id, row_number() OVER (ORDER BY u.id) AS n
        FROM users AS u
       WHERE u.email = ANY(${emails}::text[])
    )
    INSERT INTO credit_lines (user_id, fonte, is_art51c3, data_decorrenza, data_scadenza,
                              credito_iniziale, credito_spendibile, credito_contabile, rif_esterno, created_at)
    SELECT e.id,
           CASE WHEN k.art THEN 7 ELSE (ARRAY[1, 4, 2])[1 + e.n % 3] END,
           k.art,
           ${from}::date,
           ${today}::date + (60 + (e.n * 37) % 300)::int,
           c.amount, c.amount, c.amount,
           CASE WHEN k.art THEN ${ART_KEY} ELSE ${ORD_KEY} END,
           (${from}::date + time '09:00') AT TIME ZONE 'Europe/Rome'
      FROM emp AS e
     CROSS JOIN (VALUES (false), (true)) AS k(art)
     CROSS JOIN LATERAL (
       SELECT CASE WHEN k.art THEN (CASE WHEN e.n % 3 = 0 THEN 200000 ELSE 100000 END)
                   ELSE 150000 + ((e.n * 137) % 15) * 10000 END AS amount
     ) AS c
    ON CONFLICT (user_id, rif_esterno) DO NOTHING
    RETURNING user_id`.execute(trx);
  return [...new Set(rows.map((r) => r.user_id))];
}

/** The AVERE movement (kind 10, Trasferimento credito) of every new line, as addCredit writes it. */
async function loadMovements(trx: Transaction<DB>, userIds: number[]): Promise<void> {
  await sql`
    INSERT INTO movements (user_id, company_id, verso, importo, id_kind, oggetto, soggetto, credit_line_id, created)
    SELECT l.user_id, u.company_id, 'AVERE', l.credito_iniziale, 10,
           CASE WHEN l.is_art51c3 THEN 'Credito art. 51 c.3 (fringe benefit)'
                WHEN l.fonte = 4 THEN 'Conversione premio di risultato'
                ELSE 'Credito welfare da CCNL' END,
           c.nome, l.id, l.created_at
      FROM credit_lines AS l
      JOIN users AS u ON u.id = l.user_id
      JOIN companies AS c ON c.id_azienda = u.company_id
     WHERE l.user_id = ANY(${userIds}::bigint[]) AND l.rif_esterno IN (${ORD_KEY}, ${ART_KEY})`.execute(trx);
}

/**
 * 18 requests per user over the year, every purchase kind in turn: the 2 latest still `inserito`,
 * the third `approvato`, about one in eleven `rifiutato` (given back), the others `pagato`; operators
 * act 7 days after the request. Then their allocations, DARE movements and the AVERE refunds.
 */
async function createRequests(trx: Transaction<DB>, userIds: number[], today: string): Promise<void> {
  await sql`
    WITH emp AS (
      SELECT u.id AS user_id, row_number() OVER (ORDER BY u.id) AS n
        FROM users AS u
       WHERE u.id = ANY(${userIds}::bigint[])
    ),
    plan AS (
      SELECT e.user_id, e.n, g.j,
             (ARRAY[1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14])[1 + (e.n + g.j * 5) % 13] AS kind,
             (15 + (e.n * 31 + g.j * 17) % 70) * 100 + (e.n * g.j) % 100 AS importo,
             ((${today}::date - (5 + (g.j - 1) * 19 + (e.n * 7 + g.j * 3) % 15)::int)::timestamp
               + make_interval(mins => (420 + (e.n * 13 + g.j * 29) % 660)::int)) AT TIME ZONE 'Europe/Rome' AS at,
             CASE WHEN g.j <= 2 THEN 'inserito'
                  WHEN g.j = 3 THEN 'approvato'
                  WHEN (e.n + g.j) % 11 = 0 THEN 'rifiutato'
                  ELSE 'pagato' END AS status
        FROM emp AS e
       CROSS JOIN generate_series(1, ${HISTORY_REQUESTS_PER_EMPLOYEE}::int) AS g(j)
    )
    INSERT INTO purchases (user_id, kind, status, importo, credit_source, oggetto, soggetto, payload,
                           idempotency_key, created, approved_at, paid_at, rejected_at)
    SELECT p.user_id, p.kind, p.status, p.importo,
           CASE WHEN p.kind IN (5, 11, 12, 13, 14) THEN 'art51c3' ELSE 'totale' END,
           t.oggetto, t.soggetto, '{"demo": true}'::jsonb, 'seed-year-' || p.j, p.at,
           CASE WHEN p.status IN ('approvato', 'pagato') THEN p.at + interval '7 days' END,
           CASE WHEN p.status = 'pagato' THEN p.at + interval '7 days' END,
           CASE WHEN p.status = 'rifiutato' THEN p.at + interval '7 days' END
      FROM plan AS p
      JOIN (VALUES
        (1, 0, 'Rimborso spese mediche', 'Farmacia Comunale'),
        (1, 1, 'Rimborso libri scolastici', 'Libreria Feltrinelli'),
        (2, 0, 'Ricarica carta Hype', 'Hype'),
        (2, 1, 'Ricarica carta prepagata', 'Hype'),
        (3, 0, 'Interessi mutuo prima casa', 'Intesa Sanpaolo'),
        (3, 1, 'Interessi mutuo prima casa', 'UniCredit'),
        (4, 0, 'Centro estivo per i figli', 'Centro estivo Arcobaleno'),
        (4, 1, 'Corso di lingua inglese', 'British School'),
        (5, 0, 'Buono acquisto Amazon', 'Amazon'),
        (5, 1, 'Buono spesa Esselunga', 'Esselunga'),
        (6, 0, 'Abbonamento palestra', 'Virgin Active'),
        (6, 1, 'Biglietti cinema', 'UCI Cinemas'),
        (7, 0, 'Versamento previdenza complementare', 'Fondo Pensione Cometa'),
        (7, 1, 'Versamento previdenza complementare', 'Fondo Pensione Fonchim'),
        (8, 0, 'Piano sanitario integrativo', 'Cassa Assistenza Assirete'),
        (8, 1, 'Visita specialistica', 'Centro Medico Sant''Agostino'),
        (9, 0, 'Buoni pasto elettronici', 'Piattapasto'),
        (9, 1, 'Buoni pasto elettronici', 'Piattapasto'),
        (11, 0, 'Preventivo abbonamento trasporto', 'ATM Milano'),
        (11, 1, 'Preventivo abbonamento trasporto', 'Trenord'),
        (12, 0, 'Bonus carburante', 'Q8'),
        (12, 1, 'Bonus carburante', 'Eni'),
        (13, 0, 'Bolletta energia elettrica', 'Enel Energia'),
        (13, 1, 'Bolletta gas', 'A2A Energia'),
        (14, 0, 'Canone di affitto', 'Immobiliare Navigli'),
        (14, 1, 'Rata mutuo', 'Banco BPM')
      ) AS t(kind, variant, oggetto, soggetto) ON t.kind = p.kind AND t.variant = (p.n + p.j) % 2`.execute(
    trx,
  );

  const ours = sql`p.user_id = ANY(${userIds}::bigint[]) AND p.idempotency_key LIKE 'seed-year-%'`;
  await sql`
    INSERT INTO purchase_allocations (purchase_id, credit_line_id, importo)
    SELECT p.id, l.id, p.importo
      FROM purchases AS p
      JOIN credit_lines AS l
        ON l.user_id = p.user_id
       AND l.rif_esterno = CASE WHEN p.credit_source = 'art51c3' THEN ${ART_KEY} ELSE ${ORD_KEY} END
     WHERE ${ours}`.execute(trx);
  await sql`
    INSERT INTO movements (user_id, company_id, verso, importo, id_kind, oggetto, soggetto, id_acquisto, created)
    SELECT p.user_id, u.company_id, 'DARE', p.importo, p.kind, p.oggetto, p.soggetto, p.id, p.created
      FROM purchases AS p
      JOIN users AS u ON u.id = p.user_id
     WHERE ${ours}`.execute(trx);
  await sql`
    INSERT INTO movements (user_id, company_id, verso, importo, id_kind, oggetto, soggetto, id_acquisto, created)
    SELECT p.user_id, u.company_id, 'AVERE', p.importo, p.kind,
           'Storno richiesta n. ' || p.id || ': ' || p.oggetto, 'Documentazione non conforme', p.id, p.rejected_at
      FROM purchases AS p
      JOIN users AS u ON u.id = p.user_id
     WHERE ${ours} AND p.status = 'rifiutato'`.execute(trx);
}

/** The lines' balances from their allocations: what the ledger's purchases and payments leave. */
async function settleLines(trx: Transaction<DB>, userIds: number[]): Promise<void> {
  await sql`
    UPDATE credit_lines AS l
       SET credito_spendibile = l.credito_iniziale - s.requested,
           credito_contabile = l.credito_iniziale - s.paid
      FROM (
        SELECT a.credit_line_id,
               coalesce(sum(a.importo) FILTER (WHERE p.status <> 'rifiutato'), 0) AS requested,
               coalesce(sum(a.importo) FILTER (WHERE p.status = 'pagato'), 0) AS paid
          FROM purchase_allocations AS a
          JOIN purchases AS p ON p.id = a.purchase_id
         WHERE p.user_id = ANY(${userIds}::bigint[])
         GROUP BY a.credit_line_id
      ) AS s
     WHERE l.id = s.credit_line_id`.execute(trx);
}

/**
 * The advances accounts of the companies with bulk employees: a payment at the start of every
 * quarter of the year, and at the start of each month a draw of what was paid to their employees the
 * month before (past months only).
 */
async function seedAdvances(
  trx: Transaction<DB>,
  companyIds: Map<string, number>,
  today: string,
): Promise<void> {
  for (const [company, amount] of Object.entries(ADVANCE_PAYMENTS)) {
    const companyId = companyIds.get(company);
    if (companyId === undefined) continue;
    const quarters = [-11, -8, -5, -2].map((m) => `${addMonths(today, m).slice(0, 7)}-01`);
    await trx
      .insertInto('company_advances')
      .values(
        quarters.map((day) => ({
          company_id: companyId,
          verso: 'AVERE' as const,
          importo: amount,
          causale: 'Versamento anticipo trimestrale',
          rif_esterno: `seed-dep-${day.slice(0, 7)}`,
          created: new Date(`${day}T08:00:00Z`),
        })),
      )
      .onConflict((oc) => oc.columns(['company_id', 'rif_esterno']).doNothing())
      .execute();
    await sql`
      INSERT INTO company_advances (company_id, verso, importo, causale, rif_esterno, created)
      SELECT ${companyId}, 'DARE', sum(p.importo),
             'Prelievo per richieste pagate ' || to_char(m.month, 'MM/YYYY'),
             'seed-draw-' || to_char(m.month, 'YYYY-MM'),
             (m.month + interval '1 month' + time '07:00') AT TIME ZONE 'Europe/Rome'
        FROM purchases AS p
        JOIN users AS u ON u.id = p.user_id
       CROSS JOIN LATERAL (SELECT date_trunc('month', p.paid_at AT TIME ZONE 'Europe/Rome') AS month) AS m
       WHERE u.company_id = ${companyId} AND p.status = 'pagato'
         AND m.month < date_trunc('month', ${today}::date::timestamp)
       GROUP BY m.month
      ON CONFLICT (company_id, rif_esterno) DO NOTHING`.execute(trx);
  }
}
