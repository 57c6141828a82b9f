/**
 * Outgoing mail: `app.mail.send(...)` goes through nodemailer when SMTP_URL is set; without it, mail
 * is kept in the outbox table (readable in demo mode at /dev/mailbox and GET /api/dev/outbox).
 *
 * `app.mail.later(what, task)` runs mail work after the answer, out of the request path: a call whose
 * work would differ with a secret (whether an account exists: password_lost, password_expired_renew)
 * answers at once and leaves the lookup, the link and the mail to the task. Tasks run one at a time in
 * the order given, at most MAX_PENDING waiting (beyond that a task is dropped and logged); a failure is
 * logged (its code, never the mail) and does not stop the next. `app.mail.idle()` resolves once every
 * task given so far has ended (tests, and the app's close, which waits for it).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';

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
  send(message: MailMessage): Promise<void>;
  /** Runs `task` after the current answer, one task at a time; `what` names it in the logs. */
  later(what: string, task: () => Promise<void>): void;
  /** Resolves when every task given to `later` so far has ended. */
  idle(): Promise<void>;
}

/** Tasks waiting at most: a flood of requests cannot pile up unbounded work behind the answers. */
export const MAX_PENDING = 1000;

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
    app.addHook('preClose', idle);
    if (transport && !options.transport) app.addHook('onClose', async () => transport.close());

    const mailer: Mailer = {
      mode: transport ? 'smtp' : 'outbox',
      async send(message) {
        const to = message.to.trim();
        // One plain address only: no header injection, no hidden extra recipients.
        if (!ADDRESS.test(to)) throw new Error(`Indirizzo e-mail non valido: ${to}`);
        const subject = message.subject.replace(/[\r\n]+/g, ' ');
        if (transport) {
          await transport.sendMail({
            from,
            to,
            subject,
            text: message.text,
            html: message.html ?? undefined,
            attachments: message.attachments?.map((file) => ({ ...file })),
          });
          return;
        }
        const attachments = message.attachments ?? [];
        await app.db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('outbox')
            .values({ mail_to: to.toLowerCase(), subject, text: message.text, html: message.html ?? null })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (attachments.length === 0) return;
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
        });
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
      idle,
    };
    app.decorate('mail', mailer);
  },
  { name: 'mail', dependencies: ['db'] },
);
