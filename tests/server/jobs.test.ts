/**
 * The job queue (services/jobs.ts, plugins/jobs.ts) on pg-boss: a job sent runs once through the
 * app's worker; a job whose process is killed (SIGKILL, a real child process) runs again once after
 * the restart: at start on PGlite, once it expires on PostgreSQL; two instances on one PostgreSQL
 * database never run the same job.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connect';
import { createJobQueue, enqueueJob, type JobInfo, type JobQueue } from '../../src/server/services/jobs';
import { NO_POSTGRES_REASON, TEST_DATABASE_URL, backends, buildTestApp, createTestDatabase } from './helpers';
import { readyTemplates } from './templates';

const WORKER = fileURLToPath(new URL('../fixtures/jobs/worker-killed.ts', import.meta.url));

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
});

/**
 * These tests mostly wait (a child process loading, pg-boss's polls, the expiry of a job on PostgreSQL)
 * and share nothing: they run at the same time.
 */
describe.concurrent('job queue, across processes', () => {
  it.each(backends)(
    'a job whose process was killed in the middle runs again, once, after the restart (%s)',
    async (backend) => {
      // PGlite: a data folder on disk (one process at a time); PostgreSQL: a database of its own.
      const folder = mkdtempSync(join(tmpdir(), 'welfare-jobs-'));
      const created = backend === 'postgres' ? await createTestDatabase('empty') : null;
      const open = () =>
        openDatabase(created ? { databaseUrl: created.url, poolMax: 2 } : { dataDir: folder });
      const fast = {
        pollSeconds: 0.5,
        expireSeconds: 1,
        maintenanceSeconds: 1,
        // At once: with the doubling wait pg-boss waits 1-2 s before a retry.
        retryDelaySeconds: 0,
        retryBackoff: false,
      };
      // Another process will take the job and be killed in the middle of it; it loads its modules
      // while the job is prepared here, and opens the database when told (stdin).
      const child = spawn(process.execPath, ['--import', 'tsx', WORKER, created?.url ?? folder], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        // The folder starts as a copy of the run's migrated template (an initdb on disk is slow).
        if (!created) {
          mkdirSync(join(folder, 'pglite'));
          execFileSync('tar', ['-xf', (await readyTemplates()).pgliteEmpty, '-C', join(folder, 'pglite')]);
        }
        let database = await open();
        const sender = createJobQueue(database.db, { ...fast, recoverOrphans: false });
        const id = await sender.send('test-kill', { step: 'one' });
        if (!created) await database.close();

        const taken = await new Promise<string>((resolve, reject) => {
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            const match = /TAKEN (\S+)/.exec(out);
            if (match?.[1]) resolve(match[1]);
          });
          child.once('exit', (code) => reject(new Error(`il processo è uscito prima del job (${code})`)));
          child.stdin.write('go\n');
        });
        expect(taken).toBe(id);
        child.kill('SIGKILL');
        await exited;

        // The restart: the job runs again here, once; the operator command queued one more meanwhile.
        if (!created) database = await open();
        const queuedId = await enqueueJob(database.db, 'test-kill', { step: 'two' });
        const seen: { data: unknown; job: JobInfo }[] = [];
        const restarted = createJobQueue(database.db, { ...fast, recoverOrphans: !created });
        restarted.work<{ step: string }>('test-kill', async (data, job) => {
          seen.push({ data, job });
        });
        await restarted.start();
        await restarted.idle(20_000);
        await restarted.stop();
        await database.close();
        expect(seen.map((run) => run.job.id).sort()).toEqual([id, queuedId].sort());
        expect(seen.find((run) => run.job.id === id)).toEqual({
          data: { step: 'one' },
          job: { id, retryCount: 1 },
        });
        expect(seen.find((run) => run.job.id === queuedId)?.job.retryCount).toBe(0);
      } finally {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGKILL');
          await exited;
        }
        await created?.drop();
        rmSync(folder, { recursive: true, force: true });
      }
    },
    40_000,
  );

  it.skipIf(!TEST_DATABASE_URL)(
    'two instances on one PostgreSQL database never run the same job twice',
    async () => {
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
    },
    30_000,
  );
});
