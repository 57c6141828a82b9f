/**
 * Databases seeded once per test run (ARCHITECTURE.md §9): the global setup migrates and seeds one
 * embedded database, dumps its data folder twice (migrated only, then with the demo seed) and, when
 * TEST_DATABASE_URL is set, makes the same two databases on PostgreSQL. Each test file then starts
 * from a copy: `PGlite.create({ loadDataDir })` or `CREATE DATABASE ... TEMPLATE ...`, about a second
 * instead of initdb + migrations + seed.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { runMigrations } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seed-demo';

/** What the global setup hands every test file. */
export interface ServerTemplates {
  /** Dumped PGlite data folders. */
  pgliteEmpty: string;
  pgliteDemo: string;
  /** Template database names on TEST_DATABASE_URL's server, or null without it. */
  postgresEmpty: string | null;
  postgresDemo: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplates: ServerTemplates;
  }
}

export type TemplateKind = 'empty' | 'demo';

async function dumpTo(database: Database, file: string): Promise<void> {
  if (!database.dumpDataDir) throw new Error('solo PGlite sa copiare la propria cartella dati');
  // A checkpoint first: a copy opened later starts from it instead of replaying the seed's WAL
  // (a third of the cost of every open).
  await sql`CHECKPOINT`.execute(database.db);
  const blob = await database.dumpDataDir();
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
}

/** Runs `sql` on the server of `url` (the maintenance connection of TEST_DATABASE_URL). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `url` with another database name. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Builds the templates into `dir` (and on PostgreSQL when `postgresUrl` is given). */
export async function buildTemplates(dir: string, postgresUrl?: string): Promise<ServerTemplates> {
  // The PostgreSQL server works in its own processes: both chains run at once.
  const [embedded, server] = await Promise.all([
    buildPgliteTemplates(dir),
    postgresUrl ? buildPostgresTemplates(postgresUrl) : { postgresEmpty: null, postgresDemo: null },
  ]);
  return { ...embedded, ...server };
}

async function buildPgliteTemplates(
  dir: string,
): Promise<Pick<ServerTemplates, 'pgliteEmpty' | 'pgliteDemo'>> {
  const pgliteEmpty = join(dir, 'empty.tar');
  const pgliteDemo = join(dir, 'demo.tar');
  const embedded = await openDatabase({ inMemory: true });
  try {
    await runMigrations(embedded.db);
    await dumpTo(embedded, pgliteEmpty);
    await seedDemo(embedded.db);
    await dumpTo(embedded, pgliteDemo);
  } finally {
    await embedded.close();
  }
  return { pgliteEmpty, pgliteDemo };
}

/** The migrated database, then the demo one copied from it and seeded (the migrations run once). */
async function buildPostgresTemplates(
  postgresUrl: string,
): Promise<Pick<ServerTemplates, 'postgresEmpty' | 'postgresDemo'>> {
  const suffix = randomBytes(4).toString('hex');
  const postgresEmpty = `welfare_tpl_empty_${suffix}`;
  const postgresDemo = `welfare_tpl_demo_${suffix}`;
  await adminQuery(postgresUrl, `CREATE DATABASE ${postgresEmpty}`);
  const empty = await openDatabase({ databaseUrl: databaseUrl(postgresUrl, postgresEmpty), poolMax: 2 });
  try {
    await runMigrations(empty.db);
  } finally {
    await empty.close();
  }
  await adminQuery(postgresUrl, `CREATE DATABASE ${postgresDemo} TEMPLATE ${postgresEmpty}`);
  const demo = await openDatabase({ databaseUrl: databaseUrl(postgresUrl, postgresDemo), poolMax: 2 });
  try {
    await seedDemo(demo.db);
  } finally {
    await demo.close();
  }
  return { postgresEmpty, postgresDemo };
}

export async function dropTemplates(templates: ServerTemplates, postgresUrl?: string): Promise<void> {
  if (!postgresUrl) return;
  for (const name of [templates.postgresEmpty, templates.postgresDemo]) {
    if (name) await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** The templates of this run (provided by the global setup of the server and e2e projects). */
export function serverTemplates(): ServerTemplates {
  return inject('serverTemplates');
}

/**
 * A template's tarball handed to PGlite, which reads it with `arrayBuffer()`: Node's Blob does that
 * through a stream of small chunks concatenated again, a quarter of the cost of an open; this one
 * hands over a copy of bytes read once per process (PGlite takes ownership of what it is given).
 */
class TarballBlob extends Blob {
  readonly #tarball: Uint8Array;

  constructor(tarball: Uint8Array) {
    super([]);
    this.#tarball = tarball;
  }

  override get size(): number {
    return this.#tarball.byteLength;
  }

  override get type(): string {
    return 'application/x-tar';
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(new Uint8Array(this.#tarball).buffer);
  }
}

const tarballs = new Map<string, Uint8Array>();

/** A fresh in-memory PGlite holding a copy of a template. */
export function openPgliteCopy(kind: TemplateKind): Promise<Database> {
  const templates = serverTemplates();
  const file = kind === 'demo' ? templates.pgliteDemo : templates.pgliteEmpty;
  let bytes = tarballs.get(file);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(file));
    tarballs.set(file, bytes);
  }
  return openDatabase({ inMemory: true, loadDataDir: new TarballBlob(bytes) });
}
