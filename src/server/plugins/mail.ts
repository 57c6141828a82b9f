/**
 * Outgoing mail: `app.mail.send(...)` goes through nodemailer when SMTP_URL is set; without it, mail
 * is kept in the outbox table (readable in demo mode at /dev/mailbox and GET /api/dev/outbox).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface Mailer {
  /** 'smtp' when a transport is configured, otherwise 'outbox'. */
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

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
          });
          return;
        }
        await app.db
          .insertInto('outbox')
          .values({ mail_to: to.toLowerCase(), subject, text: message.text, html: message.html ?? null })
          .execute();
      },
    };
    app.decorate('mail', mailer);
  },
  { name: 'mail', dependencies: ['db'] },
);
