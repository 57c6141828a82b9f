/**
 * Opens the database: PostgreSQL through `pg` when a URL is given, otherwise embedded PGlite
 * (persisted under <dataDir>/pglite, or in memory for tests). Both answer with the same types:
 * bigint -> number (refusing values beyond 2^53), date -> 'YYYY-MM-DD', timestamptz -> Date.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import { preparedStatementName } from './prepared';
import type { DB } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball (test templates). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * The connections now (metrics, plugins/metrics.ts): PostgreSQL's pool; on PGlite its one session
   * (total 1, idle when not lent out) and the queries and transactions queued for it.
   */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; absent = embedded PGlite. */
  databaseUrl?: string | null;
  /** Folder of the embedded database (<dataDir>/pglite). */
  dataDir?: string;
  /** Embedded database in memory (tests): nothing is written to disk. */
  inMemory?: boolean;
  /** Pool size on PostgreSQL. */
  poolMax?: number;
  /**
   * In-memory PGlite only: its file system, already holding a data folder to start from instead of an
   * empty cluster. Test templates use it: a copy of a seeded folder is many times faster than initdb
   * and the seed.
   */
  filesystem?: PGliteOptions['fs'];
  /** In-memory PGlite only: extra initdb arguments when a new cluster is made (test templates). */
  initdbArgs?: string[];
}

const INT8 = 20;
const DATE = 1082;

function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`bigint fuori dall'intervallo sicuro: ${value}`);
  return n;
}

const identity = (value: string) => value;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax ?? 10);
  return openPglite(options);
}

function openPostgres(url: string, max: number): Database {
  const typeParsers = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8) return parseInt8;
      if (oid === DATE) return identity;
      return pg.types.getTypeParser(oid, format);
    },
  };
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: typeParsers as pg.CustomTypesConfig,
    Client: PreparingClient,
  });
  // An idle client losing its server connection must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * A pg client that sends the texts registered by db/prepared.ts as named statements (parsed once per
 * connection); any other query goes unnamed, as Kysely sends it.
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 ? preparedStatementName(text) : undefined;
    const call = super.query as (...a: unknown[]) => never;
    return name ? call.call(this, { name, text, values }) : call.apply(this, args);
  }
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  const parsers = { [INT8]: parseInt8, [DATE]: identity };
  // Extensions the migrations create (012: trigram indexes of the history search).
  const extensions = { pg_trgm };
  let release = () => {};
  let client: PGlite;
  if (options.inMemory) {
    client = await PGlite.create({
      parsers,
      extensions,
      ...(options.filesystem ? { fs: options.filesystem } : {}),
      ...(options.initdbArgs ? { initDbStartParams: options.initdbArgs } : {}),
    });
  } else {
    const dir = join(options.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(dir);
    try {
      client = await PGlite.create({ dataDir: dir, parsers, extensions });
    } catch (error) {
      release();
      throw error;
    }
  }
  const dialect = new PGliteDialect(client);
  const db = new Kysely<DB>({ dialect });
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => client.dumpDataDir('none'),
    poolStats: () => {
      const session = dialect.sessionState();
      return { total: 1, idle: session.locked ? 0 : 1, waiting: session.waiting };
    },
    async close() {
      try {
        await db.destroy();
      } finally {
        release();
      }
    },
  };
}

/**
 * PGlite is single-process: two processes opening the same folder corrupt it. A pid file keeps
 * the admin CLI from opening the database of a running server (and vice versa).
 */
function lockDataDir(dir: string): () => void {
  const lockFile = join(dir, '..', 'pglite.pid');
  try {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `Il database integrato in ${dir} è già in uso dal processo ${pid}: ` +
          'fermare il server (o usare DATABASE_URL con PostgreSQL) e riprovare.',
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
