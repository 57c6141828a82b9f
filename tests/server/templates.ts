/**
 * Databases seeded once per test run (ARCHITECTURE.md §9): the global setup migrates and seeds one
 * embedded database, dumps its data folder twice (migrated only, then with the demo seed) and, when
 * TEST_DATABASE_URL is set, makes the same two databases on PostgreSQL. Each test file then starts
 * from a copy: PGlite's in-memory file system filled with the dump (TemplateFs) or
 * `CREATE DATABASE ... TEMPLATE ...`, a fraction of a second instead of initdb + migrations + seed.
 * The embedded dumps are kept under .tmp/test-templates/<key>
 * for the next run made of the same sources on the same day (the end-to-end stage after the server
 * stage reuses them).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MemoryFS, type PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { runMigrations } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seed-demo';
import { declaredReference, syncReferenceData } from '../../src/server/services/reference-data';
import { routes } from '../../config/routes';

/** What the global setup hands every test file. */
export interface ServerTemplates {
  /** Dumped PGlite data folders. */
  pgliteEmpty: string;
  pgliteDemo: string;
  /**
   * The instant the demo templates of this run are seeded at (ISO): now, or `TEST_NOW` when a run
   * checks the calendar on another day (scripts/test.mjs). A PGlite template kept from an earlier run
   * of the same day carries its own instant: read it with `seededAt`.
   */
  seedNow: string;
  /** Template database names on TEST_DATABASE_URL's server, or null without it. */
  postgresEmpty: string | null;
  postgresDemo: string | null;
  /**
   * Written once every template above is made: "ok", or the error that stopped it. The global setup
   * names the templates and makes them in the background, so the test worker loads its modules
   * meanwhile; a file waits for this before its first copy (readyTemplates).
   */
  readyFile: string;
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
  // After it only the segments from the checkpoint's redo point to the current one are needed: the
  // others are old ones kept for recycling (16 MB each, half the tarball), which every open would
  // unpack again. PostgreSQL makes new segments when it needs them.
  const { rows } = await sql<{ redo: string; current: string }>`
    SELECT redo_wal_file AS redo, pg_walfile_name(pg_current_wal_lsn()) AS current
    FROM pg_control_checkpoint()`.execute(database.db);
  const { redo, current } = rows[0]!;
  const blob = await database.dumpDataDir();
  const tarball = new Uint8Array(await blob.arrayBuffer());
  writeFileSync(
    file,
    withoutTarEntries(tarball, (name) => {
      const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
      return segment !== undefined && (segment < redo || segment > current);
    }),
  );
}

/** One entry of a ustar archive: its path, whether it is a folder, and its bytes (a view, not a copy). */
interface TarEntry {
  name: string;
  folder: boolean;
  data: Uint8Array;
  /** The entry's header and padded data, as they are in the archive. */
  block: Uint8Array;
}

/**
 * The entries of a ustar archive: each is a 512-byte header (name at 0, octal size at 124, type at
 * 156, prefix at 345) followed by its data padded to 512 bytes; two zero blocks end it.
 */
function* tarEntries(tarball: Uint8Array): Generator<TarEntry> {
  const text = (from: number, length: number) =>
    Buffer.from(tarball.subarray(from, from + length))
      .toString('latin1')
      .replace(/\0.*$/s, '');
  let offset = 0;
  while (offset + 512 <= tarball.length && tarball[offset] !== 0) {
    const prefix = text(offset + 345, 155);
    const name = prefix ? `${prefix}/${text(offset, 100)}` : text(offset, 100);
    const size = parseInt(text(offset + 124, 12).trim() || '0', 8);
    const end = offset + 512 + Math.ceil(size / 512) * 512;
    yield {
      name,
      folder: tarball[offset + 156] === 0x35, // '5'
      data: tarball.subarray(offset + 512, offset + 512 + size),
      block: tarball.subarray(offset, end),
    };
    offset = end;
  }
}

/** A ustar archive without the entries `drop` names. */
function withoutTarEntries(tarball: Uint8Array, drop: (name: string) => boolean): Uint8Array {
  const kept = [...tarEntries(tarball)].filter((entry) => !drop(entry.name)).map((entry) => entry.block);
  kept.push(new Uint8Array(1024));
  return Buffer.concat(kept);
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

/**
 * Names the templates of a run, in `dir` or in `cacheRoot`'s folder for the current sources, and on
 * PostgreSQL when `postgresUrl` is given; makeTemplates makes them.
 */
export function planTemplates(dir: string, postgresUrl?: string, cacheRoot?: string): ServerTemplates {
  const seedNow = testNow();
  const pgliteDir = cacheRoot ? join(cacheRoot, templateKey(seedNow)) : dir;
  const suffix = randomBytes(4).toString('hex');
  return {
    seedNow: seedNow.toISOString(),
    pgliteEmpty: join(pgliteDir, 'empty.tar'),
    pgliteDemo: join(pgliteDir, 'demo.tar'),
    postgresEmpty: postgresUrl ? `welfare_tpl_empty_${suffix}` : null,
    postgresDemo: postgresUrl ? `welfare_tpl_demo_${suffix}` : null,
    readyFile: join(dir, 'ready'),
  };
}

/**
 * The run's "now" for the demo seed: `TEST_NOW` (an ISO instant, as `2027-01-31T22:55:00Z`) when set,
 * so that the date-dependent suites can be run on any chosen day; otherwise the real now.
 */
export function testNow(): Date {
  const wanted = process.env.TEST_NOW?.trim();
  if (!wanted) return new Date();
  const instant = new Date(wanted);
  if (Number.isNaN(instant.getTime())) throw new Error(`TEST_NOW non è un istante ISO: ${wanted}`);
  return instant;
}

/** The file beside a PGlite demo template that says the instant it was seeded at. */
const seededAtFile = (pgliteDemo: string) => join(dirname(pgliteDemo), 'seeded-at');

/**
 * The instant the demo template this run copies was seeded at: every date of the demo history counts
 * from it, so the end-to-end server and browser clocks start there (tests/e2e/clock.ts).
 */
export async function seededAt(): Promise<Date> {
  return new Date((await readyTemplates()).seededAt);
}

/** Makes the templates `planTemplates` named, then writes their ready file (with the error, if any). */
export async function makeTemplates(
  templates: ServerTemplates,
  postgresUrl?: string,
  cacheRoot?: string,
): Promise<void> {
  const seedNow = new Date(templates.seedNow);
  try {
    // The PostgreSQL server works in its own processes: both chains run at once.
    await Promise.all([
      cacheRoot ? cachedPgliteTemplates(templates, cacheRoot) : buildPgliteTemplates(templates, seedNow),
      postgresUrl ? buildPostgresTemplates(templates, postgresUrl, seedNow) : undefined,
    ]);
    writeFileSync(templates.readyFile, 'ok');
  } catch (error) {
    writeFileSync(
      templates.readyFile,
      `modelli di database non costruiti: ${String((error as Error)?.stack ?? error)}`,
    );
    throw error;
  }
}

let ready: Promise<ServerTemplates & { seededAt: string }> | undefined;

/**
 * The templates of this run (provided by the global setup of the server and e2e projects), once made,
 * with the instant the PGlite demo template was seeded at.
 */
export function readyTemplates(): Promise<ServerTemplates & { seededAt: string }> {
  ready ??= (async () => {
    const templates = inject('serverTemplates');
    for (;;) {
      const state = existsSync(templates.readyFile) ? readFileSync(templates.readyFile, 'utf8') : '';
      if (state === 'ok')
        return { ...templates, seededAt: readFileSync(seededAtFile(templates.pgliteDemo), 'utf8').trim() };
      if (state) throw new Error(state);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return ready;
}

/**
 * What the PGlite templates are made of: the sources the migrations and the seed read (they live in
 * these folders), the installed packages, and the day of the seed (the demo data is dated from it, in
 * Rome).
 */
function templateKey(seedNow: Date): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  for (const dir of ['config', 'schemas', 'skins', 'src/server', 'src/shared']) walk(dir);
  hash.update(readFileSync('package-lock.json'));
  hash.update(seedNow.toLocaleDateString('it-IT', { timeZone: 'Europe/Rome' }));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The PGlite templates from `cacheRoot/<key>` when a run with the same sources made them already (the
 * end-to-end stage after the server stage, a developer's second run); otherwise built and kept there.
 * A folder appears whole or not at all (built aside, then renamed).
 */
async function cachedPgliteTemplates(templates: ServerTemplates, cacheRoot: string): Promise<void> {
  const dir = dirname(templates.pgliteDemo);
  if (existsSync(templates.pgliteDemo) && existsSync(seededAtFile(templates.pgliteDemo))) return;
  mkdirSync(cacheRoot, { recursive: true });
  // Templates of other sources are stale: only the newest is kept (folders being built are left alone).
  for (const old of readdirSync(cacheRoot)) {
    if (/^[0-9a-f]{16}$/.test(old)) rmSync(join(cacheRoot, old), { recursive: true, force: true });
  }
  const building = mkdtempSync(join(cacheRoot, 'building-'));
  await buildPgliteTemplates(
    {
      pgliteEmpty: join(building, basename(templates.pgliteEmpty)),
      pgliteDemo: join(building, basename(templates.pgliteDemo)),
    },
    new Date(templates.seedNow),
  );
  try {
    renameSync(building, dir);
  } catch {
    // Another run finished the same templates first: use its folder.
    rmSync(building, { recursive: true, force: true });
  }
}

async function buildPgliteTemplates(
  { pgliteEmpty, pgliteDemo }: Pick<ServerTemplates, 'pgliteEmpty' | 'pgliteDemo'>,
  seedNow: Date,
): Promise<void> {
  // Every copy unpacks the whole tarball into memory, file by file: the cluster is made with 1-MB WAL
  // segments instead of 16-MB ones (the copy carries one segment), and without the template0 and
  // template1 databases, which no test copies from (40% of the files). Together they halve an open.
  const embedded = await openDatabase({ inMemory: true, initdbArgs: ['--wal-segsize=1'] });
  try {
    // Settings every copy starts with (postgresql.auto.conf travels in the tarball): a copy starts a
    // third faster with 16 MB of shared buffers than with the default 128 MB, which a test database
    // of a few megabytes never fills.
    await sql`ALTER SYSTEM SET shared_buffers = '16MB'`.execute(embedded.db);
    for (const template of ['template0', 'template1']) {
      await sql`ALTER DATABASE ${sql.id(template)} IS_TEMPLATE false`.execute(embedded.db);
      await sql`DROP DATABASE ${sql.id(template)}`.execute(embedded.db);
    }
    await runMigrations(embedded.db);
    // What every start writes (the apps built on copies find it in place).
    await syncReferenceData(embedded, declaredReference(routes));
    await dumpTo(embedded, pgliteEmpty);
    await seedDemo(embedded.db, { now: seedNow });
    await dumpTo(embedded, pgliteDemo);
    writeFileSync(seededAtFile(pgliteDemo), seedNow.toISOString());
  } finally {
    await embedded.close();
  }
}

/** The migrated database, then the demo one copied from it and seeded (the migrations run once). */
async function buildPostgresTemplates(
  { postgresEmpty, postgresDemo }: ServerTemplates,
  postgresUrl: string,
  seedNow: Date,
): Promise<void> {
  if (!postgresEmpty || !postgresDemo) throw new Error('modelli PostgreSQL senza nome');
  await adminQuery(postgresUrl, `CREATE DATABASE ${postgresEmpty}`);
  const empty = await openDatabase({ databaseUrl: databaseUrl(postgresUrl, postgresEmpty), poolMax: 2 });
  try {
    await runMigrations(empty.db);
    await syncReferenceData(empty, declaredReference(routes));
  } finally {
    await empty.close();
  }
  await adminQuery(postgresUrl, `CREATE DATABASE ${postgresDemo} TEMPLATE ${postgresEmpty}`);
  const demo = await openDatabase({ databaseUrl: databaseUrl(postgresUrl, postgresDemo), poolMax: 2 });
  try {
    await seedDemo(demo.db, { now: seedNow });
  } finally {
    await demo.close();
  }
}

/** The name prefix of the copies of a template (`welfare_tpl_demo_<run>` gives `welfare_t_demo_<run>_`). */
export function testDatabasePrefix(template: string): string {
  return `${template.replace('welfare_tpl_', 'welfare_t_')}_`;
}

/** Drops the templates, and the copies of them the files made ahead and nobody took. */
export async function dropTemplates(templates: ServerTemplates, postgresUrl?: string): Promise<void> {
  if (!postgresUrl) return;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    for (const template of [templates.postgresEmpty, templates.postgresDemo]) {
      if (!template) continue;
      // A copy still being made when the last file ended is not listed until it is done.
      for (let waited = 0; waited < 30_000; waited += 200) {
        const making = await client.query(
          `SELECT 1 FROM pg_stat_activity WHERE query LIKE 'CREATE DATABASE ' || $1 || '%' AND state = 'active'`,
          [testDatabasePrefix(template)],
        );
        if (making.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const copies = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
        [testDatabasePrefix(template)],
      );
      for (const name of [...copies.rows.map((row) => row.datname), template]) {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
  } finally {
    await client.end();
  }
}

type EmscriptenOptions = Parameters<MemoryFS['init']>[1];
/** What a step before the start is handed: the module, its environment and file system. */
type EmscriptenModule = Parameters<NonNullable<EmscriptenOptions['preRun']>[number]>[0];

/** The files of a template's data folder, read and unpacked once per process. */
const templateFiles = new Map<string, TarEntry[]>();

/**
 * PGlite's in-memory file system, filled with a template's data folder before PostgreSQL starts (it
 * then finds a cluster and resumes it). PGlite's own `loadDataDir` unpacks the archive again at every
 * open and checks every parent folder of every file; this writes the entries unpacked once per
 * process, a third of an open. The in-memory file system copies the bytes it is given.
 */
class TemplateFs extends MemoryFS {
  constructor(private readonly entries: readonly TarEntry[]) {
    super();
  }

  override init(pg: PGlite, options: EmscriptenOptions) {
    const fill = (mod: EmscriptenModule) => {
      // Set by PGlite's own steps, which run before this one.
      const root = mod.ENV.PGDATA as string;
      const made = new Set<string>();
      const folder = (path: string) => {
        if (made.has(path)) return;
        mod.FS.mkdirTree(path);
        made.add(path);
      };
      folder(root);
      for (const entry of this.entries) {
        const path = `${root}/${entry.name.replace(/^\/+|\/+$/g, '')}`;
        if (entry.folder) folder(path);
        else {
          folder(path.slice(0, path.lastIndexOf('/')));
          mod.FS.writeFile(path, entry.data);
        }
      }
    };
    return super.init(pg, { ...options, preRun: [...(options.preRun ?? []), fill] });
  }
}

/** A fresh in-memory PGlite holding a copy of a template. */
export async function openPgliteCopy(kind: TemplateKind): Promise<Database> {
  const templates = await readyTemplates();
  const file = kind === 'demo' ? templates.pgliteDemo : templates.pgliteEmpty;
  let entries = templateFiles.get(file);
  if (!entries) {
    entries = [...tarEntries(new Uint8Array(readFileSync(file)))];
    templateFiles.set(file, entries);
  }
  return openDatabase({ inMemory: true, filesystem: new TemplateFs(entries) });
}
