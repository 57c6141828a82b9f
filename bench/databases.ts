/**
 * The databases a bench runs on, made for the run and removed after it: embedded PGlite in a temporary
 * folder, or a new database on the PostgreSQL server of TEST_DATABASE_URL (dropped with its connections).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/connect';

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
