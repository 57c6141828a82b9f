/**
 * `npx tsx bench/review-queue.ts`: latency of the operators' review queue at 200,000 requests awaiting a
 * decision (issue 26: its first page in p95 at most 50 ms on PostgreSQL), on a fresh database seeded
 * here (3 customers of 3 companies each, 20,000 employees, 300,000 purchases over the last 90 days: 200,000
 * awaiting a decision across the three awaiting states and four forms, 100,000 already decided), on
 * embedded PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL (a database created and dropped).
 *
 * Measured through the service function the route calls (services/request-review.ts `listQueue`, with
 * the console's page sizes), RUNS times after WARMUP untimed runs: the first page of 20 with no filter,
 * filtered by one customer, by one company, by state, by an amount range, for an operator serving 2 of
 * the 3 customers, and a deep page (500). Next to them, the floor: a bare indexed query of the 20 oldest
 * awaiting purchases by (created, id). The plans (EXPLAIN ANALYZE) of both queries of the unfiltered
 * first page, the rows and the counts per state, are recorded as listQueue sends them. Figures are
 * printed and written to bench/review-queue-results.json; never asserted.
 */
import { fileURLToPath } from 'node:url';
import { CompiledQuery, sql, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { operatorPaging } from '../config/operator-console';
import type { Database } from '../src/server/db/connect';
import { runMigrations } from '../src/server/db/migrate';
import type { DB } from '../src/server/db/schema';
import { AWAITING, listQueue, type QueueFilters } from '../src/server/services/request-review';
import type { OperatorScope } from '../src/server/services/operators';
import { benchOnEachBackend } from './databases';

const CUSTOMERS = 3;
const COMPANIES_PER_CUSTOMER = 3;
const EMPLOYEES = 20_000;
/** Every third purchase is already decided: 200,000 awaiting, 100,000 decided. */
const PURCHASES = 300_000;
const DAYS = 90;
const RUNS = 40;
const WARMUP = 3;
const DEEP_PAGE = 500;
const TARGET_PAGE_P95_MS = 50;
/** Kysely's id of one query (not exported by name). */
type QueryId = Parameters<KyselyPlugin['transformQuery']>[0]['queryId'];

const RESULTS_FILE = fileURLToPath(new URL('./review-queue-results.json', import.meta.url));

type Backend = 'pglite' | 'postgres';

interface Figure {
  name: string;
  targetP95?: number;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  /** Rows of the page / the queue's count. */
  answer: string;
}

interface Seeded {
  customerIds: number[];
  companyIds: number[];
  awaiting: number;
  decided: number;
}

async function seed(db: Kysely<DB>): Promise<Seeded> {
  const customerIds: number[] = [];
  const companyIds: number[] = [];
  for (let c = 1; c <= CUSTOMERS; c++) {
    const customer = await db
      .insertInto('customers')
      .values({ slug: `bench-rq-${c}`, name: `Cliente ${c}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    customerIds.push(customer.id);
    for (let a = 1; a <= COMPANIES_PER_CUSTOMER; a++) {
      const company = await db
        .insertInto('companies')
        .values({ nome: `Azienda ${c}.${a} S.p.A.`, customer_id: customer.id })
        .returning('id_azienda')
        .executeTakeFirstOrThrow();
      companyIds.push(company.id_azienda);
    }
  }
  // Customers unequal: half of the employees at the first, 30% at the second, 20% at the third; within
  // a customer, spread over its companies.
  await sql`
    WITH e AS (
      SELECT g, CASE WHEN g % 10 < 5 THEN 0 WHEN g % 10 < 8 THEN 1 ELSE 2 END AS c
        FROM generate_series(1, ${EMPLOYEES}::int) AS g
    )
    INSERT INTO users (email, nome, cognome, company_id, customer_id)
    SELECT 'dip' || g || '@coda.example.com',
           (ARRAY['Alessandro','Francesca','Lorenzo','Chiara','Matteo','Sara','Davide','Elena'])[1 + g % 8],
           (ARRAY['Ferrari','Esposito','Romano','Colombo','Ricci','Marino','Greco','Bruno','Gallo','Conti',
                  'De Luca','Mancini','Costa','Giordano','Rizzo'])[1 + (g * 7) % 15] || ' ' || (g % 997),
           (${sql.val(companyIds)}::bigint[])[1 + c * ${COMPANIES_PER_CUSTOMER} + (g / 10) % ${COMPANIES_PER_CUSTOMER}],
           (${sql.val(customerIds)}::bigint[])[1 + c]
      FROM e`.execute(db);
  const { first } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.min<number>('id').as('first'))
    .where('email', 'like', '%@coda.example.com')
    .executeTakeFirstOrThrow();
  // In order of sending (id follows created) over the last DAYS days, the decided interleaved with the
  // awaiting; states, forms, amounts and employees spread by arithmetic on g (no randomness: every run
  // seeds the same rows). Awaiting: 60% inviata, 30% in_verifica, 10% documenti_richiesti.
  // A bulk load: the per-row trigger that keeps the queue's counts is off while the rows go in, and the
  // counts are then made in one statement (what 165-review-queue-speed.sql does for existing rows).
  await sql`ALTER TABLE purchases DISABLE TRIGGER purchases_review_queue_insert`.execute(db);
  await sql`
    WITH s AS (
      SELECT g,
             now() - make_interval(secs => ${DAYS * 86_400}::float8 * (1 - g::float8 / ${PURCHASES})) AS created,
             CASE WHEN g % 3 = 0
                  THEN (ARRAY['approvata','pagata','rifiutata'])[1 + (g / 3) % 3]
                  ELSE (ARRAY['inviata','inviata','inviata','inviata','inviata','inviata',
                              'in_verifica','in_verifica','in_verifica','documenti_richiesti'])[1 + (g * 7) % 10]
             END AS review_state,
             (ARRAY[1, 13, 3, 7])[1 + (g / 7) % 4] AS kind,
             (ARRAY['rimb-spese','rimb-bollette','rimb-interessi','conv-previdenza-integrativa'])[1 + (g / 7) % 4]
               AS form_route
        FROM generate_series(1, ${PURCHASES}::int) AS g
    )
    INSERT INTO purchases (user_id, kind, status, review_state, importo, credit_source, oggetto, form_route,
                           created, approved_at, paid_at, rejected_at)
    SELECT ${first}::bigint + (g::bigint * 7919) % ${EMPLOYEES},
           kind,
           CASE review_state WHEN 'approvata' THEN 'approvato' WHEN 'pagata' THEN 'pagato'
                             WHEN 'rifiutata' THEN 'rifiutato' ELSE 'inserito' END,
           review_state,
           1000 + (g::bigint * 104729) % 299000,
           CASE WHEN g % 5 = 0 THEN 'art51c3' ELSE 'totale' END,
           'Richiesta di rimborso n. ' || g,
           form_route,
           created,
           CASE WHEN review_state IN ('approvata', 'pagata') THEN created + interval '2 days' END,
           CASE WHEN review_state = 'pagata' THEN created + interval '5 days' END,
           CASE WHEN review_state = 'rifiutata' THEN created + interval '2 days' END
      FROM s`.execute(db);
  await sql`ALTER TABLE purchases ENABLE TRIGGER purchases_review_queue_insert`.execute(db);
  await sql`
    INSERT INTO review_queue_counts (company_id, form_route, review_state, n)
    SELECT company_id, coalesce(form_route, ''), review_state, count(*)
      FROM purchases
     WHERE review_state IN ('inviata', 'in_verifica', 'documenti_richiesti')
     GROUP BY 1, 2, 3
    ON CONFLICT (company_id, form_route, review_state) DO UPDATE SET n = excluded.n`.execute(db);
  // A settled table, as a running installation's is (autovacuum has set the visibility map): the
  // counts read the partial indexes without visiting the rows.
  await sql`VACUUM (ANALYZE) users`.execute(db);
  await sql`VACUUM (ANALYZE) purchases`.execute(db);
  const counts = await db
    .selectFrom('purchases')
    .select([
      (eb) =>
        eb.fn
          .countAll<string>()
          .filterWhere('review_state', 'in', [...AWAITING])
          .as('awaiting'),
      (eb) =>
        eb.fn
          .countAll<string>()
          .filterWhere('review_state', 'not in', [...AWAITING])
          .as('decided'),
    ])
    .executeTakeFirstOrThrow();
  return { customerIds, companyIds, awaiting: Number(counts.awaiting), decided: Number(counts.decided) };
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

async function measure(name: string, work: () => Promise<string>, targetP95?: number): Promise<Figure> {
  let answer = '';
  for (let i = 0; i < WARMUP; i++) answer = await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    answer = await work();
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
    answer,
  };
}

/** Node types, indexes, actual rows and times of an EXPLAIN (ANALYZE, FORMAT JSON) plan, depth first. */
function planSummary(plan: unknown): string[] {
  const out: string[] = [];
  const walk = (node: Record<string, unknown>, depth: number) => {
    const index = node['Index Name'] ? ` ${String(node['Index Name'])}` : '';
    const relation = !index && node['Relation Name'] ? ` ${String(node['Relation Name'])}` : '';
    const strategy = node.Strategy && node.Strategy !== 'Plain' ? ` (${String(node.Strategy)})` : '';
    const facts = [
      `rows=${String(node['Actual Rows'])}`,
      `loops=${String(node['Actual Loops'])}`,
      `${Number(node['Actual Total Time']).toFixed(2)} ms`,
      ...(node['Heap Fetches'] !== undefined ? [`heap fetches=${String(node['Heap Fetches'])}`] : []),
      ...(node['Sort Method'] ? [`sort=${String(node['Sort Method'])}`] : []),
      ...(node['Index Cond'] ? [`cond ${String(node['Index Cond'])}`] : []),
      ...(node.Filter ? [`filter ${String(node.Filter)}`] : []),
    ];
    out.push(
      `${'  '.repeat(depth)}${String(node['Node Type'])}${strategy}${index}${relation} [${facts.join('; ')}]`,
    );
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child, depth + 1);
  };
  const top = (plan as Array<{ Plan: Record<string, unknown>; 'Execution Time'?: number }>)[0];
  if (top) {
    walk(top.Plan, 0);
    if (top['Execution Time'] !== undefined)
      out.push(`Execution Time: ${top['Execution Time'].toFixed(2)} ms`);
  }
  return out;
}

/**
 * The queries `work` sends, as sent (a plugin records each root query it executes), each run again under
 * EXPLAIN (ANALYZE, FORMAT JSON) on `db`.
 */
async function explainSent(db: Kysely<DB>, work: (db: Kysely<DB>) => Promise<unknown>) {
  const built = new Map<QueryId, RootOperationNode>();
  const executed: { node: RootOperationNode; queryId: QueryId }[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      built.set(queryId, node);
      return node;
    },
    transformResult: async ({ queryId, result }) => {
      const node = built.get(queryId);
      if (node) executed.push({ node, queryId });
      return result;
    },
  };
  await work(db.withPlugin(recorder));
  const plans: Record<string, string[]> = {};
  for (const { node, queryId } of executed) {
    const compiled = db.getExecutor().compileQuery(node, queryId);
    const name = /group by/i.test(compiled.sql) ? 'counts per state' : 'rows';
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
    );
    const plan = rows[0]?.['QUERY PLAN'];
    plans[name] = planSummary(typeof plan === 'string' ? JSON.parse(plan) : plan);
  }
  return plans;
}

async function run(backend: Backend, database: Database) {
  await runMigrations(database.db);
  const db = database.db;
  const seedStarted = performance.now();
  const seeded = await seed(db);
  const seedMs = Math.round(performance.now() - seedStarted);
  const [firstCustomer, secondCustomer, thirdCustomer] = seeded.customerIds;
  const everyone: Pick<OperatorScope, 'customerIds'> = { customerIds: null };
  const queue =
    (filters: QueueFilters, scope = everyone) =>
    async () => {
      const answer = await listQueue(db, scope, filters, operatorPaging.queue);
      return `${answer.results.length} / ${answer.count}`;
    };
  const figures: Figure[] = [
    await measure('floor: 20 oldest awaiting (indexed)', async () => {
      const rows = await db
        .selectFrom('purchases')
        .select(['id', 'created', 'review_state', 'importo'])
        .where('review_state', 'in', [...AWAITING])
        .orderBy('created')
        .orderBy('id')
        .limit(20)
        .execute();
      return String(rows.length);
    }),
    await measure('queue, page 1 of 20, no filter', queue({}), TARGET_PAGE_P95_MS),
    await measure('queue, page 1, one customer (20%)', queue({ cliente: thirdCustomer }), TARGET_PAGE_P95_MS),
    await measure('queue, page 1, one company', queue({ azienda: seeded.companyIds[0] }), TARGET_PAGE_P95_MS),
    await measure(
      'queue, page 1, stato documenti_richiesti',
      queue({ stato: 'documenti_richiesti' }),
      TARGET_PAGE_P95_MS,
    ),
    await measure(
      'queue, page 1, importo 500-600 EUR',
      // An amount range counts its requests exactly (no kept count for it): shown, not held to the target.
      queue({ importo_min: 50_000, importo_max: 60_000 }),
    ),
    await measure(
      'queue, page 1, operator of 2 customers',
      queue({}, { customerIds: [firstCustomer ?? 0, secondCustomer ?? 0] }),
      TARGET_PAGE_P95_MS,
    ),
    await measure(
      `queue, page ${DEEP_PAGE} of 20, no filter`,
      // Page 500 is not a first page: shown, not held to the target.
      queue({ page: DEEP_PAGE }),
    ),
  ];
  const plans = {
    'queue, page 1, no filter': await explainSent(db, (recorded) =>
      listQueue(recorded, everyone, {}, operatorPaging.queue),
    ),
  };
  return {
    backend,
    employees: EMPLOYEES,
    awaiting: seeded.awaiting,
    decided: seeded.decided,
    seedMs,
    figures,
    plans,
  };
}

type Result = Awaited<ReturnType<typeof run>>;

function table(result: Result): string {
  const lines = result.figures.map((f) =>
    [
      f.name.padEnd(42),
      f.p50.toFixed(2).padStart(8),
      f.p95.toFixed(2).padStart(8),
      f.max.toFixed(2).padStart(8),
      f.answer.padStart(14),
      f.targetP95 === undefined ? '' : `  <= ${f.targetP95} ${f.p95 <= f.targetP95 ? 'met' : 'NOT met'}`,
    ].join(''),
  );
  return [
    `${result.backend}: ${result.employees} employees, ${result.awaiting} requests awaiting a decision, ` +
      `${result.decided} decided, seeded in ${result.seedMs} ms`,
    `${'query'.padEnd(42)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}` +
      `${'rows / count'.padStart(14)}  target p95`,
    ...lines,
    ...Object.entries(result.plans).flatMap(([name, queries]) =>
      Object.entries(queries).flatMap(([query, plan]) => [
        `plan, ${name}, ${query}:`,
        ...plan.map((l) => `  ${l}`),
      ]),
    ),
  ].join('\n');
}

const results = await benchOnEachBackend({
  run,
  table,
  resultsFile: RESULTS_FILE,
  poolMax: 4,
  settings: { runs: RUNS, warmup: WARMUP, targetPageP95Ms: TARGET_PAGE_P95_MS },
});

// The target is the (PostgreSQL): a missed one fails the bench, as the other targets do.
const missed = results
  .filter((result) => result.backend === 'postgres')
  .flatMap((result) => result.figures)
  .filter((figure) => figure.targetP95 !== undefined && figure.p95 > figure.targetP95);
if (missed.length > 0) {
  process.stdout.write(
    `Obiettivo p95 non raggiunto su PostgreSQL: ${missed.map((f) => f.name).join('; ')}\n`,
  );
  process.exitCode = 1;
}
