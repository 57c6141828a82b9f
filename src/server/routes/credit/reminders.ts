/**
 * The daily reminders of expiring credit (issue 28, services/expiry-reminders.ts): the worker of the
 * `promemoria-scadenze` queue, and the timer that queues the day's run.
 *
 * pg-boss's own cron is off (services/jobs.ts), so each instance runs a timer: at start and every
 * `checkEveryMinutes` (config/reminders.ts) it tries to claim the Rome day (`claimReminderDay`, a row
 * per day); the one instance that claims it queues the job, whichever instance's worker runs it. The
 * run itself sends each reminder once whatever runs twice (its rows are unique per line and threshold),
 * so a retried job or a day claimed again costs nothing.
 */
import type { FastifyInstance } from 'fastify';
import { reminders } from '../../../../config/reminders';
import { romeDate } from '../../services/calendar';
import {
  claimReminderDay,
  EXPIRY_QUEUE,
  finishReminderDay,
  runExpiryReminders,
  type ExpiryJob,
} from '../../services/expiry-reminders';

export interface ReminderRoutesOptions {
  publicUrl: string | null;
  /** Whether this instance's timer queues the daily run (the worker is always registered). */
  timer: boolean;
}

export default async function reminderRoutes(
  app: FastifyInstance,
  options: ReminderRoutesOptions,
): Promise<void> {
  const deps = { baseUrl: options.publicUrl ?? 'http://localhost', outbox: app.mail };

  app.jobs.work<ExpiryJob>(EXPIRY_QUEUE, async (job) => {
    const outcome = await runExpiryReminders(app.db, deps, job.day);
    await finishReminderDay(app.db, job.day);
    if (outcome.reminders > 0 || outcome.summaries > 0) {
      app.log.info({ day: job.day, ...outcome }, 'promemoria delle scadenze inviati');
    }
  });

  if (!options.timer) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      const day = romeDate();
      if (await claimReminderDay(app.db, day)) await app.jobs.send(EXPIRY_QUEUE, { day } satisfies ExpiryJob);
    })()
      .catch((error: unknown) => app.log.error({ err: error }, 'promemoria delle scadenze non accodati'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, reminders.checkEveryMinutes * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
