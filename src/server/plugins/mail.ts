/**
 * Outgoing mail through a transactional outbox (migration 190): `app.mail.send(message, { db })` writes
 * the mail as a row of `outbox`, in the caller's transaction when `db` is one (the mail of a decision,
 * an import's welcome links, a code: committed with the change or not at all). Without SMTP_URL the
 * row is the mail (`kept`, readable in demo mode at /dev/mailbox and GET /api/dev/outbox). With it, the
 * dispatcher sends `pending` rows: claimed with SKIP LOCKED (one instance each), sent, marked `sent`;
 * a failure waits and tries again, doubling (`failed` after OUTBOX_RULES.attempts); a row left
 * `sending` by a crash goes again only after the idempotency window. A send outside a transaction
 * waits for its own delivery attempt, as the callers did before (a sign-in code leaves at once); a
 * row written in a transaction leaves at the next poll (`pollMs`) or at `app.mail.idle()`.
 *
 * `app.mail.later(what, task)` runs mail work after the answer, out of the request path: a call whose
 * work would differ with a secret (whether an account exists: password_lost, password_expired_renew)
 * answers at once and leaves the lookup, the link and the mail to the task. Tasks run one at a time in
 * the order given, at most MAX_PENDING waiting (beyond that a task is dropped and logged); a failure is
 * logged (its code, never the mail) and does not stop the next. `app.mail.idle()` resolves once every
 * task given so far has ended and no due mail is waiting (tests, and the app's close, which waits for it).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Files attached (the support request's); kept in outbox_attachments without SMTP. */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mailer {
  /** 'smtp' when a transport is configured, otherwise 'outbox'. */
  readonly mode: 'smtp' | 'outbox';
  /** Writes the mail to the outbox (in `options.db`, a transaction of the caller's, when given). */
  send(message: MailMessage, options?: { db?: Kysely<DB> }): Promise<void>;
  /** Runs `task` after the current answer, one task at a time; `what` names it in the logs. */
  later(what: string, task: () => Promise<void>): void;
  /** Resolves when every task given to `later` so far has ended. */
  idle(): Promise<void>;
}

/** Tasks waiting at most: a flood of requests cannot pile up unbounded work behind the answers. */
export const MAX_PENDING = 1000;

/** How the dispatcher sends (with SMTP_URL). */
export const OUTBOX_RULES = {
  /** Attempts before a mail is `failed`. */
  attempts: 8,
  /** The wait after the first failure, doubled after each (at most maxBackoffSeconds). */
  backoffSeconds: 30,
  maxBackoffSeconds: 3600,
  /** A mail claimed and never marked (a crash mid-send) is not sent again before this. */
  idempotencyWindowSeconds: 24 * 3600,
  /** Mails claimed at a time. */
  batch: 20,
};

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

export interface MailPluginOptions {
  smtpUrl: string | null;
  publicUrl: string | null;
  /** A ready transport (tests); wins over smtpUrl. */
  transport?: Transporter;
  /** How often the dispatcher looks for mails written in transactions (default 1 s). */
  pollMs?: number;
}

interface OutboxRow {
  id: number;
  mail_to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;

export function senderAddress(publicUrl: string | null): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return `Portale Welfare <no-reply@${host}>`;
}

export const mailPlugin = fp<MailPluginOptions>(
  async (app: FastifyInstance, options) => {
    const transport =
      options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null);
    const from = senderAddress(options.publicUrl);
    const host = options.publicUrl ? new URL(options.publicUrl).hostname : 'localhost';
    let tail: Promise<void> = Promise.resolve();
    let pending = 0;
    const idle = async () => {
      // Tasks may be added while waiting: wait until the tail stops moving.
      for (let seen = tail; ; seen = tail) {
        await seen;
        if (seen === tail) return;
      }
    };
    // Before anything closes (the database first of all), the tasks already given end.
    app.addHook('preClose', async () => {
      await idle();
      await drain();
    });
    if (transport && !options.transport) app.addHook('onClose', async () => transport.close());

    /** Claims the due mails (pending, or sending past the window) and sends each; true if any was due. */
    const dispatch = async (only?: number): Promise<boolean> => {
      if (!transport) return false;
      const window = `${OUTBOX_RULES.idempotencyWindowSeconds} seconds`;
      const claimed = await sql<OutboxRow>`
        UPDATE outbox SET state = 'sending', claimed_at = now(), attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM outbox
          WHERE ((state = 'pending' AND next_attempt_at <= now())
              OR (state = 'sending' AND claimed_at < now() - ${window}::interval))
            ${only === undefined ? sql`` : sql`AND id = ${only}`}
          ORDER BY next_attempt_at, id
          LIMIT ${OUTBOX_RULES.batch}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, mail_to, subject, text, html, attempts`.execute(app.db);
      for (const row of claimed.rows) {
        const id = Number(row.id);
        try {
          const attachments = await app.db
            .selectFrom('outbox_attachments')
            .select(['filename', 'content_type', 'content'])
            .where('outbox_id', '=', id)
            .orderBy('id')
            .execute();
          await transport.sendMail({
            from,
            to: row.mail_to,
            subject: row.subject,
            text: row.text,
            html: row.html ?? undefined,
            messageId: `<outbox-${id}@${host}>`,
            attachments: attachments.map((a) => ({
              filename: a.filename,
              contentType: a.content_type,
              content: Buffer.from(a.content),
            })),
          });
          await app.db.transaction().execute(async (trx) => {
            await trx
              .updateTable('outbox')
              .set({ state: 'sent', sent_at: new Date(), text: '', html: null, last_error: null })
              .where('id', '=', id)
              .execute();
            await trx.deleteFrom('outbox_attachments').where('outbox_id', '=', id).execute();
          });
        } catch (error) {
          const code = String((error as { code?: string }).code ?? (error as Error).name ?? 'errore');
          const last = row.attempts >= OUTBOX_RULES.attempts;
          const wait = Math.min(
            OUTBOX_RULES.maxBackoffSeconds,
            OUTBOX_RULES.backoffSeconds * 2 ** Math.max(0, row.attempts - 1),
          );
          await app.db
            .updateTable('outbox')
            .set({
              state: last ? 'failed' : 'pending',
              last_error: code.slice(0, 200),
              // The database's clock, the one the claim compares with (instances' clocks may differ).
              next_attempt_at: sql<Date>`now() + make_interval(secs => ${wait})`,
            })
            .where('id', '=', id)
            .execute();
          app.log.error({ mail: id, code, attempt: row.attempts, last }, 'mail non inviata');
        }
      }
      return claimed.rows.length > 0;
    };
    // One dispatch at a time per instance (the timer, a send and idle() may all ask).
    let dispatching: Promise<boolean> | null = null;
    const dispatchOnce = (only?: number): Promise<boolean> => {
      const run = (dispatching ?? Promise.resolve(false)).catch(() => false).then(() => dispatch(only));
      dispatching = run.finally(() => {
        if (dispatching === run) dispatching = null;
      });
      return run;
    };
    const drain = async () => {
      while (await dispatchOnce().catch(() => false));
    };
    if (transport) {
      const timer = setInterval(() => {
        void dispatchOnce().catch((error: unknown) =>
          app.log.error({ code: (error as { code?: string }).code }, 'invio dalla outbox non riuscito'),
        );
      }, options.pollMs ?? 1000);
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await dispatching?.catch(() => false);
      });
    }

    const mailer: Mailer = {
      mode: transport ? 'smtp' : 'outbox',
      async send(message, sendOptions = {}) {
        const to = message.to.trim();
        // One plain address only: no header injection, no hidden extra recipients.
        if (!ADDRESS.test(to)) throw new Error(`Indirizzo e-mail non valido: ${to}`);
        const subject = message.subject.replace(/[\r\n]+/g, ' ');
        const attachments = message.attachments ?? [];
        const write = async (trx: Kysely<DB>) => {
          const row = await trx
            .insertInto('outbox')
            .values({
              mail_to: to.toLowerCase(),
              subject,
              text: message.text,
              html: message.html ?? null,
              state: transport ? 'pending' : 'kept',
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (attachments.length > 0) {
            await trx
              .insertInto('outbox_attachments')
              .values(
                attachments.map((file) => ({
                  outbox_id: row.id,
                  filename: file.filename,
                  content_type: file.contentType,
                  content: file.content,
                })),
              )
              .execute();
          }
          return Number(row.id);
        };
        const db = sendOptions.db;
        if (db?.isTransaction) {
          await write(db);
          return;
        }
        const id = await (db ?? app.db).transaction().execute(write);
        // Committed: its first attempt now, as a direct send would have been.
        if (transport) await dispatchOnce(id);
      },
      later(what, task) {
        if (pending >= MAX_PENDING) {
          app.log.error({ what }, 'troppe attività di posta in attesa: attività scartata');
          return;
        }
        pending += 1;
        tail = tail
          // After the answer: the task starts once the current I/O turn (the reply) is done.
          .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
          .then(task)
          .catch((error: unknown) =>
            app.log.error(
              { what, code: (error as { code?: string }).code },
              'attività di posta non riuscita',
            ),
          )
          .finally(() => {
            pending -= 1;
          });
      },
      async idle() {
        await idle();
        await drain();
      },
    };
    app.decorate('mail', mailer);
  },
  { name: 'mail', dependencies: ['db'] },
);
