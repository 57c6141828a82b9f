/**
 * Showcase pages at scale (issue 13): 100,000 voucher products over 500 retailers, on embedded PGlite in a
 * temporary folder and, when TEST_DATABASE_URL is set, on PostgreSQL in a database it creates and drops.
 * Through the service the route calls (`amlProducts`: the retailer, the count and one page of 18 sorted by
 * price), it times (30 runs after 3 untimed, rotating over retailers; p50, p95, max) the first page, the
 * last page, a page with a search (`filter` of a word, the trigram index) and with a two-character search,
 * next to the floor, a bare indexed query (`SELECT ... FROM aml_products WHERE product_code = $1`). The
 * target: a page with a search p95 at most 50 ms on PostgreSQL (shown for PGlite too). Prints a table per
 * backend with the search's plan and writes `showcases-results.json` here (machine figures, not committed).
 */
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { fornAmlShowcase } from '../config/showcases';
import type { Database } from '../src/server/db/connect';
import { runMigrations } from '../src/server/db/migrate';
import type { DB } from '../src/server/db/schema';
import { pageSlice } from '../src/server/services/paging';
import { amlProducts, likePattern } from '../src/server/services/showcases';
import { benchOnEachBackend } from './databases';

type Backend = 'pglite' | 'postgres';

const RETAILERS = 500;
const PRODUCTS = 100_000;
const RUNS = 30;
const WARMUP = 3;
const SEARCH_TARGET_MS = 50;
const PAGING = fornAmlShowcase.paging;
const RESULTS_FILE = fileURLToPath(new URL('./showcases-results.json', import.meta.url));
const WORDS = ['caffè', 'libro', 'scarpe', 'giacca', 'cena', 'spa', 'bici', 'telefono', 'profumo', 'gioco'];

interface Figure {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  targetP95?: number;
  answer: string;
}

interface BackendResult {
  backend: Backend;
  seedMs: number;
  products: number;
  figures: Figure[];
  plan: string[];
}

async function seed(db: Kysely<DB>): Promise<void> {
  await sql`
    INSERT INTO aml_retailers (name, image_url, short_description, long_description, position)
    SELECT 'Negozio ' || g, '', 'Negozio di prova ' || g, '<p>Negozio di prova ' || g || '</p>', g
    FROM generate_series(1, ${RETAILERS}) AS g`.execute(db);
  const words = sql.raw(`ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`);
  await sql`
    INSERT INTO aml_products (product_code, retailer_id, name, price, image_url)
    SELECT 'P-' || g,
           r.id,
           'Buono ' || (${words})[1 + (g / ${RETAILERS}) % ${WORDS.length}] || ' ' || (5 + g % 60) * 5 || ' €',
           (5 + g % 60) * 500,
           ''
    FROM generate_series(1, ${PRODUCTS}) AS g
    JOIN aml_retailers r ON r.position = 1 + g % ${RETAILERS}`.execute(db);
  // Each retailer holds every word (g / RETAILERS picks it), so a search finds about a tenth of its products.
  await sql`ANALYZE aml_retailers`.execute(db);
  await sql`ANALYZE aml_products`.execute(db);
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

async function measure(
  name: string,
  work: (i: number) => Promise<string>,
  targetP95?: number,
): Promise<Figure> {
  let answer = '';
  for (let i = 0; i < WARMUP; i++) answer = await work(i);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    answer = await work(WARMUP + i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    name,
    runs: RUNS,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1) ?? Number.NaN),
    ...(targetP95 === undefined ? {} : { targetP95 }),
    answer,
  };
}

async function run(backend: Backend, database: Database): Promise<BackendResult> {
  const { db } = database;
  await runMigrations(db);
  const seedStarted = performance.now();
  await seed(db);
  const seedMs = Math.round(performance.now() - seedStarted);
  const ids = (await db.selectFrom('aml_retailers').select('id').orderBy('id').execute()).map((r) =>
    Number(r.id),
  );
  const retailer = (i: number) => ids[(i * 37) % ids.length]!;
  const perRetailer = Math.ceil(PRODUCTS / RETAILERS);
  const lastPage = Math.ceil(perRetailer / PAGING.defaultPageSize);
  const page = (retailerId: number, filter: string, n: number) =>
    amlProducts(db, { retailerId, filter, priceSort: true }, pageSlice({ page: n }, PAGING));
  const describe = (answer: { count: number; results: unknown[] }) =>
    `${answer.results.length} of ${answer.count}`;

  const figures: Figure[] = [
    await measure('floor: product by code (unique index)', async (i) => {
      const row = await db
        .selectFrom('aml_products')
        .select(['id', 'name', 'price'])
        .where('product_code', '=', `P-${1 + ((i * 7919) % PRODUCTS)}`)
        .executeTakeFirst();
      return row ? '1 row' : '0 rows';
    }),
    await measure('showcase page 1 (18 by price)', async (i) => describe(await page(retailer(i), '', 1))),
    await measure(`showcase last page (${lastPage})`, async (i) =>
      describe(await page(retailer(i), '', lastPage)),
    ),
    await measure(
      'showcase page 1 with a search (a word)',
      async (i) => describe(await page(retailer(i), WORDS[i % WORDS.length]!, 1)),
      SEARCH_TARGET_MS,
    ),
    await measure(
      'showcase page 1 with a 2-character search',
      async (i) => describe(await page(retailer(i), 'ca', 1)),
      SEARCH_TARGET_MS,
    ),
  ];
  const explained = await sql<Record<string, unknown>>`
    EXPLAIN SELECT product_code, name, price, image_url FROM aml_products
    WHERE retailer_id = ${ids[0]!} AND name ILIKE ${likePattern('caffè')}
    ORDER BY price, id LIMIT 18`.execute(db);
  const plan = explained.rows.map((row) => String(Object.values(row)[0]));
  return { backend, seedMs, products: PRODUCTS, figures, plan };
}

function table(result: BackendResult): string {
  const header = ['query', 'runs', 'p50 ms', 'p95 ms', 'target p95', 'max ms', 'answer'];
  const rows = result.figures.map((f) => [
    f.name,
    String(f.runs),
    f.p50.toFixed(2),
    f.p95.toFixed(2),
    f.targetP95 === undefined ? '' : `<= ${f.targetP95} ${f.p95 <= f.targetP95 ? 'met' : 'NOT met'}`,
    f.max.toFixed(2),
    f.answer,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 6 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  return [
    `${result.backend}: ${result.products} products over ${RETAILERS} retailers, seeded in ${result.seedMs} ms`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    'plan, page with a search:',
    ...result.plan.map((l) => `  ${l}`),
  ].join('\n');
}

await benchOnEachBackend({ run, table, resultsFile: RESULTS_FILE, poolMax: 4 });
