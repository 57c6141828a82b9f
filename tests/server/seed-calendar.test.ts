/**
 * The demo history on every day (issue 23). The seed dates everything from its `today`, and the tests
 * that read the history (server and end-to-end) assume things of it: amounts, which rows fall in which
 * period, what is expiring. On some days of every month a request and its refund a week later fall in
 * two months, a purchase of 335 days ago leaves the "last 12 months", a noon of today is still ahead at
 * 00:05. This suite seeds on a sweep of days and checks the history's invariants there:
 *
 * - every day of a whole year (and 31-12, 29-02, 01-03), at 00:05 and 23:55 in Rome: the year of company
 *   requests seeded for real (seed-history.ts, a few employees a day, one database), and mario's year
 *   and the referent's expiring lines through the ledger's own allocation rules (his purchases go
 *   through the ledger one at a time, too slow to seed 366 times);
 * - the turns of the year, a leap February and Rome's two clock changes: the whole demo seed, with the
 *   process clock moved there (server/clock.ts; PGlite's now() follows it), then the ledger's invariants
 *   in SQL, no event dated after now, and what the portal's tests read through the API.
 *
 * The year is seeded on the PostgreSQL server when TEST_DATABASE_URL is set (several days at once, a
 * few seconds), else on PGlite (one day at a time, about 20 s). The edge instants run on PGlite only:
 * the clock of a PostgreSQL server cannot be moved, and the date arithmetic is the same PostgreSQL code.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants } from '../../config/constants';
import { scheduleTable } from '../../config/tables';
import { hasTone } from '../../src/client/engine/table/values';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/connect';
import type { CreditLine, DB } from '../../src/server/db/schema';
import { MARIO_PURCHASES, marioLines, purchaseTimes, seedDemo } from '../../src/server/db/seed-demo';
import { seedCompanyYear } from '../../src/server/db/seed-history';
import { addDays, addMonths, romeDate } from '../../src/server/services/calendar';
import { exportEarliestStart } from '../../src/server/services/history';
import { allocate, usableLines } from '../../src/server/services/ledger';
import { createSession } from '../../src/server/services/sessions';
import { parseCents } from '../../src/shared/money';
import { EDGE_INSTANTS, sweepInstants } from './calendar-days';
import { restoreClock, startClockAt } from './clock';
import { json, openTestDatabase, TEST_APP_OPTIONS, TEST_DATABASE_URL } from './helpers';
import { openPgliteCopy } from './templates';

const cents = (wire: string) => parseCents(wire)!;
const monthStart = (day: string, months = 0) => `${addMonths(day, months).slice(0, 7)}-01`;

// ---------------------------------------------------------------------------------------------
// Invariants of a seeded database

/** Columns that record when something happened: none may be after the seed's now. */
const EVENT_COLUMNS = [
  'created',
  'created_at',
  'updated',
  'updated_at',
  'used_at',
  'revoked_at',
  'deleted_at',
  'sent_at',
  'received_at',
  'read_at',
  'last_seen_at',
  'clicked_at',
  'approved_at',
  'paid_at',
  'rejected_at',
  'confirmed_at',
  'completed_at',
  'accepted_at',
  'agreed',
  'file_date',
  'data_movimento',
];

/** "table.column: N after now" for every event column of the app's tables holding a later value. */
async function eventsAfter(db: Kysely<DB>, now: Date): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    SELECT c.table_name, c.column_name, c.data_type
      FROM information_schema.columns AS c
      JOIN information_schema.tables AS t USING (table_schema, table_name)
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
       AND c.column_name = ANY(${EVENT_COLUMNS}::text[])
       AND c.data_type IN ('date', 'timestamp with time zone', 'timestamp without time zone')`.execute(db);
  expect(columns.length).toBeGreaterThan(20);
  const problems: string[] = [];
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const limit = type === 'date' ? sql`${romeDate(now)}::date` : sql`${now.toISOString()}::timestamptz`;
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} > ${limit}`.execute(db);
    if (rows[0]!.n > 0) problems.push(`${table}.${column}: ${rows[0]!.n} dopo ${now.toISOString()}`);
  }
  return problems;
}

/**
 * The ledger's invariants over the users `users` selects (all by default): each line's spendable and
 * accounted balances follow from its allocations, never below zero; every allocation is on a line valid
 * on the purchase's day in Rome; an operator acts after the request; per user the movements add up to
 * the lines' spendable balance.
 */
async function ledgerProblems(db: Kysely<DB>, users = sql<boolean>`true`): Promise<string[]> {
  const { rows } = await sql<{ problem: string }>`
    WITH chosen AS (SELECT u.id FROM users AS u WHERE ${users}),
    alloc AS (
      SELECT a.credit_line_id,
             coalesce(sum(a.importo) FILTER (WHERE p.status <> 'rifiutato'), 0) AS requested,
             coalesce(sum(a.importo) FILTER (WHERE p.status = 'pagato'), 0) AS paid
        FROM purchase_allocations AS a JOIN purchases AS p ON p.id = a.purchase_id
       GROUP BY a.credit_line_id
    )
    SELECT 'linea ' || l.id || ': spendibile ' || l.credito_spendibile || ', contabile ' || l.credito_contabile
           || ', iniziale ' || l.credito_iniziale || ', richiesto ' || coalesce(al.requested, 0)
           || ', pagato ' || coalesce(al.paid, 0) AS problem
      FROM credit_lines AS l JOIN chosen ON chosen.id = l.user_id
      LEFT JOIN alloc AS al ON al.credit_line_id = l.id
     WHERE l.credito_spendibile < 0 OR l.credito_contabile < 0
        OR l.credito_spendibile <> l.credito_iniziale - coalesce(al.requested, 0)
        OR l.credito_contabile <> l.credito_iniziale - coalesce(al.paid, 0)
    UNION ALL
    SELECT 'acquisto ' || p.id || ' del ' || (p.created AT TIME ZONE 'Europe/Rome')::date
           || ' sulla linea ' || l.id || ' valida ' || l.data_decorrenza || '..' || l.data_scadenza
      FROM purchases AS p JOIN chosen ON chosen.id = p.user_id
      JOIN purchase_allocations AS a ON a.purchase_id = p.id
      JOIN credit_lines AS l ON l.id = a.credit_line_id
     WHERE (p.created AT TIME ZONE 'Europe/Rome')::date NOT BETWEEN l.data_decorrenza AND l.data_scadenza
        OR (p.credit_source = 'art51c3' AND NOT l.is_art51c3)
    UNION ALL
    SELECT 'acquisto ' || p.id || ': esito prima della richiesta'
      FROM purchases AS p JOIN chosen ON chosen.id = p.user_id
     WHERE p.approved_at < p.created OR p.paid_at < p.approved_at OR p.rejected_at < p.created
    UNION ALL
    SELECT 'utente ' || m.user_id || ': movimenti ' || m.net || ', linee ' || coalesce(s.spendable, 0)
      FROM (SELECT mv.user_id,
                   sum(CASE WHEN mv.verso = 'AVERE' THEN mv.importo ELSE -mv.importo END) AS net
              FROM movements AS mv JOIN chosen ON chosen.id = mv.user_id
             GROUP BY mv.user_id) AS m
      LEFT JOIN (SELECT l.user_id, sum(l.credito_spendibile) AS spendable
                   FROM credit_lines AS l GROUP BY l.user_id) AS s ON s.user_id = m.user_id
     WHERE m.net <> coalesce(s.spendable, 0)`.execute(db);
  return rows.map((r) => r.problem);
}

// ---------------------------------------------------------------------------------------------
// Every day of a year

describe('the demo history on every day of a year, at 00:05 and 23:55 in Rome', () => {
  const instants = sweepInstants();
  const days = [...new Set(instants.map((i) => i.day))];
  /** Employees seeded per day: enough for every residue of the seed's day offsets (mod 15) and kinds (mod 13). */
  const PER_DAY = 15;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase(TEST_DATABASE_URL ? 'postgres' : 'pglite', 8);
    const { db } = database;
    const customer = await db
      .insertInto('customers')
      .values({ slug: 'calendario', name: 'Calendario' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const company = await db
      .insertInto('companies')
      .values({ nome: 'Calendario S.p.A.', customer_id: customer.id })
      .returning('id_azienda')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO users (email, nome, cognome, company_id, customer_id)
      SELECT 'sweep.' || d.day || '.' || n || '@calendario.example.com', 'Dipendente', d.day,
             ${company.id_azienda}, ${customer.id}
        FROM unnest(${days}::text[]) AS d(day) CROSS JOIN generate_series(1, ${PER_DAY}) AS n`.execute(db);
    // Days in parallel on PostgreSQL (PGlite runs one transaction at a time anyway).
    const queue = [...days];
    const seedDays = async () => {
      for (let day = queue.shift(); day !== undefined; day = queue.shift()) {
        const employees = Array.from(
          { length: PER_DAY },
          (_, n) => `sweep.${day}.${n + 1}@calendario.example.com`,
        );
        // No companies: the advances accounts are seeded, and checked, on the edge instants.
        await seedCompanyYear(db, { today: day, companyIds: new Map(), employees });
      }
    };
    await Promise.all(Array.from({ length: 4 }, seedDays));
  });
  afterAll(async () => database?.drop());

  it('seeds the company year for real: the ledger holds, nothing is after 00:05 of the day, the lines still run', async () => {
    const { db } = database;
    expect(await ledgerProblems(db, sql<boolean>`u.email LIKE 'sweep.%'`)).toEqual([]);
    const { rows } = await sql<{ problem: string }>`
      WITH sweep AS (
        SELECT u.id, split_part(u.email, '.', 2)::date AS today,
               (split_part(u.email, '.', 2)::date + time '00:05') AT TIME ZONE 'Europe/Rome' AS first_now
          FROM users AS u WHERE u.email LIKE 'sweep.%'
      )
      SELECT 'giorno ' || s.today || ': ' || what AS problem
        FROM sweep AS s
       CROSS JOIN LATERAL (
         SELECT 'acquisto ' || p.id || ' dopo le 00:05' AS what FROM purchases AS p
          WHERE p.user_id = s.id
            AND greatest(p.created, p.approved_at, p.paid_at, p.rejected_at) > s.first_now
         UNION ALL
         SELECT 'movimento ' || m.id || ' dopo le 00:05' FROM movements AS m
          WHERE m.user_id = s.id AND m.created > s.first_now
         UNION ALL
         SELECT 'linea ' || l.id || ' scaduta' FROM credit_lines AS l
          WHERE l.user_id = s.id AND NOT (l.data_decorrenza <= s.today AND l.data_scadenza >= s.today)
         UNION ALL
         SELECT 'richieste ' || count(*) FILTER (WHERE p.status = 'inserito') || ' in attesa, '
                || count(*) || ' in tutto'
           FROM purchases AS p WHERE p.user_id = s.id
         HAVING count(*) <> 18 OR count(*) FILTER (WHERE p.status = 'inserito') <> 2
         UNION ALL
         SELECT 'storno mancante per ' || p.id FROM purchases AS p
          WHERE p.user_id = s.id AND p.status = 'rifiutato'
            AND NOT EXISTS (SELECT 1 FROM movements AS m
                             WHERE m.id_acquisto = p.id AND m.verso = 'AVERE' AND m.created >= p.created)
       ) AS problems(what)`.execute(db);
    expect(rows.map((r) => r.problem).slice(0, 10)).toEqual([]);
    // Every day has its employees, each with their two lines.
    const lines = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM credit_lines AS l JOIN users AS u ON u.id = l.user_id
       WHERE u.email LIKE 'sweep.%'`.execute(db);
    expect(lines.rows[0]!.n).toBe(days.length * PER_DAY * 2);
  });

  it('gives mario his history on every day: each purchase paid by the ledger’s rules, 1500.00 left of which 800.00 art. 51 c.3', () => {
    const problems: string[] = [];
    for (const { day, at: now } of instants) {
      const say = (what: string) => problems.push(`${now.toISOString()} (${day}): ${what}`);
      const lines: CreditLine[] = marioLines(day).map((l, i) => ({
        id: i + 1,
        user_id: 1,
        fonte: l.fonte,
        is_art51c3: l.art,
        data_decorrenza: l.from,
        data_scadenza: l.to,
        credito_iniziale: cents(l.amount),
        credito_spendibile: cents(l.amount),
        credito_contabile: cents(l.amount),
        rif_esterno: l.rif,
        created_at: new Date(`${l.from}T11:00:00Z`),
      }));
      // The seed's order, which is the order of the days.
      let previous = -Infinity;
      for (const plan of MARIO_PURCHASES) {
        const { at, actedAt } = purchaseTimes(day, plan);
        if (at.getTime() < previous) say(`${plan.key} prima del precedente`);
        previous = at.getTime();
        if (at > now || (plan.status !== 'inserito' && actedAt > now)) say(`${plan.key} nel futuro`);
        if (actedAt < at) say(`${plan.key}: esito prima della richiesta`);
        const allocations = allocate(usableLines(lines, plan.source, romeDate(at)), cents(plan.amount));
        if (!allocations) {
          say(`${plan.key}: credito insufficiente il ${romeDate(at)}`);
          continue;
        }
        if (plan.status === 'rifiutato') continue;
        for (const a of allocations)
          lines.find((l) => l.id === a.creditLineId)!.credito_spendibile -= a.importo;
      }
      const valid = lines.filter((l) => l.data_decorrenza <= day && l.data_scadenza >= day);
      const totale = valid.reduce((sum, l) => sum + l.credito_spendibile, 0);
      const art51c3 = valid.filter((l) => l.is_art51c3).reduce((sum, l) => sum + l.credito_spendibile, 0);
      if (totale !== 150_000 || art51c3 !== 80_000) say(`saldo ${totale} di cui art. 51 c.3 ${art51c3}`);
      // The credit status: none of his running lines expires within the warning days; last year's expired.
      for (const l of valid)
        if (l.data_scadenza <= addDays(day, constants.expiryWarningDays)) say(`linea ${l.id} in scadenza`);
      if (lines.filter((l) => l.data_scadenza < day).length !== 1)
        say('la linea dell’anno prima non è scaduta');
      // The gym subscription and its refund, in the history's 23-month search.
      const gym = MARIO_PURCHASES.find((p) => p.kind === 6 && p.status === 'rifiutato')!;
      const { at, actedAt } = purchaseTimes(day, gym);
      if (romeDate(at) < monthStart(day, -23) || romeDate(actedAt) > day) say('palestra fuori dal periodo');
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('gives the referent lines expiring within the warning days, toned so on the schedule, and an export range', () => {
    const expiring = scheduleTable.tones.find((tone) => tone.tone === 'expiring')!;
    const problems: string[] = [];
    for (const { day, at: now } of instants) {
      // seed-backoffice.ts: three employees' lines expire in 3, 5 and 8 days, one expired 45 days ago.
      for (const inDays of [3, 5, 8])
        if (!hasTone(expiring, { scadenza_credito: addDays(day, inDays) }, now))
          problems.push(`${day}: ${inDays} giorni non in scadenza`);
      const earliest = exportEarliestStart(day);
      if (!(earliest < day && earliest.endsWith('-01') && earliest >= addMonths(day, -2)))
        problems.push(`${day}: export dal ${earliest}`);
    }
    expect(problems).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The whole seed on the edge instants

describe.each(EDGE_INSTANTS)('the whole demo seed on $name', ({ at }) => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const today = romeDate(at);
  const get = async <T>(url: string, token: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Token ${token}`, ...headers },
    });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return json<T>(response);
  };

  beforeAll(async () => {
    startClockAt(at);
    database = await openPgliteCopy('empty');
    await seedDemo(database.db, { now: at });
    app = await buildApp({ ...TEST_APP_OPTIONS, database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    restoreClock();
  });

  it('holds the ledger’s invariants and dates nothing after now', async () => {
    expect(romeDate()).toBe(today);
    expect(await ledgerProblems(app.db)).toEqual([]);
    expect(await eventsAfter(app.db, new Date())).toEqual([]);
  });

  it('shows mario what the portal’s tests read: his balance, the default period, the gym and its refund', async () => {
    const mario = await createSession(app.db, 'mario.rossi@example.com');
    const credit = await get<{ crediti: { totale: string; art51c3: string } }>(
      '/api/get_user_credit_info',
      mario,
    );
    expect(credit.crediti).toMatchObject({ totale: '1500.00', art51c3: '800.00' });
    type Page = {
      count: number;
      date_start: string;
      date_stop: string;
      results: { AVERE: string | null; DARE: string | null; created: string }[];
    };
    const history = '/api/get_storico_transazioni/utente';
    const period = await get<Page>(`${history}?page_size=500`, mario);
    expect([period.date_start, period.date_stop]).toEqual([monthStart(today, -11), today]);
    // The paging test reads more than one page of 10 and a single page of 25.
    expect(period.count).toBeGreaterThan(10);
    expect(period.count).toBeLessThanOrEqual(25);
    const gym = await get<Page>(
      `${history}?date_start=${monthStart(today, -23)}&date_stop=${today}&search=palestra`,
      mario,
    );
    expect(gym.results.map((m) => [m.AVERE, m.DARE])).toEqual([
      ['75.00', null],
      [null, '75.00'],
    ]);
    const lines = await get<{ stato: string; data_scadenza: string }[]>('/api/crediti_lista', mario);
    const soon = addDays(today, constants.expiryWarningDays);
    expect(lines.filter((l) => l.stato === 'attiva' && l.data_scadenza <= soon)).toEqual([]);
    expect(lines.filter((l) => l.stato === 'scaduta')).toHaveLength(1);
  });

  it('shows the referent expiring credit on the schedule and lets her export from the first day of last month', async () => {
    const laura = await createSession(app.db, 'laura.bianchi@example.com');
    const acme = await app.db
      .selectFrom('companies')
      .select('id_azienda')
      .where('nome', '=', 'Acme S.p.A.')
      .executeTakeFirstOrThrow();
    const actFor = { 'act-for': String(acme.id_azienda) };
    const schedule = await get<{ results: Record<string, unknown>[] }>(
      '/api/scadenzario_azienda?page_size=500',
      laura,
      actFor,
    );
    const expiring = scheduleTable.tones.find((tone) => tone.tone === 'expiring')!;
    expect(schedule.results.filter((row) => hasTone(expiring, row)).length).toBeGreaterThanOrEqual(3);
    const earliest = exportEarliestStart(today);
    const exportUrl = (start: string) =>
      `/api/export_wfbridge_fine_mese?date_start=${start}&date_end=${today}`;
    const exported = (start: string) =>
      app.inject({
        method: 'GET',
        url: exportUrl(start),
        headers: { authorization: `Token ${laura}`, ...actFor },
      });
    expect((await exported(earliest)).statusCode).toBe(200);
    expect((await exported(addDays(earliest, -1))).statusCode).toBe(400);
  });
});
