/**
 * Kysely dialect for embedded PGlite.
 *
 * Why not kysely-pglite's driver: it hands every caller the same single PGlite session without a lock,
 * so two concurrent Kysely transactions interleave their BEGIN/COMMIT on one session and corrupt each
 * other. PGlite is one session, so here one connection is lent at a time (a FIFO mutex): a transaction
 * holds it from BEGIN to COMMIT, other queries wait. Parameterless SQL goes through `exec`, which accepts
 * several statements (migration scripts).
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** Waiting longer than this for the session almost always means `db` was used inside a `trx` callback. */
const ACQUIRE_TIMEOUT_MS = 30_000;

class Mutex {
  #locked = false;
  #waiters: Array<() => void> = [];

  async acquire(timeoutMs: number): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        reject(
          new Error(
            'PGlite: sessione occupata da troppo tempo (query su `db` dentro una transazione? usare `trx`).',
          ),
        );
      }, timeoutMs);
      this.#waiters.push(waiter);
    });
  }

  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }

  /** Whether the session is lent out, and how many callers wait for it (metrics). */
  get state(): { locked: boolean; waiting: number } {
    return { locked: this.#locked, waiting: this.#waiters.length };
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (compiled.parameters.length === 0) {
      const results = await this.client.exec(compiled.sql);
      const last = results[results.length - 1];
      return {
        rows: (last?.rows ?? []) as R[],
        numAffectedRows: BigInt(last?.affectedRows ?? 0),
      };
    }
    const result = await this.client.query<R>(compiled.sql, [...compiled.parameters]);
    return { rows: result.rows, numAffectedRows: BigInt(result.affectedRows ?? 0) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming');
  }
}

class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;

  constructor(private readonly client: PGlite) {
    this.#connection = new PGliteConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.acquire(ACQUIRE_TIMEOUT_MS);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.release();
  }

  async destroy(): Promise<void> {
    await this.client.close();
  }

  get sessionState(): { locked: boolean; waiting: number } {
    return this.#mutex.state;
  }
}

export class PGliteDialect implements Dialect {
  #driver: PGliteDriver | undefined;

  constructor(private readonly client: PGlite) {}

  /** The one session now: lent out or free, and the queries and transactions queued for it (metrics). */
  sessionState(): { locked: boolean; waiting: number } {
    return this.#driver?.sessionState ?? { locked: false, waiting: 0 };
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    this.#driver = new PGliteDriver(this.client);
    return this.#driver;
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
