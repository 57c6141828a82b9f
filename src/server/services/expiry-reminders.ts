/**
 * Expiring credit (issue 28, "Never lose credit"): the forecast the portal shows (what expires next, per
 * credit line with spendable credit left) and the daily reminders.
 *
 * The daily run (`runExpiryReminders`, a job of the `promemoria-scadenze` queue, JOB_QUEUES):
 * - employees: for every credit line valid on the Rome day with spendable credit left and a threshold of
 *   config/reminders.ts reached (days to the expiry <= threshold), an in-app notification and a mail.
 *   Each (line, threshold) once: a row of `credit_expiry_reminders` (primary key line + threshold) is
 *   inserted in the transaction of the notification and of the mail (the outbox), so two runs, two
 *   instances or a retried job send it once. A run late past several thresholds sends the nearest one
 *   and marks the earlier ones covered (no notification);
 * - referents: once per ISO week (`referent_expiry_summaries`, primary key referent + week, same
 *   guarantee), a summary of their companies' credit expiring within `referentWindowDays`, linked to
 *   the back office's schedule page (route `office-scadenzario-azi`).
 *
 * Scheduling (pg-boss's cron is off, services/jobs.ts): each instance's timer (routes/credit/reminders.ts)
 * calls `claimReminderDay` at start and every few minutes; the instance that claims the Rome day queues
 * the job. A day whose job never finished can be claimed again after an hour; a day missed while no
 * instance ran is caught up by the next run, which sends what is due by then.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { reminders } from '../../../config/reminders';
import { routes } from '../../../config/routes';
import type { DB } from '../db/schema';
import { escapeHtml } from '../html';
import { formatMessage } from '../messages';
import type { MailMessage, Mailer } from '../plugins/mail';
import { euro, formatCents } from '../../shared/money';
import { romeDate } from './calendar';
import { JOB_QUEUES } from './jobs';
import { sendNotification } from './notifications';
import type { ScadenzaCredito } from '../../../schemas/wire-types.gen';

export const EXPIRY_QUEUE = JOB_QUEUES.expiryReminders;

/** The job's data: the Rome day the run is for. */
export interface ExpiryJob {
  day: string;
}

/** The portal paths the reminders link to. */
export const EMPLOYEE_REMINDER_PATH = routes.dashmovimenti.path;
export const REFERENT_SUMMARY_PATH = routes['office-scadenzario-azi'].path;

// ---------------------------------------------------------------------------------------------
// Days

/** Whole days from one 'YYYY-MM-DD' to another. */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** 'YYYY-MM-DD' as people read it: DD-MM-YYYY. */
function italianDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}-${m}-${y}`;
}

/** The ISO week of a day ('2026-W48'): weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeek(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0
  date.setUTCDate(date.getUTCDate() - weekday + 3); // the Thursday of the week
  const year = date.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4, 12));
  firstThursday.setUTCDate(firstThursday.getUTCDate() - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((date.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// The forecast (GET /api/crediti_in_scadenza)

/**
 * What expires next for the user: each credit line valid on `day` (Rome) with spendable credit left,
 * the soonest expiry first (empty when nothing is left to expire).
 */
export async function expiryForecast(
  db: Kysely<DB>,
  userId: number,
  day = romeDate(),
): Promise<ScadenzaCredito[]> {
  const rows = await db
    .selectFrom('credit_lines as l')
    .innerJoin('fonti as f', 'f.id', 'l.fonte')
    .select(['l.id', 'l.data_scadenza', 'l.credito_spendibile', 'l.fonte', 'f.nome as fonte_nome'])
    .where('l.user_id', '=', userId)
    .where('l.credito_spendibile', '>', 0)
    .where('l.data_decorrenza', '<=', day)
    .where('l.data_scadenza', '>=', day)
    .orderBy('l.data_scadenza')
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({
    id_linea: r.id,
    importo: formatCents(r.credito_spendibile),
    data_scadenza: r.data_scadenza,
    giorni: daysFrom(day, r.data_scadenza),
    fonte: { id: r.fonte, nome: r.fonte_nome },
  }));
}

// ---------------------------------------------------------------------------------------------
// Scheduling

/** An unfinished day may be claimed again after this long (its job was lost or gave up). */
const RECLAIM_AFTER_MINUTES = 60;

/**
 * Claims the run of a Rome day for this instance: true for exactly one caller per day (or again once
 * the day's run has been unfinished for an hour). The caller then queues the job.
 */
export async function claimReminderDay(db: Kysely<DB>, day: string, now = new Date()): Promise<boolean> {
  const row = await db
    .insertInto('expiry_reminder_runs')
    .values({ day, queued_at: now })
    .onConflict((oc) =>
      oc
        .column('day')
        .doUpdateSet({ queued_at: now })
        .where('expiry_reminder_runs.done_at', 'is', null)
        .where(
          'expiry_reminder_runs.queued_at',
          '<',
          sql<Date>`${now}::timestamptz - make_interval(mins => ${RECLAIM_AFTER_MINUTES})`,
        ),
    )
    .returning('day')
    .executeTakeFirst();
  return row !== undefined;
}

/** Records that the day's run finished (it is not claimed again). */
export async function finishReminderDay(db: Kysely<DB>, day: string, now = new Date()): Promise<void> {
  await db.updateTable('expiry_reminder_runs').set({ done_at: now }).where('day', '=', day).execute();
}

// ---------------------------------------------------------------------------------------------
// The run

export interface ReminderDeps {
  /** The portal's address, for the links of the mails. */
  baseUrl: string;
  /** The outbox: each mail is written in the transaction of its notification. */
  outbox: Pick<Mailer, 'send'>;
  /** Thresholds instead of config/reminders.ts (tests). */
  thresholdDays?: readonly number[];
}

export interface ReminderOutcome {
  /** Reminders sent to employees (one per line and threshold). */
  reminders: number;
  /** Weekly summaries sent to referents. */
  summaries: number;
}

interface CandidateLine {
  id: number;
  user_id: number;
  email: string;
  data_scadenza: string;
  credito_spendibile: number;
  fonte_nome: string;
  done: number[] | null;
}

/**
 * The threshold a line is reminded at on a day: the smallest threshold reached (days left <= it), or
 * null when none is; `covered` are the larger thresholds reached, no longer worth sending.
 */
export function dueThreshold(
  daysLeft: number,
  thresholds: readonly number[],
): { nearest: number; covered: number[] } | null {
  const reached = thresholds.filter((t) => daysLeft <= t).sort((a, b) => a - b);
  const [nearest, ...covered] = reached;
  return nearest === undefined ? null : { nearest, covered };
}

/** The daily run for the Rome `day`: the employees' reminders, then the referents' weekly summary. */
export async function runExpiryReminders(
  db: Kysely<DB>,
  deps: ReminderDeps,
  day = romeDate(),
  now = new Date(),
): Promise<ReminderOutcome> {
  const remindersSent = await sendLineReminders(db, deps, day, now);
  const summaries = await sendReferentSummaries(db, deps, day, now);
  return { reminders: remindersSent, summaries };
}

async function sendLineReminders(
  db: Kysely<DB>,
  deps: ReminderDeps,
  day: string,
  now: Date,
): Promise<number> {
  const thresholds = deps.thresholdDays ?? reminders.thresholdDays;
  if (thresholds.length === 0) return 0;
  const horizon = addDays(day, Math.max(...thresholds));
  const { rows } = await sql<CandidateLine>`
    SELECT l.id, l.user_id, u.email, l.data_scadenza::text AS data_scadenza, l.credito_spendibile,
           f.nome AS fonte_nome,
           (SELECT array_agg(r.threshold_days) FROM credit_expiry_reminders r WHERE r.credit_line_id = l.id) AS done
      FROM credit_lines l
      JOIN users u ON u.id = l.user_id
      JOIN fonti f ON f.id = l.fonte
     WHERE l.credito_spendibile > 0
       AND l.data_decorrenza <= ${day}::date
       AND l.data_scadenza >= ${day}::date
       AND l.data_scadenza <= ${horizon}::date
       AND u.disabled_at IS NULL
     ORDER BY l.data_scadenza, l.id`.execute(db);
  let sent = 0;
  for (const line of rows) {
    const due = dueThreshold(daysFrom(day, line.data_scadenza), thresholds);
    if (!due || (line.done ?? []).map(Number).includes(due.nearest)) continue;
    if (await remindLine(db, deps, line, due, now)) sent += 1;
  }
  return sent;
}

/**
 * One line's reminder, in one transaction: the row of (line, nearest threshold) first (a concurrent or
 * earlier run that wrote it wins, and this one sends nothing), the covered thresholds, the notification
 * and the mail. Answers whether it was sent now.
 */
async function remindLine(
  db: Kysely<DB>,
  deps: ReminderDeps,
  line: CandidateLine,
  due: { nearest: number; covered: number[] },
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('credit_expiry_reminders')
      .values({ credit_line_id: line.id, threshold_days: due.nearest, sent_at: now })
      .onConflict((oc) => oc.columns(['credit_line_id', 'threshold_days']).doNothing())
      .returning('credit_line_id')
      .executeTakeFirst();
    if (!claimed) return false;
    if (due.covered.length > 0) {
      await trx
        .insertInto('credit_expiry_reminders')
        .values(due.covered.map((t) => ({ credit_line_id: line.id, threshold_days: t, sent_at: now })))
        .onConflict((oc) => oc.columns(['credit_line_id', 'threshold_days']).doNothing())
        .execute();
    }
    const text = formatMessage('apiExpiryReminderText', {
      importo: euro(line.credito_spendibile),
      fonte: line.fonte_nome,
      data: italianDay(line.data_scadenza),
    });
    const notificationId = await deliver(trx, deps, {
      userId: line.user_id,
      email: line.email,
      html: `<p>${escapeHtml(text)}</p>`,
      text,
      linkLabel: formatMessage('apiExpiryReminderLink'),
      path: EMPLOYEE_REMINDER_PATH,
      subject: formatMessage('apiExpiryReminderMailSubject', { data: italianDay(line.data_scadenza) }),
      footer: (link) => formatMessage('apiExpiryReminderMailFooter', { link }),
      at: now,
    });
    await trx
      .updateTable('credit_expiry_reminders')
      .set({ notification_id: notificationId })
      .where('credit_line_id', '=', line.id)
      .where('threshold_days', '=', due.nearest)
      .execute();
    return true;
  });
}

interface Delivery {
  userId: number;
  email: string;
  /** The notification's HTML (the link is added). */
  html: string;
  /** The mail's text (the link is added). */
  text: string;
  linkLabel: string;
  /** The portal path the notice opens. */
  path: string;
  subject: string;
  footer: (link: string) => string;
  at: Date;
}

/**
 * The one place a reminder leaves: the in-app notification (and its web push, services/push.ts, to
 * the devices of a user who wants reminders pushed) and the mail, in the caller's transaction.
 */
async function deliver(trx: Transaction<DB>, deps: ReminderDeps, delivery: Delivery): Promise<number> {
  const notification = await sendNotification(trx, {
    senderUserId: null,
    senderName: formatMessage('apiNoticeSender'),
    recipientUserIds: [delivery.userId],
    testo: `${delivery.html}<p><a href="${escapeHtml(delivery.path)}">${escapeHtml(delivery.linkLabel)}</a></p>`,
    at: delivery.at,
    push: { kind: 'promemoria', url: delivery.path, title: delivery.subject },
  });
  const link = `${deps.baseUrl.replace(/\/$/, '')}${delivery.path}`;
  const mail: MailMessage = {
    to: delivery.email,
    subject: delivery.subject,
    text: `${delivery.text}\n\n${delivery.footer(link)}`,
  };
  await deps.outbox.send(mail, { db: trx });
  return notification.id;
}

// ---------------------------------------------------------------------------------------------
// The referents' weekly summary

interface ExpiringRow {
  referent_id: number;
  company_id: number;
  azienda: string;
  nome: string;
  cognome: string;
  data_scadenza: string;
  importo: number;
}

async function sendReferentSummaries(
  db: Kysely<DB>,
  deps: ReminderDeps,
  day: string,
  now: Date,
): Promise<number> {
  const week = isoWeek(day);
  const until = addDays(day, reminders.referentWindowDays);
  // Every referent (own company and those managed) without this week's summary, with the lines of
  // their companies' employees expiring in the window, by referent, company, expiry.
  const { rows } = await sql<ExpiringRow>`
    WITH referents AS (
      SELECT r.id AS referent_id, r.company_id
        FROM users r
       WHERE r.profile = 'ref_aziendale' AND r.disabled_at IS NULL
      UNION
      SELECT r.id, rc.company_id
        FROM users r JOIN referent_companies rc ON rc.user_id = r.id
       WHERE r.profile = 'ref_aziendale' AND r.disabled_at IS NULL
    )
    SELECT x.referent_id, c.id_azienda AS company_id, c.nome AS azienda, u.nome, u.cognome,
           l.data_scadenza::text AS data_scadenza, sum(l.credito_spendibile)::bigint AS importo
      FROM referents x
      JOIN companies c ON c.id_azienda = x.company_id
      JOIN users u ON u.company_id = x.company_id
      JOIN credit_lines l ON l.user_id = u.id
     WHERE l.credito_spendibile > 0
       AND l.data_decorrenza <= ${day}::date
       AND l.data_scadenza >= ${day}::date
       AND l.data_scadenza <= ${until}::date
       AND NOT EXISTS (
         SELECT 1 FROM referent_expiry_summaries s WHERE s.user_id = x.referent_id AND s.iso_week = ${week}
       )
     GROUP BY x.referent_id, c.id_azienda, c.nome, u.id, u.nome, u.cognome, l.data_scadenza
     ORDER BY x.referent_id, c.nome, l.data_scadenza, u.cognome, u.nome, u.id`.execute(db);
  const byReferent = new Map<number, ExpiringRow[]>();
  for (const row of rows) {
    const list = byReferent.get(Number(row.referent_id)) ?? [];
    list.push({ ...row, importo: Number(row.importo), company_id: Number(row.company_id) });
    byReferent.set(Number(row.referent_id), list);
  }
  let sent = 0;
  for (const [referentId, list] of byReferent) {
    if (await summarize(db, deps, referentId, week, list, now)) sent += 1;
  }
  return sent;
}

/** The summary's text and HTML: per company its total, then its rows (at most summaryRowsShown in all). */
export function summaryBody(list: readonly ExpiringRow[]): { text: string; html: string } {
  const intro = formatMessage('apiExpirySummaryIntro', { giorni: reminders.referentWindowDays });
  const textParts = [intro];
  const htmlParts = [`<p>${escapeHtml(intro)}</p>`];
  const companies = new Map<number, ExpiringRow[]>();
  for (const row of list) companies.set(row.company_id, [...(companies.get(row.company_id) ?? []), row]);
  let shown = 0;
  for (const rows of companies.values()) {
    if (shown >= reminders.summaryRowsShown) break;
    const total = rows.reduce((sum, r) => sum + r.importo, 0);
    const heading = formatMessage('apiExpirySummaryCompany', {
      azienda: rows[0]!.azienda,
      importo: euro(total),
    });
    const items: string[] = [];
    for (const r of rows) {
      if (shown >= reminders.summaryRowsShown) break;
      shown += 1;
      items.push(
        formatMessage('apiExpirySummaryRow', {
          dipendente: `${r.cognome} ${r.nome}`.trim(),
          importo: euro(r.importo),
          data: italianDay(r.data_scadenza),
        }),
      );
    }
    textParts.push('', heading, ...items.map((item) => `- ${item}`));
    htmlParts.push(`<p><strong>${escapeHtml(heading)}</strong></p>`);
    if (items.length > 0)
      htmlParts.push(`<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`);
  }
  if (list.length > shown) {
    const more = formatMessage('apiExpirySummaryMore', { n: list.length - shown });
    textParts.push('', more);
    htmlParts.push(`<p>${escapeHtml(more)}</p>`);
  }
  return { text: textParts.join('\n'), html: htmlParts.join('') };
}

async function summarize(
  db: Kysely<DB>,
  deps: ReminderDeps,
  referentId: number,
  week: string,
  list: readonly ExpiringRow[],
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('referent_expiry_summaries')
      .values({ user_id: referentId, iso_week: week, sent_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'iso_week']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) return false;
    const referent = await trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', referentId)
      .executeTakeFirstOrThrow();
    const body = summaryBody(list);
    const notificationId = await deliver(trx, deps, {
      userId: referentId,
      email: referent.email,
      html: body.html,
      text: body.text,
      linkLabel: formatMessage('apiExpirySummaryLink'),
      path: REFERENT_SUMMARY_PATH,
      subject: formatMessage('apiExpirySummaryMailSubject'),
      footer: (link) => formatMessage('apiExpirySummaryMailFooter', { link }),
      at: now,
    });
    await trx
      .updateTable('referent_expiry_summaries')
      .set({ notification_id: notificationId })
      .where('user_id', '=', referentId)
      .where('iso_week', '=', week)
      .execute();
    return true;
  });
}
