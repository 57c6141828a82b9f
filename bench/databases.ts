/**
 * The databases a bench runs on, made for the run and removed after it: embedded PGlite in a temporary
 * folder, or a new database on the PostgreSQL server of TEST_DATABASE_URL (dropped with its connections);
 * `benchOnEachBackend` runs a bench on both and writes its results file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/connect';
import type { DB } from '../src/server/db/schema';

export async function onFreshPglite<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'welfare-bench-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    return await run(database);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** `poolMax`: the pool of the bench's connection (the server's own default when not given). */
export async function onFreshPostgres<T>(
  url: string,
  run: (database: Database) => Promise<T>,
  poolMax?: number,
): Promise<T> {
  const name = `welfare_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), ...(poolMax ? { poolMax } : {}) });
  try {
    return await run(database);
  } finally {
    await database.close();
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

export type BenchBackend = 'pglite' | 'postgres';

export interface BenchOnEachBackend<T> {
  run: (backend: BenchBackend, database: Database) => Promise<T>;
  /** One backend's result as printed. */
  table: (result: T) => string;
  resultsFile: string;
  /** The PostgreSQL pool of the bench's connection (the server's own default when not given). */
  poolMax?: number;
  /** More fields of the results file (the bench's settings). */
  settings?: Record<string, unknown>;
}

/**
 * Runs a bench on a fresh PGlite and, with TEST_DATABASE_URL, on a fresh PostgreSQL database
 * (BENCH_ONLY=pglite or postgres: that one only), prints each result's table and writes the results
 * with the machine and the run's time to `resultsFile`.
 */
export async function benchOnEachBackend<T>(bench: BenchOnEachBackend<T>): Promise<T[]> {
  const started = performance.now();
  const only = process.env.BENCH_ONLY?.trim();
  const results: T[] = [];
  if (only !== 'postgres') results.push(await onFreshPglite((database) => bench.run('pglite', database)));
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (url && only !== 'pglite') {
    results.push(await onFreshPostgres(url, (database) => bench.run('postgres', database), bench.poolMax));
  } else if (!url) process.stdout.write('TEST_DATABASE_URL non impostata: solo PGlite.\n');

  process.stdout.write(`\n${results.map(bench.table).join('\n\n')}\n`);
  const totalMs = Math.round(performance.now() - started);
  const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', node: process.version };
  writeFileSync(
    bench.resultsFile,
    `${JSON.stringify({ generatedAt: new Date().toISOString(), machine, totalMs, ...bench.settings, results }, null, 2)}\n`,
  );
  process.stdout.write(`\nRisultati in ${bench.resultsFile} (${Math.round(totalMs / 1000)} s).\n`);
  return results;
}

/** The bench's customer and a company of it (`nome`), on a database with nothing else. */
export async function insertBenchCompany(
  db: Kysely<DB>,
  nome: string,
): Promise<{ customerId: number; companyId: number }> {
  const customer = await db
    .insertInto('customers')
    .values({ slug: 'bench', name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const company = await db
    .insertInto('companies')
    .values({ nome, customer_id: customer.id })
    .returning('id_azienda')
    .executeTakeFirstOrThrow();
  return { customerId: customer.id, companyId: company.id_azienda };
}
