/**
 * Kysely dialect for embedded PGlite.
 *
 * Why not kysely-pglite's driver: it hands every caller the same single PGlite session without a lock,
 * so two concurrent Kysely transactions interleave their BEGIN/COMMIT on one session and corrupt each
 * other. PGlite is one session, so here one connection is lent at a time (a FIFO mutex): a transaction
 * holds it from BEGIN to COMMIT, other queries wait. Parameterless SQL goes through `exec`, which accepts
 * several statements (migration scripts).
 *
 * The statements registered by db/prepared.ts (the session query every authenticated request runs) are
 * prepared once per PGlite session as named statements and then only bound and executed: PGlite's
 * `query` parses, describes and plans its text on every call, which costs four times the run of the
 * query itself (bench/api-throughput.ts).
 */
import { parse as results, protocol, type PGlite } from '@electric-sql/pglite';
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
import { preparedStatementName } from './prepared';

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

type BackendMessages = Awaited<ReturnType<PGlite['execProtocolStream']>>;

/** A statement prepared on the PGlite session: its parameter types and the description of its rows. */
interface NamedStatement {
  name: string;
  paramTypes: number[];
  /** The RowDescription message (absent for a statement that returns no rows). */
  rowDescription: BackendMessages;
}

/** SQLSTATEs after which a named statement is prepared again: gone, or its result type changed. */
const STALE_STATEMENT = new Set(['26000', '0A000']);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

class PGliteConnection implements DatabaseConnection {
  /** SQL text -> the statement prepared for it on this session. */
  readonly #named = new Map<string, NamedStatement>();

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
    const name = preparedStatementName(compiled.sql);
    if (name) return this.#executeNamed<R>(name, compiled);
    const result = await this.client.query<R>(compiled.sql, [...compiled.parameters]);
    return { rows: result.rows, numAffectedRows: BigInt(result.affectedRows ?? 0) };
  }

  /** Runs a registered statement: prepared on first use, then Bind + Execute + Sync in one message. */
  async #executeNamed<R>(name: string, compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { serialize } = protocol;
    return this.client.runExclusive(async () => {
      for (let attempt = 0; ; attempt++) {
        const statement = this.#named.get(compiled.sql) ?? (await this.#prepare(name, compiled.sql));
        const values = compiled.parameters.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = this.client.serializers[statement.paramTypes[i] ?? 0];
          return serializer ? serializer(value) : String(value as string);
        });
        try {
          const messages = await this.client.execProtocolStream(
            concat([
              serialize.bind({ statement: statement.name, values }),
              serialize.execute({}),
              serialize.sync(),
            ]),
          );
          const [result] = results.parseResults(
            [...statement.rowDescription, ...messages],
            this.client.parsers,
          );
          return {
            rows: (result?.rows ?? []) as R[],
            numAffectedRows: BigInt(result?.affectedRows ?? 0),
          };
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (attempt > 0 || !code || !STALE_STATEMENT.has(code)) throw error;
          this.#named.delete(compiled.sql);
        }
      }
    });
  }

  async #prepare(name: string, text: string): Promise<NamedStatement> {
    const { serialize } = protocol;
    const messages = await this.client.execProtocolStream(
      concat([
        // A statement of that name left on the session (by an earlier attempt) is replaced.
        serialize.close({ type: 'S', name }),
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const statement: NamedStatement = {
      name,
      paramTypes: results.parseDescribeStatementResults(messages),
      rowDescription: messages.filter((m) => m.name === 'rowDescription'),
    };
    this.#named.set(text, statement);
    return statement;
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
