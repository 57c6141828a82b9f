/**
 * The job queue (services/jobs.ts, plugins/jobs.ts) on pg-boss: a job sent runs once through the
 * app's worker; a job cut off by a stop runs again at the next start (PGlite) or once it expires
 * (PostgreSQL, another instance); two instances on one PostgreSQL database never run the same job.
 */
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connect';
import { createJobQueue, enqueueJob, type JobInfo, type JobQueue } from '../../src/server/services/jobs';
import {
  NO_POSTGRES_REASON,
  TEST_DATABASE_URL,
  backends,
  buildTestApp,
  createTestDatabase,
  openTestDatabase,
} from './helpers';

const forever = new Promise<never>(() => {});

describe.each(backends)('job queue (%s)', (backend) => {
  it('runs a job sent through the app once, with its data; idle() waits for it', async () => {
    const runs: { data: unknown; job: JobInfo }[] = [];
    const worker: FastifyPluginAsync = async (app) => {
      app.jobs.work<{ n: number }>('test-echo', async (data, job) => {
        runs.push({ data, job });
      });
    };
    const { app, close } = await buildTestApp(backend, { demo: false, extraRoutes: [worker] });
    try {
      const id = await app.jobs.send('test-echo', { n: 7, list: [1, 2] });
      await app.jobs.idle();
      expect(runs).toEqual([{ data: { n: 7, list: [1, 2] }, job: { id, retryCount: 0 } }]);
    } finally {
      await close();
    }
  });

  it('a job left running when its process stopped runs again, once, and a queued one runs at start', async () => {
    const database = await openTestDatabase(backend);
    const fast = {
      shutdownGraceMs: 50,
      pollSeconds: 0.5,
      expireSeconds: 1,
      maintenanceSeconds: 1,
      retryDelaySeconds: 0,
    };
    try {
      // The first process takes the job and never finishes it (killed in the middle).
      let taken!: () => void;
      const takenPromise = new Promise<void>((resolve) => (taken = resolve));
      const first = createJobQueue(database.db, { ...fast, recoverOrphans: backend === 'pglite' });
      first.work('test-cut', async () => {
        taken();
        await forever;
      });
      await first.start();
      const id = await first.send('test-cut', { step: 'one' });
      await takenPromise;
      await first.stop();
      // The operator command queues one more while no server runs.
      const queuedId = await enqueueJob(database.db, 'test-cut', { step: 'two' });

      const seen: { data: unknown; job: JobInfo }[] = [];
      const second = createJobQueue(database.db, { ...fast, recoverOrphans: backend === 'pglite' });
      second.work<{ step: string }>('test-cut', async (data, job) => {
        seen.push({ data, job });
      });
      await second.start();
      await second.idle(20_000);
      await second.stop();
      expect(seen.map((run) => run.job.id).sort()).toEqual([id, queuedId].sort());
      expect(seen.find((run) => run.job.id === id)?.job.retryCount).toBe(1);
      expect(seen.find((run) => run.job.id === queuedId)?.job.retryCount).toBe(0);
    } finally {
      await database.drop();
    }
  }, 30_000);
});

describe.skipIf(!TEST_DATABASE_URL)('job queue, two instances on one PostgreSQL database', () => {
  it('never run the same job twice', async () => {
    if (!TEST_DATABASE_URL) throw new Error(NO_POSTGRES_REASON);
    const created = await createTestDatabase('empty');
    const instances = await Promise.all(
      ['a', 'b'].map(async (name) => ({
        name,
        database: await openDatabase({ databaseUrl: created.url, poolMax: 4 }),
      })),
    );
    const runs: { instance: string; id: string; n: number }[] = [];
    const queues = instances.map(({ name, database }) => {
      const queue = createJobQueue(database.db, {
        pollSeconds: 0.5,
        shutdownGraceMs: 2_000,
        recoverOrphans: false,
      });
      queue.work<{ n: number }>('test-shared', async (data, job) => {
        runs.push({ instance: name, id: job.id, n: data.n });
        // Long enough for the other instance to poll while this one holds a job.
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      return queue;
    });
    try {
      await Promise.all(queues.map((queue) => queue.start()));
      const [first, second] = queues as [JobQueue, JobQueue];
      for (let n = 0; n < 12; n += 1) await (n % 2 ? first : second).send('test-shared', { n });
      await Promise.all(queues.map((queue) => queue.idle(20_000)));
      expect(runs).toHaveLength(12);
      expect(new Set(runs.map((run) => run.id)).size).toBe(12);
      expect(new Set(runs.map((run) => run.n)).size).toBe(12);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
      await Promise.all(instances.map(({ database }) => database.close()));
      await created.drop();
    }
  }, 30_000);
});
