/**
 * The job queue: pg-boss 10 on the app's own database. On PostgreSQL and on embedded PGlite alike it
 * talks through the app's Kysely connection (pg-boss's `db` adapter), so on PGlite its queries take
 * turns with the app's on the one session, and a transaction of the app is never entered by a poll.
 *
 * Guarantees the areas build on:
 * - a job is fetched by one worker only (pg-boss fetches with `FOR UPDATE SKIP LOCKED`), so two
 *   instances never run it at once;
 * - a job whose process died runs again: on PGlite (one process per data folder, plugins/db.ts locks
 *   it) the jobs left active are handed back at start; on PostgreSQL they expire after
 *   `expireSeconds` and are retried by whichever instance is alive;
 * - so a handler may run more than once: each area guards its state transitions in the database and
 *   writes its results in the transaction that moves the state.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { DB } from '../db/schema';

/** pg-boss's schema (created by the migrations, runMigrations -> installJobSchema). */
export const JOB_SCHEMA = 'pgboss';

/**
 * The app's queues, made with pg-boss's schema by the migrations: pg-boss makes each queue a table of
 * its own (about 20 ms of DDL each), which a start would otherwise do before serving, and instances
 * starting together would race on. A queue not listed here is still made when its worker registers.
 */
export const JOB_QUEUES = {
  importValidate: 'import-validate',
  importApply: 'import-apply',
  piattapastoOrder: 'piattapasto-ordine',
  /** Web push of a notification to its recipients' devices (services/push.ts, issue 28). */
  push: 'notifica-push',
  documentThumbnail: 'miniatura-documento',
  /** The daily reminders of expiring credit (services/expiry-reminders.ts, issue 28). */
  expiryReminders: 'promemoria-scadenze',
} as const;

/** Queue settings when a queue is made (a job's own options, given at send, come first). */
const QUEUE_DEFAULTS = {
  retryLimit: 2,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

export interface JobInfo {
  id: string;
  /** 0 on the first run, then one more on each retry (after a failure or a restart). */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface JobOptions<T> {
  /**
   * Called once the job has failed its last attempt (the area records the failure in its own state,
   * e.g. IMPORT_FAILED), so nothing stays "in progress" for ever.
   */
  onGiveUp?: (data: T, job: JobInfo, error: unknown) => Promise<void>;
}

export interface JobQueueOptions {
  /** A running job not finished after this long counts as dead and is retried (default 15 minutes). */
  expireSeconds?: number;
  /** How often an idle worker looks for work (default 2 s; a send in this process wakes it at once). */
  pollSeconds?: number;
  /** How often expired jobs are swept (default 60 s). */
  maintenanceSeconds?: number;
  /** Attempts after the first (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 5; doubled each time). */
  retryDelaySeconds?: number;
  /**
   * Whether the wait before a retry doubles each time (default true). With it pg-boss waits at least
   * a second, a random part included; without it a delay of 0 retries at once (tests).
   */
  retryBackoff?: boolean;
  /** How long running handlers may finish at stop before they are cut off (default 5 s). */
  shutdownGraceMs?: number;
  /** Log of handler failures (the app's logger). */
  onError?: (error: unknown, context: { queue: string; jobId?: string }) => void;
}

export interface JobQueue {
  /** Registers the worker of `queue` (before or after start). */
  work<T extends object>(queue: string, handler: JobHandler<T>, options?: JobOptions<T>): void;
  /** Queues a job; returns its id. */
  send(queue: string, data: object): Promise<string>;
  /** Resolves once no job of a registered queue is waiting or running (tests, orderly shutdowns). */
  idle(timeoutMs?: number): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether the queue is started and every registered worker is attached (readiness, GET /health/ready). */
  running(): boolean;
}

/**
 * pg-boss's `db` adapter over Kysely (several statements without parameters pass too). Once the
 * queue has stopped (`stopped()`), the database may be closing: pg-boss's bookkeeping of a handler
 * that outlived the stop's grace (its `complete`, which pg-boss does not await) is dropped instead of
 * reaching a destroyed driver: a rejection no one could catch, which took the process down. The job stays active and runs again
 * (at least once, as every handler expects).
 */
function adapter(db: Kysely<DB>, stopped: () => boolean = () => false) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      // No rows at all (not an empty list): pg-boss reads a command's count as 0 from that.
      if (stopped()) return { rows: undefined as unknown as unknown[] };
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows };
    },
  };
}

/** PostgreSQL's deadlock_detected. */
const DEADLOCK = '40P01';

/** Arbitrary constant shared by every instance ("jobs" in ASCII); the migrations and the seed use others. */
const INSTALL_LOCK_ID = 0x6a6f6273;

/**
 * Creates pg-boss's schema when missing (runMigrations calls it; pg-boss migrates later versions
 * itself). Instances starting together take turns on one connection holding a session advisory lock
 * (pg-boss's script commits on its own, so it cannot join the migrations' transaction).
 */
export async function installJobSchema(db: Kysely<DB>): Promise<void> {
  await db.connection().execute(async (connection) => {
    await connection.executeQuery(CompiledQuery.raw(`SELECT pg_advisory_lock(${INSTALL_LOCK_ID})`));
    try {
      const exists = await connection.executeQuery<{ name: string | null }>(
        CompiledQuery.raw(`SELECT to_regclass('${JOB_SCHEMA}.version')::text AS name`),
      );
      if (!exists.rows[0]?.name) {
        await connection.executeQuery(CompiledQuery.raw(PgBoss.getConstructionPlans(JOB_SCHEMA)));
      }
      await installJobQueues(connection);
    } finally {
      await connection.executeQuery(CompiledQuery.raw(`SELECT pg_advisory_unlock(${INSTALL_LOCK_ID})`));
    }
  });
}

/**
 * Makes the queues of JOB_QUEUES that are missing (one query when none is), on the connection holding
 * the install lock: instances starting together make each queue once, one after the other.
 */
async function installJobQueues(db: Kysely<DB>): Promise<void> {
  const existing = await db.executeQuery<{ name: string }>(
    CompiledQuery.raw(`SELECT name FROM ${JOB_SCHEMA}.queue`),
  );
  const made = new Set(existing.rows.map((row) => row.name));
  const missing = Object.values(JOB_QUEUES).filter((name) => !made.has(name));
  if (missing.length === 0) return;
  await withBoss(db, async (boss) => {
    for (const name of missing) await ensureQueue(boss, name, QUEUE_DEFAULTS);
  });
}

/** A pg-boss without workers or timers, started for one piece of work and stopped after it. */
async function withBoss<T>(db: Kysely<DB>, work: (boss: PgBoss) => Promise<T>): Promise<T> {
  const boss = new PgBoss({
    db: adapter(db),
    schema: JOB_SCHEMA,
    migrate: true,
    schedule: false,
    supervise: false,
  } as PgBoss.ConstructorOptions);
  await boss.start();
  try {
    return await work(boss);
  } finally {
    await boss.stop({ graceful: false, wait: true, close: false } as PgBoss.StopOptions);
  }
}

/**
 * Makes a queue once (idempotent). Two instances making the same queue at the same moment can
 * deadlock on its partition; the loser tries again and finds it made.
 */
async function ensureQueue(boss: PgBoss, queue: string, settings: typeof QUEUE_DEFAULTS): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    if (await boss.getQueue(queue)) return;
    try {
      await boss.createQueue(queue, { name: queue, ...settings });
      return;
    } catch (error) {
      if (attempt >= 3 || (error as { code?: string }).code !== DEADLOCK) throw error;
    }
  }
}

interface Registration {
  handler: JobHandler<object>;
  options: JobOptions<object>;
  workerId?: string;
}

/**
 * `recoverOrphans`: the caller knows no other process can be running jobs on this database (PGlite),
 * so jobs still marked active were cut off by a crash or a kill and are handed back at start.
 */
export function createJobQueue(
  db: Kysely<DB>,
  options: JobQueueOptions & { recoverOrphans: boolean },
): JobQueue {
  const expireInSeconds = options.expireSeconds ?? QUEUE_DEFAULTS.expireInSeconds;
  const retryLimit = options.retryLimit ?? QUEUE_DEFAULTS.retryLimit;
  const retryDelay = options.retryDelaySeconds ?? QUEUE_DEFAULTS.retryDelay;
  let stopped = false;
  const boss = new PgBoss({
    db: adapter(db, () => stopped),
    schema: JOB_SCHEMA,
    migrate: true,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? 60,
  } as PgBoss.ConstructorOptions);
  const onError = options.onError ?? (() => {});
  boss.on('error', (error) => onError(error, { queue: '*' }));
  const registrations = new Map<string, Registration>();
  let started = false;

  const retryBackoff = options.retryBackoff ?? QUEUE_DEFAULTS.retryBackoff;
  const settings = { retryLimit, retryDelay, retryBackoff, expireInSeconds };

  async function attach(queue: string, registration: Registration): Promise<void> {
    await ensureQueue(boss, queue, settings);
    registration.workerId = await boss.work<object>(
      queue,
      { pollingIntervalSeconds: options.pollSeconds ?? 2, batchSize: 1, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        const info: JobInfo = { id: job.id, retryCount: job.retryCount };
        try {
          await registration.handler(job.data, info);
        } catch (error) {
          onError(error, { queue, jobId: job.id });
          if (job.retryCount >= job.retryLimit && registration.options.onGiveUp) {
            await registration.options
              .onGiveUp(job.data, info, error)
              .catch((giveUpError: unknown) => onError(giveUpError, { queue, jobId: job.id }));
          }
          throw error;
        }
      },
    );
  }

  async function recoverOrphans(): Promise<void> {
    const orphans = await db.executeQuery<{ id: string; name: string }>(
      CompiledQuery.raw(`SELECT id::text AS id, name FROM ${JOB_SCHEMA}.job WHERE state = 'active'`),
    );
    for (const orphan of orphans.rows) {
      await boss.fail(orphan.name, orphan.id, { message: 'processo interrotto: job ripreso al riavvio' });
    }
  }

  return {
    work(queue, handler, jobOptions = {}) {
      if (registrations.has(queue)) throw new Error(`coda di lavoro già registrata: ${queue}`);
      const registration: Registration = {
        handler: handler as JobHandler<object>,
        options: jobOptions as JobOptions<object>,
      };
      registrations.set(queue, registration);
      if (started) void attach(queue, registration).catch((error: unknown) => onError(error, { queue }));
    },

    async send(queue, data) {
      const registration = registrations.get(queue);
      if (!registration) await ensureQueue(boss, queue, settings);
      const id = await boss.send(queue, data, {
        expireInSeconds,
        retryLimit,
        retryDelay,
        retryBackoff,
      });
      if (!id) throw new Error(`job non accodato: ${queue}`);
      // Wake this process's worker instead of waiting for its next poll.
      if (registration?.workerId) boss.notifyWorker(registration.workerId);
      return id;
    },

    async idle(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        let pending = 0;
        for (const queue of registrations.keys()) {
          pending += await boss.getQueueSize(queue, { before: 'completed' });
        }
        if (pending === 0) return;
        // Jobs due now (a retry, one queued by another process): this process's workers look at once.
        for (const registration of registrations.values()) {
          if (registration.workerId) boss.notifyWorker(registration.workerId);
        }
        if (Date.now() > deadline) throw new Error(`job ancora in corso dopo ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },

    async start() {
      stopped = false;
      await boss.start();
      if (options.recoverOrphans) await recoverOrphans();
      started = true;
      for (const [queue, registration] of registrations) await attach(queue, registration);
    },

    running() {
      return started && [...registrations.values()].every((registration) => registration.workerId);
    },

    async stop() {
      if (!started) return;
      started = false;
      // Running handlers get a few seconds to finish; one cut off is run again later (see above).
      await boss.stop({
        graceful: true,
        wait: true,
        timeout: options.shutdownGraceMs ?? 5_000,
        close: false,
      } as PgBoss.StopOptions);
      stopped = true;
    },
  };
}

/**
 * Queues one job without a running server (the operator command): the server's worker runs it at
 * its next poll, or at its next start.
 */
export async function enqueueJob(db: Kysely<DB>, queue: string, data: object): Promise<string> {
  return withBoss(db, async (boss) => {
    await boss.createQueue(queue, { name: queue });
    const id = await boss.send(queue, data);
    if (!id) throw new Error(`job non accodato: ${queue}`);
    return id;
  });
}
