/**
 * Demo pages: the outbox (ARCHITECTURE.md §2, mail), the mails the server would have sent, for people
 * (/dev/mailbox) and for tests (GET /api/dev/outbox); the gallery of the built-in skins (/dev/skins).
 * Outside demo mode they answer 404.
 */
import { sql } from 'kysely';
import { formatDateTime } from '../../../shared/dates';
import { ApiError } from '../../errors';
import { escapeHtml } from '../../html';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { builtInSkins, skinGalleryPage } from '../../services/skin-gallery';

export interface DevRoutesOptions {
  demo: boolean;
}

const LIMIT = 200;

const toQuery = {
  type: 'object',
  properties: { to: { type: 'string', minLength: 3, maxLength: 254 } },
  additionalProperties: false,
} as const;

export default async function devRoutes(app: WireApp, options: DevRoutesOptions): Promise<void> {
  const listMails = async (to: string | undefined) => {
    if (!options.demo) throw ApiError.of(404, 'apiDemoOnly');
    let query = app.db
      .selectFrom('outbox')
      .select(['id', 'mail_to', 'subject', 'text', 'html', 'created'])
      // The mails kept without SMTP: those of the dispatcher (migration 190) left through SMTP.
      .where('state', '=', 'kept')
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .limit(LIMIT);
    if (to) query = query.where('mail_to', '=', to.trim().toLowerCase());
    const mails = await query.execute();
    // The support mail's attachments (050-content.sql), by name, type and size.
    const ids = mails.map((m) => m.id);
    const files =
      ids.length === 0
        ? []
        : await app.db
            .selectFrom('outbox_attachments')
            .select(['outbox_id', 'filename', 'content_type', sql<number>`octet_length(content)`.as('size')])
            .where('outbox_id', 'in', ids)
            .orderBy('id')
            .execute();
    return mails.map((m) => ({
      ...m,
      allegati: files
        .filter((f) => f.outbox_id === m.id)
        .map((f) => ({ nome: f.filename, tipo: f.content_type, dimensione: Number(f.size) })),
    }));
  };

  app.get(
    '/api/dev/outbox',
    {
      config: { public: true },
      schema: {
        summary: 'Mail in uscita (solo modalità demo)',
        description:
          'Le ultime mail che il server avrebbe inviato, dalla più recente; filtro facoltativo per destinatario.',
        tags: ['demo'],
        querystring: toQuery,
        response: {
          200: { type: 'array', items: { $ref: 'outbox-mail#' } },
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request) =>
      (await listMails(request.query.to)).map((m) => ({
        id: m.id,
        to: m.mail_to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        created: m.created.toISOString(),
        allegati: m.allegati,
      })),
  );

  app.get(
    '/dev/mailbox',
    {
      config: { public: true },
      schema: {
        summary: 'Casella demo leggibile (HTML, solo modalità demo)',
        tags: ['demo'],
        querystring: toQuery,
        produces: ['text/html'],
        response: { 200: { type: 'string' }, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const mails = await listMails(request.query.to);
      return reply.type('text/html; charset=utf-8').send(mailboxPage(mails, request.query.to));
    },
  );

  app.get(
    '/dev/skins',
    {
      config: { public: true },
      schema: {
        summary: 'Galleria delle skin integrate (HTML, solo modalità demo)',
        description:
          'Per ogni skin di skins/: pagina di accesso, barra di navigazione, intestazione di sezione e piè di pagina ' +
          'con i suoi colori e loghi, affiancati, con il collegamento alla pagina di accesso del cliente.',
        tags: ['demo'],
        produces: ['text/html'],
        response: { 200: { type: 'string' }, ...errorResponses(404, 429) },
      },
    },
    async (_request, reply) => {
      if (!options.demo) throw ApiError.of(404, 'apiDemoOnly');
      return reply.type('text/html; charset=utf-8').send(skinGalleryPage(builtInSkins()));
    },
  );
}

/** Mail bodies are shown as escaped text: nothing in a mail can run or load in this page. */
function mailboxPage(
  mails: Array<{
    id: number;
    mail_to: string;
    subject: string;
    text: string;
    html: string | null;
    created: Date;
    allegati: { nome: string; tipo: string; dimensione: number }[];
  }>,
  to: string | undefined,
): string {
  const items = mails
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">n. ${m.id} · a <strong>${escapeHtml(m.mail_to)}</strong> · ${escapeHtml(formatDateTime(m.created))}</p>
<pre>${escapeHtml(m.text)}</pre>
${m.allegati.length > 0 ? `<p class="meta">Allegati: ${m.allegati.map((a) => `${escapeHtml(a.nome)} (${escapeHtml(a.tipo)}, ${a.dimensione} byte)`).join(', ')}</p>` : ''}
${m.html ? `<details><summary>Sorgente HTML</summary><pre>${escapeHtml(m.html)}</pre></details>` : ''}
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Casella demo</title>
<style>
body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#1f2933;line-height:1.45}
article{border:1px solid #d8dee4;border-radius:.5rem;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#52606d;margin:0 0 .75rem;font-size:.9rem}
pre{white-space:pre-wrap;word-break:break-word;background:#f5f7fa;padding:.75rem;border-radius:.25rem;margin:0}
details{margin-top:.5rem}
</style></head>
<body>
<h1>Casella demo${to ? ` di ${escapeHtml(to)}` : ''}</h1>
<p>Le mail che il server avrebbe inviato (modalità demo, nessun server SMTP), dalla più recente.</p>
<form method="get" action="/dev/mailbox"><label>Destinatario <input name="to" type="email" value="${escapeHtml(to ?? '')}"></label> <button type="submit">Filtra</button></form>
${items || '<p><em>Nessuna mail.</em></p>'}
</body>
</html>
`;
}
