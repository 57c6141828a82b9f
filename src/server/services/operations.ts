/**
 * What the operations endpoints read (routes/operations): whether this instance may take traffic
 * (GET /health/ready) and the database facts of the Prometheus scrape (plugins/metrics.ts). Load
 * balancers and Prometheus call them every few seconds on every instance: cheap queries only, each
 * bounded by a timeout so a probe never hangs on a database that does not answer.
 */
import { sql, type Kysely } from 'kysely';
import { listMigrations } from '../db/migrate';
import { OUTBOX_STATES, type DB, type OutboxState } from '../db/schema';
import { formatMessage } from '../messages';
import { JOB_QUEUES, JOB_SCHEMA } from './jobs';

/** A probe's query that has not answered after this long counts as a database that does not answer. */
export const PROBE_TIMEOUT_MS = 2_000;

/** PostgreSQL's undefined_table: not even the migrations' own table exists. */
const UNDEFINED_TABLE = '42P01';

/** The migrations this build ships (db/migrations), read once: what its queries expect to find. */
let shipped: readonly string[] | undefined;
export function expectedMigrations(): readonly string[] {
  shipped ??= listMigrations().map((migration) => migration.version);
  return shipped;
}

/** `work`, or a rejection once `ms` have passed (the query itself is left to end on its own). */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`nessuna risposta dal database in ${ms} ms`)), ms);
  });
  // A late failure of the abandoned query must not become an unhandled rejection.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Versions listed, at most a few (a fresh database misses all of them). */
function versionList(versions: readonly string[]): string {
  const shown = versions.slice(0, 5).join(', ');
  return versions.length > 5 ? `${shown} e altre ${versions.length - 5}` : shown;
}

/**
 * What keeps the instance from taking traffic, in Italian (empty = ready): the database answers a
 * query, every migration of this build is applied (a database ahead of it, migrated by a newer
 * instance during a rolling upgrade, is fine: migrations only add), the job workers run.
 */
export async function readinessProblems(
  db: Kysely<DB>,
  jobsRunning: boolean,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<string[]> {
  const problems: string[] = [];
  const expected = expectedMigrations();
  try {
    const rows = await withTimeout(db.selectFrom('schema_migrations').select('version').execute(), timeoutMs);
    const applied = new Set(rows.map((row) => row.version));
    const missing = expected.filter((version) => !applied.has(version));
    if (missing.length > 0)
      problems.push(formatMessage('apiNotReadyMigrations', { missing: versionList(missing) }));
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE)
      problems.push(formatMessage('apiNotReadyMigrations', { missing: versionList(expected) }));
    else problems.push(formatMessage('apiNotReadyDatabase'));
  }
  if (!jobsRunning) problems.push(formatMessage('apiNotReadyJobs'));
  return problems;
}

/** The job states counted (the others are finished work, archived by pg-boss after 12 hours). */
export const COUNTED_JOB_STATES = ['created', 'retry', 'active', 'failed'] as const;

export interface DatabaseFacts {
  /** Jobs per queue and state; every queue of JOB_QUEUES appears, with 0 when it has none. */
  jobs: { queue: string; state: (typeof COUNTED_JOB_STATES)[number]; count: number }[];
  /** Mails of the outbox by state (plugins/mail.ts): every state appears, with 0 when it has none. */
  outboxMails: { state: OutboxState; count: number }[];
  /** Purchases debited from the ledger (one `purchases` row per debit: services/ledger.ts). */
  ledgerDebits: number;
}

/**
 * The scrape's facts, read from the database so every instance reports the same numbers: two
 * queries, counts over a primary key and pg-boss's per-queue partitions.
 */
export async function readDatabaseFacts(
  db: Kysely<DB>,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<DatabaseFacts> {
  const read = async (): Promise<DatabaseFacts> => {
    const jobRows = await sql<{ queue: string; state: string; count: number }>`
      SELECT name AS queue, state::text AS state, count(*)::bigint AS count
      FROM ${sql.table(`${JOB_SCHEMA}.job`)}
      WHERE state IN ('created', 'retry', 'active', 'failed')
      GROUP BY name, state`.execute(db);
    const counts = await sql<{ debits: number }>`
      SELECT (SELECT count(*) FROM purchases)::bigint AS debits`.execute(db);
    const mails = await db
      .selectFrom('outbox')
      .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy('state')
      .execute();
    const found = new Map(jobRows.rows.map((row) => [`${row.queue}\u0000${row.state}`, Number(row.count)]));
    const queues = [...new Set([...Object.values(JOB_QUEUES), ...jobRows.rows.map((row) => row.queue)])];
    return {
      jobs: queues.flatMap((queue) =>
        COUNTED_JOB_STATES.map((state) => ({
          queue,
          state,
          count: found.get(`${queue}\u0000${state}`) ?? 0,
        })),
      ),
      outboxMails: OUTBOX_STATES.map((state) => ({
        state,
        count: Number(mails.find((row) => row.state === state)?.count ?? 0),
      })),
      ledgerDebits: Number(counts.rows[0]?.debits ?? 0),
    };
  };
  return withTimeout(read(), timeoutMs);
}
