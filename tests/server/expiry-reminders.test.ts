/**
 * Expiring credit (issue 28, services/expiry-reminders.ts, routes/credit/reminders.ts): the forecast
 * (GET crediti_in_scadenza) and the daily job's reminders, on a migrated database without the demo
 * seed and on fixed instants (clock.ts): a threshold of config/reminders.ts reached sends one in-app
 * notification and one mail per line and threshold, whatever runs twice, at once or late (then only the
 * nearest threshold); lines without spendable credit get nothing; referents get one summary a week.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { reminders } from '../../config/reminders';
import { buildApp } from '../../src/server/app';
import {
  claimReminderDay,
  dueThreshold,
  EXPIRY_QUEUE,
  isoWeek,
  runExpiryReminders,
  type ReminderDeps,
} from '../../src/server/services/expiry-reminders';
import { PUSH_QUEUE } from '../../src/server/services/push';
import { restoreClock, startClockAt } from './clock';
import {
  backends,
  buildTestApp,
  createTestUser,
  json,
  TEST_APP_OPTIONS,
  type TestApp,
  mailsTo,
} from './helpers';
import { openPgliteCopy } from './templates';

/** Saturday 28 November 2026, 10:00 in Rome. */
const NOW = new Date('2026-11-28T09:00:00Z');
const DAY = '2026-11-28';

/** An amount as the money formatter writes it (a no-break space before the euro sign). */
const eur = (text: string) => text.replace(/ €/g, '\u00a0€');

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('expiry reminder rules', () => {
  it('reminds at the nearest threshold reached and covers the earlier ones', () => {
    expect(dueThreshold(61, [60, 30, 7])).toBeNull();
    expect(dueThreshold(60, [60, 30, 7])).toEqual({ nearest: 60, covered: [] });
    expect(dueThreshold(25, [60, 30, 7])).toEqual({ nearest: 30, covered: [60] });
    expect(dueThreshold(0, [60, 30, 7])).toEqual({ nearest: 7, covered: [30, 60] });
  });

  it('names ISO weeks (Monday first, week 1 holds the first Thursday)', () => {
    expect(isoWeek('2026-11-28')).toBe('2026-W48');
    expect(isoWeek('2026-11-29')).toBe('2026-W48');
    expect(isoWeek('2026-11-30')).toBe('2026-W49');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
  });
});

describe.each(backends)('expiring credit (%s)', (backend) => {
  let t: TestApp;
  let deps: ReminderDeps;

  beforeAll(async () => {
    startClockAt(NOW);
    t = await buildTestApp(backend, { demo: false, publicUrl: 'https://welfare.example.com' });
    deps = { baseUrl: 'https://welfare.example.com', outbox: t.app.mail };
  });
  afterAll(async () => {
    await t?.close();
    restoreClock();
  });

  /** A fresh employee (own customer and company) with the given lines. */
  async function employee(
    lines: Array<{ scadenza: string; spendibile: number; decorrenza?: string; fonte?: number }>,
  ) {
    const user = await createTestUser(t.db);
    const ids: number[] = [];
    for (const line of lines) {
      const row = await t.db
        .insertInto('credit_lines')
        .values({
          user_id: user.userId,
          fonte: line.fonte ?? 3,
          data_decorrenza: line.decorrenza ?? '2026-01-01',
          data_scadenza: line.scadenza,
          credito_iniziale: Math.max(line.spendibile, 100_000),
          credito_spendibile: line.spendibile,
          credito_contabile: line.spendibile,
          is_art51c3: (line.fonte ?? 3) === 3,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return { ...user, lineIds: ids };
  }

  const inbox = (userId: number) =>
    t.db
      .selectFrom('notification_recipients as r')
      .innerJoin('notifications as n', 'n.id', 'r.notification_id')
      .select(['n.id', 'n.testo', 'n.sender_name'])
      .where('r.user_id', '=', userId)
      .orderBy('n.id')
      .execute();
  const mails = (email: string) => mailsTo(t.db, email);
  const marks = (lineId: number) =>
    t.db
      .selectFrom('credit_expiry_reminders')
      .select(['threshold_days', 'notification_id'])
      .where('credit_line_id', '=', lineId)
      .orderBy('threshold_days')
      .execute();

  describe('forecast', () => {
    it('answers the lines with spendable credit left, soonest first, and nothing else', async () => {
      const user = await employee([
        { scadenza: '2027-06-30', spendibile: 150_000, fonte: 1 },
        { scadenza: '2026-12-31', spendibile: 12_000 },
        { scadenza: '2026-12-15', spendibile: 0 },
        { scadenza: '2026-11-27', spendibile: 5_000 },
        { scadenza: '2027-12-31', spendibile: 7_000, decorrenza: '2027-01-01' },
      ]);
      const token = await t.login(user.email);
      const response = await t.request({ method: 'GET', url: '/api/crediti_in_scadenza', token });
      expect(response.statusCode).toBe(200);
      const answer = json<{ scadenze: Array<Record<string, unknown>> }>(response);
      expect(answer.scadenze).toEqual([
        {
          id_linea: user.lineIds[1],
          importo: '120.00',
          data_scadenza: '2026-12-31',
          giorni: 33,
          fonte: { id: 3, nome: expect.any(String) },
        },
        {
          id_linea: user.lineIds[0],
          importo: '1500.00',
          data_scadenza: '2027-06-30',
          giorni: 214,
          fonte: { id: 1, nome: expect.any(String) },
        },
      ]);
    });

    it('answers an empty list when nothing expires, and refuses without a session', async () => {
      const user = await employee([{ scadenza: '2026-10-31', spendibile: 9_000 }]);
      const token = await t.login(user.email);
      const response = await t.request({ method: 'GET', url: '/api/crediti_in_scadenza', token });
      expect(json(response)).toEqual({ scadenze: [] });
      expect((await t.request({ method: 'GET', url: '/api/crediti_in_scadenza' })).statusCode).toBe(401);
    });
  });

  describe('employee reminders', () => {
    it('sends one notification and one mail when a threshold is reached, then nothing more', async () => {
      const user = await employee([{ scadenza: addDays(DAY, 30), spendibile: 12_000 }]);
      const first = await runExpiryReminders(t.db, deps, DAY, NOW);
      expect(first.reminders).toBeGreaterThanOrEqual(1);
      const notices = await inbox(user.userId);
      expect(notices).toHaveLength(1);
      expect(notices[0]!.testo).toContain(eur('120,00 €'));
      expect(notices[0]!.testo).toContain('28-12-2026');
      expect(notices[0]!.testo).toContain('href="/dashmovimenti"');
      expect(notices[0]!.sender_name).toBe(messages.apiNoticeSender);
      const sent = await mails(user.email);
      expect(sent).toEqual([
        {
          subject: 'Il tuo credito welfare scade il 28-12-2026',
          text: expect.stringContaining('https://welfare.example.com/dashmovimenti') as string,
        },
      ]);
      expect(sent[0]!.text).toContain(eur('120,00 €'));
      // 30 reached; 60 was passed before the first run: covered, never sent.
      expect(await marks(user.lineIds[0]!)).toEqual([
        { threshold_days: 30, notification_id: notices[0]!.id },
        { threshold_days: 60, notification_id: null },
      ]);

      await runExpiryReminders(t.db, deps, DAY, NOW);
      await runExpiryReminders(t.db, deps, addDays(DAY, 1), NOW);
      expect(await inbox(user.userId)).toHaveLength(1);
      expect(await mails(user.email)).toHaveLength(1);

      // The next threshold, days later: one more.
      await runExpiryReminders(t.db, deps, addDays(DAY, 23), NOW);
      expect(await inbox(user.userId)).toHaveLength(2);
      expect(await mails(user.email)).toHaveLength(2);
    });

    it('pushes the reminder to the devices of a user who wants reminders pushed, and not otherwise', async () => {
      const pushed = async (userId: number) =>
        (
          await t.db
            .selectFrom('pgboss.job' as never)
            .select(sql<{ userIds: number[]; kind: string; url: string }>`data`.as('data'))
            .where(sql<boolean>`name = ${PUSH_QUEUE}`)
            .execute()
        )
          .map((row) => (row as { data: { userIds: number[]; kind: string; url: string } }).data)
          .filter((data) => data.userIds.includes(userId));
      const device = (userId: number) =>
        t.db
          .insertInto('push_subscriptions')
          .values({
            user_id: userId,
            endpoint: `https://push.example.com/${userId}`,
            p256dh: 'B'.repeat(87),
            auth: 'A'.repeat(22),
          })
          .execute();
      const wants = await employee([{ scadenza: addDays(DAY, 7), spendibile: 3_000 }]);
      await device(wants.userId);
      const refuses = await employee([{ scadenza: addDays(DAY, 7), spendibile: 3_000 }]);
      await device(refuses.userId);
      await t.db
        .insertInto('push_preferences')
        .values({ user_id: refuses.userId, promemoria: false, richieste: true, messaggi: true })
        .execute();
      await runExpiryReminders(t.db, deps, DAY, NOW);
      expect(await pushed(wants.userId)).toEqual([
        expect.objectContaining({ kind: 'promemoria', url: '/dashmovimenti' }),
      ]);
      expect(await pushed(refuses.userId)).toEqual([]);
      // Reminded in the app and by mail all the same.
      expect(await inbox(refuses.userId)).toHaveLength(1);
    });

    it('sends each threshold in turn when the job runs every day', async () => {
      const user = await employee([{ scadenza: addDays(DAY, 61), spendibile: 5_000 }]);
      for (let day = 0; day <= 61; day += 1) await runExpiryReminders(t.db, deps, addDays(DAY, day), NOW);
      expect(await inbox(user.userId)).toHaveLength(reminders.thresholdDays.length);
      expect((await marks(user.lineIds[0]!)).every((m) => m.notification_id !== null)).toBe(true);
    });

    it('sends once when two runs go at the same time', async () => {
      const user = await employee([
        { scadenza: addDays(DAY, 7), spendibile: 4_000 },
        { scadenza: addDays(DAY, 59), spendibile: 6_000 },
      ]);
      await Promise.all([
        runExpiryReminders(t.db, deps, DAY, NOW),
        runExpiryReminders(t.db, deps, DAY, NOW),
        runExpiryReminders(t.db, deps, DAY, NOW),
      ]);
      expect(await inbox(user.userId)).toHaveLength(2);
      expect(await mails(user.email)).toHaveLength(2);
    });

    it('sends once when the job is queued twice', async () => {
      const user = await employee([{ scadenza: addDays(DAY, 6), spendibile: 3_000 }]);
      await Promise.all([
        t.app.jobs.send(EXPIRY_QUEUE, { day: DAY }),
        t.app.jobs.send(EXPIRY_QUEUE, { day: DAY }),
      ]);
      await t.app.jobs.idle();
      expect(await inbox(user.userId)).toHaveLength(1);
      expect(await mails(user.email)).toHaveLength(1);
    });

    it('a late run sends only the nearest threshold', async () => {
      const user = await employee([{ scadenza: addDays(DAY, 3), spendibile: 25_050 }]);
      await runExpiryReminders(t.db, deps, DAY, NOW);
      const notices = await inbox(user.userId);
      expect(notices).toHaveLength(1);
      expect(notices[0]!.testo).toContain(eur('250,50 €'));
      expect(
        (await marks(user.lineIds[0]!)).map((m) => [m.threshold_days, m.notification_id !== null]),
      ).toEqual([
        [7, true],
        [30, false],
        [60, false],
      ]);
      await runExpiryReminders(t.db, deps, addDays(DAY, 1), NOW);
      expect(await inbox(user.userId)).toHaveLength(1);
    });

    it('lines without spendable credit, expired or not started get nothing', async () => {
      const user = await employee([
        { scadenza: addDays(DAY, 5), spendibile: 0 },
        { scadenza: addDays(DAY, -1), spendibile: 8_000 },
        { scadenza: addDays(DAY, 20), spendibile: 8_000, decorrenza: addDays(DAY, 1) },
        { scadenza: addDays(DAY, 200), spendibile: 8_000 },
      ]);
      await runExpiryReminders(t.db, deps, DAY, NOW);
      expect(await inbox(user.userId)).toEqual([]);
      expect(await mails(user.email)).toEqual([]);
    });

    it('a disabled user gets nothing', async () => {
      const user = await employee([{ scadenza: addDays(DAY, 5), spendibile: 8_000 }]);
      await t.db.updateTable('users').set({ disabled_at: NOW }).where('id', '=', user.userId).execute();
      await runExpiryReminders(t.db, deps, DAY, NOW);
      expect(await inbox(user.userId)).toEqual([]);
    });
  });

  describe('referent summary', () => {
    it('sends one summary a week of the companies’ credit expiring within 30 days', async () => {
      const staff = await employee([
        { scadenza: addDays(DAY, 10), spendibile: 10_000 },
        { scadenza: addDays(DAY, 40), spendibile: 99_900 },
      ]);
      await t.db
        .updateTable('users')
        .set({ nome: 'Anna', cognome: 'Verdi' })
        .where('id', '=', staff.userId)
        .execute();
      const referent = await createTestUser(t.db);
      await t.db
        .updateTable('users')
        .set({ profile: 'ref_aziendale', company_id: staff.companyId, customer_id: staff.customerId })
        .where('id', '=', referent.userId)
        .execute();
      // A second company the referent manages.
      const other = await employee([{ scadenza: addDays(DAY, 29), spendibile: 2_000 }]);
      await t.db
        .insertInto('referent_companies')
        .values({ user_id: referent.userId, company_id: other.companyId })
        .execute();

      await runExpiryReminders(t.db, deps, DAY, NOW);
      const notices = await inbox(referent.userId);
      expect(notices).toHaveLength(1);
      const text = notices[0]!.testo;
      expect(text).toContain(eur('Verdi Anna: 100,00 € il 08-12-2026'));
      expect(text).toContain(eur('20,00 €'));
      expect(text).not.toContain('999,00');
      expect(text).toContain('href="/backoffice-refazi/office-scadenzario-azi"');
      const sent = await mails(referent.email);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe(messages.apiExpirySummaryMailSubject);
      expect(sent[0]!.text).toContain('https://welfare.example.com/backoffice-refazi/office-scadenzario-azi');

      // Again the same week (Sunday 29th), twice at once: nothing; next Monday: the new week's.
      await Promise.all([
        runExpiryReminders(t.db, deps, addDays(DAY, 1), NOW),
        runExpiryReminders(t.db, deps, addDays(DAY, 1), NOW),
      ]);
      expect(await inbox(referent.userId)).toHaveLength(1);
      await runExpiryReminders(t.db, deps, addDays(DAY, 2), NOW);
      expect(await inbox(referent.userId)).toHaveLength(2);
      expect(await mails(referent.email)).toHaveLength(2);
    });
  });

  describe('scheduling', () => {
    it('one claim per Rome day', async () => {
      const day = '2030-01-15';
      const claims = await Promise.all([claimReminderDay(t.db, day, NOW), claimReminderDay(t.db, day, NOW)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await claimReminderDay(t.db, day, new Date(NOW.getTime() + 10 * 60_000))).toBe(false);
      // Unfinished for more than an hour: claimed again.
      expect(await claimReminderDay(t.db, day, new Date(NOW.getTime() + 2 * 3600_000))).toBe(true);
    });
  });
});

describe.skipIf(!backends.includes('pglite'))('reminder timer on two instances (pglite)', () => {
  let database: Awaited<ReturnType<typeof openPgliteCopy>>;
  beforeEach(() => startClockAt(NOW));
  afterEach(async () => {
    restoreClock();
    await database?.close();
  });

  it('two apps on one database queue the day once and the employee is reminded once', async () => {
    database = await openPgliteCopy('empty');
    const user = await createTestUser(database.db);
    await database.db
      .insertInto('credit_lines')
      .values({
        user_id: user.userId,
        fonte: 3,
        data_decorrenza: '2026-01-01',
        data_scadenza: addDays(DAY, 7),
        credito_iniziale: 10_000,
        credito_spendibile: 10_000,
        credito_contabile: 10_000,
        is_art51c3: true,
      })
      .execute();
    const build = () => buildApp({ ...TEST_APP_OPTIONS, demo: false, database, expiryReminderTimer: true });
    const [a, b] = await Promise.all([build(), build()]);
    try {
      await expect
        .poll(async () => {
          const run = await database.db
            .selectFrom('expiry_reminder_runs')
            .select('done_at')
            .where('day', '=', DAY)
            .executeTakeFirst();
          return run?.done_at != null;
        })
        .toBe(true);
      await a.jobs.idle();
      await b.jobs.idle();
      const notices = await database.db
        .selectFrom('notification_recipients')
        .select('notification_id')
        .where('user_id', '=', user.userId)
        .execute();
      expect(notices).toHaveLength(1);
      const sent = await database.db
        .selectFrom('outbox')
        .select('id')
        .where('mail_to', '=', user.email)
        .execute();
      expect(sent).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
