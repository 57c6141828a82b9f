/**
 * `npx tsx bench/backoffice.ts`: latency of the back office's tables for a company of 20,000 employees
 * (issue 16: a page in p95 at most 50 ms on PostgreSQL), on a fresh database seeded here (each
 * employee with two credit lines, one of them art. 51 c.3; 60 welfare plans; 500 public keys), on
 * embedded PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL (a database created and dropped).
 *
 * Measured through the service functions the routes call (services/back-office.ts), RUNS times after
 * WARMUP untimed runs: the schedule's first page and a deep page (50 rows), the plans, the keys' page,
 * and the company's employees (the user picker, 20,000 rows). Next to them, the floor: a bare indexed
 * query of 50 users of the company by surname. Figures are printed and written to
 * bench/backoffice-results.json; never asserted.
 */
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/server/db/connect';
import { runMigrations } from '../src/server/db/migrate';
import type { DB } from '../src/server/db/schema';
import {
  companyEmployees,
  KEY_PAGING,
  publicKeysPage,
  schedulePage,
  welfarePlans,
} from '../src/server/services/back-office';
import { addDays, romeDate } from '../src/server/services/calendar';
import { pageSlice } from '../src/server/services/paging';
import { benchOnEachBackend } from './databases';

const EMPLOYEES = 20_000;
const RUNS = 40;
const WARMUP = 3;
const TARGET_PAGE_P95_MS = 50;
const RESULTS_FILE = fileURLToPath(new URL('./backoffice-results.json', import.meta.url));
const SCHEDULE_SIZES = { pageSizes: [10, 25, 50, 100, 500], defaultPageSize: 50 };

type Backend = 'pglite' | 'postgres';

interface Figure {
  name: string;
  targetP95?: number;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  rows: number;
}

async function seed(db: Kysely<DB>, today: string): Promise<number> {
  const customer = await db
    .insertInto('customers')
    .values({ slug: 'bench-bo', name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id_azienda: companyId } = await db
    .insertInto('companies')
    .values({ nome: 'Grandissima Azienda S.p.A.', customer_id: customer.id })
    .returning('id_azienda')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO users (email, nome, cognome, company_id, customer_id, is_cessato)
    SELECT 'dip' || g || '@grandissima.example.com',
           (ARRAY['Alessandro','Francesca','Lorenzo','Chiara','Matteo','Sara','Davide','Elena'])[1 + g % 8],
           (ARRAY['Ferrari','Esposito','Romano','Colombo','Ricci','Marino','Greco','Bruno','Gallo','Conti',
                  'De Luca','Mancini','Costa','Giordano','Rizzo'])[1 + (g * 7) % 15] || ' ' || (g % 997),
           ${companyId}, ${customer.id}, g % 50 = 0
      FROM generate_series(1, ${EMPLOYEES}::int) AS g`.execute(db);
  await sql`
    INSERT INTO credit_lines (user_id, fonte, is_art51c3, data_decorrenza, data_scadenza,
                              credito_iniziale, credito_spendibile, credito_contabile, rif_esterno)
    SELECT u.id, 2, a.art, ${addDays(today, -200)}::date, ${addDays(today, 1)}::date + (u.id % 400)::int,
           100000, 50000 + u.id % 40000, 90000, CASE WHEN a.art THEN 'b-art' ELSE 'b-ord' END
      FROM users AS u CROSS JOIN (VALUES (false), (true)) AS a(art)
     WHERE u.company_id = ${companyId}`.execute(db);
  await sql`
    INSERT INTO welfare_plans (company_id, wpw_descrizione, wpw_data_decorrenza, wpw_data_scadenza)
    SELECT ${companyId}, 'Piano ' || g, make_date(2020 + g % 8, 1, 1), make_date(2020 + g % 8, 12, 31)
      FROM generate_series(1, 60) AS g`.execute(db);
  await sql`
    INSERT INTO public_keys (company_id, chiave_pubblica, fingerprint)
    SELECT ${companyId}, encode(sha256(g::text::bytea), 'base64'), encode(sha256(g::text::bytea), 'hex')
      FROM generate_series(1, 500) AS g`.execute(db);
  await sql`ANALYZE users`.execute(db);
  await sql`ANALYZE credit_lines`.execute(db);
  return companyId;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

async function measure(name: string, work: () => Promise<number>, targetP95?: number): Promise<Figure> {
  let rows = 0;
  for (let i = 0; i < WARMUP; i++) rows = await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    rows = await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    name,
    ...(targetP95 !== undefined ? { targetP95 } : {}),
    runs: RUNS,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1) ?? Number.NaN),
    rows,
  };
}

async function run(backend: Backend, database: Database) {
  await runMigrations(database.db);
  const db = database.db;
  const today = romeDate();
  const seedStarted = performance.now();
  const companyId = await seed(db, today);
  const seedMs = Math.round(performance.now() - seedStarted);
  const figures: Figure[] = [
    await measure('floor: 50 users by surname (indexed)', async () => {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'cognome', 'nome'])
        .where('company_id', '=', companyId)
        .orderBy('cognome')
        .orderBy('nome')
        .orderBy('id')
        .limit(50)
        .execute();
      return rows.length;
    }),
    await measure(
      'schedule, page 1 of 50',
      async () => (await schedulePage(db, companyId, today, pageSlice({}, SCHEDULE_SIZES))).results.length,
      TARGET_PAGE_P95_MS,
    ),
    await measure(
      'schedule, page 200 of 50',
      async () =>
        (await schedulePage(db, companyId, today, pageSlice({ page: 200 }, SCHEDULE_SIZES))).results.length,
      TARGET_PAGE_P95_MS,
    ),
    await measure(
      'plans, all',
      async () => (await welfarePlans(db, companyId, today, {})).results.length,
      TARGET_PAGE_P95_MS,
    ),
    await measure(
      'public keys, page 1 of 50',
      async () => (await publicKeysPage(db, companyId, false, pageSlice({}, KEY_PAGING))).results.length,
      TARGET_PAGE_P95_MS,
    ),
    await measure(
      'employees (user picker, whole list)',
      async () => (await companyEmployees(db, companyId, false)).length,
    ),
  ];
  return { backend, employees: EMPLOYEES, seedMs, figures };
}

type Result = Awaited<ReturnType<typeof run>>;

function table(result: Result): string {
  const lines = result.figures.map((f) =>
    [
      f.name.padEnd(40),
      f.p50.toFixed(2).padStart(8),
      f.p95.toFixed(2).padStart(8),
      f.max.toFixed(2).padStart(8),
      String(f.rows).padStart(6),
      f.targetP95 === undefined ? '' : `  <= ${f.targetP95} ${f.p95 <= f.targetP95 ? 'met' : 'NOT met'}`,
    ].join(''),
  );
  return [
    `${result.backend}: ${result.employees} employees, seeded in ${result.seedMs} ms`,
    `${'query'.padEnd(40)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}${'rows'.padStart(6)}`,
    ...lines,
  ].join('\n');
}

await benchOnEachBackend({ run, table, resultsFile: RESULTS_FILE, poolMax: 4 });
