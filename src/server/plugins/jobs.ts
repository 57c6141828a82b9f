/**
 * The app's job queue (`app.jobs`, services/jobs.ts): areas register their workers while the app is
 * built (`app.jobs.work(queue, handler)`), the workers start once the app is ready and stop, letting
 * running jobs finish for a few seconds, when it closes (before the database does).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue, type JobQueueOptions } from '../services/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export type JobsPluginOptions = Omit<JobQueueOptions, 'onError'>;

export const jobsPlugin = fp<JobsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const jobs = createJobQueue(app.db, {
      ...options,
      // One process per embedded data folder: whatever is still active there was cut off.
      recoverOrphans: app.database.kind === 'pglite',
      onError: (error, context) => app.log.error({ err: error, ...context }, 'job non riuscito'),
    });
    app.decorate('jobs', jobs);
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['db'] },
);
