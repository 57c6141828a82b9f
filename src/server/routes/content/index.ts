/**
 * Support and content pages (spec 002 §2.7, §3, §5, §7; issue 15):
 * - `POST /api/supporto` (site-assistenza): the support request as multipart (tel, n_richiesta,
 *   categoria, messaggio, up to 4 files `file_data`: PDF, JPEG or PNG by their bytes, 3 MB each) becomes
 *   a numbered ticket, mailed to the support address with the files and acknowledged to the user;
 *   `GET /api/supporto`: the user's own tickets, newest first (the page's "inviati" tab, issue 28);
 * - `GET /api/files_utente` (site-archivio-files): the user's documents grouped by purchase with thumbnails
 *   (download: `GET /api/download_document/{id_resource}`, owner only);
 * - `GET /api/faq_url` (site-faq): the address of the FAQ frame; in demo mode `/demo-faq` serves a FAQ page
 *   built from config/content-pages/faq.ts, which only this portal may frame.
 *
 * Multipart is accepted in this context too (@fastify/multipart registered here only).
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { faqSections, faqTitle } from '../../../../config/content-pages/faq';
import type { SupportCategory } from '../../../../config/support-categories';
import { supportCategories } from '../../../../config/support-categories';
import { ApiError } from '../../errors';
import { escapeHtml } from '../../html';
import { formatMessage } from '../../messages';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { refuseNul } from '../../plugins/text-guard';
import { MAX_DOCUMENT_BYTES, sniffMime } from '../../services/documents';
import { DEMO_FAQ_PATH, faqAddress, supportAddress } from '../../services/faq';
import { externalLinks } from '../../services/external-links';
import {
  checkSupportFields,
  createTicket,
  listTickets,
  mailTicket,
  SUPPORT_MAX_FILES,
  type SupportFields,
  type SupportFile,
} from '../../services/support';
import { userFileGroups } from '../../services/user-files';

export interface ContentRoutesOptions {
  uploadsDir: string;
  demo: boolean;
  /** The support categories accepted (config/support-categories.ts plus a test's fixture ones). */
  supportCategories?: readonly SupportCategory[];
}

const SUPPORT_FIELDS = ['tel', 'n_richiesta', 'categoria', 'messaggio'] as const;

async function readSupport(
  request: FastifyRequest,
): Promise<{ fields: SupportFields; files: SupportFile[] }> {
  if (!request.isMultipart()) throw ApiError.of(415, 'apiUploadNotMultipart');
  const fields: Record<string, string> = {};
  const files: SupportFile[] = [];
  const { multipartErrors } = request.server;
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: MAX_DOCUMENT_BYTES,
        files: SUPPORT_MAX_FILES,
        fields: 10,
        fieldSize: 20_000,
        fieldNameSize: 100,
        parts: 16,
        headerPairs: 50,
      },
    })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname !== 'file_data')
          throw new ApiError(400, { [part.fieldname]: [formatMessage('apiValidationUnknownField')] });
        if (content.length === 0) continue;
        // The type by the first bytes: an executable renamed .pdf is refused.
        const mime = sniffMime(content);
        if (!mime) throw ApiError.of(415, 'apiUploadWrongType');
        files.push({ content, fileName: part.filename.replaceAll('\u0000', ''), mime });
      } else if ((SUPPORT_FIELDS as readonly string[]).includes(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      } else {
        throw new ApiError(400, { [part.fieldname]: [formatMessage('apiValidationUnknownField')] });
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof multipartErrors.RequestFileTooLargeError)
      throw ApiError.of(413, 'apiUploadTooLarge');
    if (error instanceof multipartErrors.FilesLimitError) {
      throw new ApiError(400, {
        file_data: [formatMessage('apiSupportTooManyFiles', { limit: SUPPORT_MAX_FILES })],
      });
    }
    if (
      error instanceof multipartErrors.FieldsLimitError ||
      error instanceof multipartErrors.PartsLimitError
    ) {
      throw ApiError.of(413, 'apiUploadTooManyFields');
    }
    throw ApiError.of(400, 'apiUploadMalformed');
  }
  refuseNul(fields);
  return { fields, files };
}

const idQuery = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** The demo FAQ page: no script, framed only by this portal. */
const FAQ_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'";

export default async function contentRoutes(app: WireApp, options: ContentRoutesOptions): Promise<void> {
  const categories = options.supportCategories ?? supportCategories;
  await app.register(multipart, { throwFileSizeLimit: true });

  app.post(
    '/api/supporto',
    {
      config: { route: 'site-assistenza' },
      schema: {
        summary: 'Invia una richiesta di assistenza',
        description:
          'Corpo multipart/form-data: `tel` (obbligatorio, 6-30 caratteri: cifre, + iniziale, spazi), `n_richiesta` ' +
          '(facoltativo, numero della richiesta a cui si riferisce), `categoria` (obbligatoria: id di ' +
          'config/support-categories.ts), `messaggio` (obbligatorio, al massimo 5000 caratteri) e fino a ' +
          `${SUPPORT_MAX_FILES} file \`file_data\` (PDF, JPEG o PNG riconosciuti dai primi byte, al massimo ` +
          `${MAX_DOCUMENT_BYTES} byte ciascuno: oltre 413, altro tipo 415). La richiesta diventa un ticket numerato, ` +
          'inviata per e-mail all’indirizzo dell’assistenza con gli allegati e confermata all’utente per e-mail. ' +
          'Campi non validi: 400 con l’errore sul campo. Nessun indirizzo di assistenza configurato: 503.',
        tags: ['assistenza'],
        body: {
          content: {
            'multipart/form-data': {
              schema: {
                properties: {
                  tel: { type: 'string' },
                  n_richiesta: { type: 'string', pattern: '^[1-9][0-9]*$' },
                  categoria: { type: 'string', enum: categories.map((c) => c.id) },
                  messaggio: { type: 'string', maxLength: 5000 },
                  file_data: { type: 'array', items: { type: 'string', format: 'binary' } },
                },
              },
            },
          },
        },
        response: {
          201: { $ref: 'ticket-assistenza#' },
          ...errorResponses(400, 401, 403, 413, 415, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const to = supportAddress(app.config);
      if (to === null) throw ApiError.of(503, 'apiSupportUnavailable');
      const { fields, files } = await readSupport(request);
      const checked = checkSupportFields(fields, categories);
      if ('errors' in checked) throw new ApiError(400, checked.errors);
      const user = await app.db
        .selectFrom('users as u')
        .innerJoin('companies as c', 'c.id_azienda', 'u.company_id')
        .select(['u.id', 'u.email', 'u.nome', 'u.cognome', 'c.nome as azienda'])
        .where('u.id', '=', auth.userId)
        .executeTakeFirstOrThrow();
      const numero = await createTicket(app.db, app.files, user, checked.request, files);
      // The mails after the answer: the ticket is kept whatever the mail server does (failures logged).
      app.mail.later('richiesta di assistenza', () =>
        mailTicket(app.mail, to, numero, user, checked.request, files),
      );
      return reply.code(201).send({ numero_ticket: numero });
    },
  );

  app.get(
    '/api/supporto',
    {
      config: { route: 'site-assistenza' },
      schema: {
        summary: 'Le mie richieste di assistenza',
        description:
          'Le richieste di assistenza inviate dall’utente, dalla più recente (al massimo 200): numero del ticket, ' +
          'categoria (id e nome), numero della richiesta a cui si riferiscono (null se nessuno) e data di invio. ' +
          'Solo le proprie: quelle degli altri utenti non compaiono mai.',
        tags: ['assistenza'],
        response: {
          200: { type: 'array', items: { $ref: 'ticket-assistenza-inviato#' } },
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async (request) => listTickets(app.db, requireAuth(request).userId, categories),
  );

  app.get(
    '/api/files_utente',
    {
      config: { route: 'site-archivio-files' },
      schema: {
        summary: 'I miei file',
        description:
          'I documenti dell’utente associati ai suoi acquisti, raggruppati per acquisto (dal più recente), con la ' +
          'miniatura PNG fatta dal server al caricamento (prima pagina del PDF, l’immagine stessa) in base64, null ' +
          'finché non è pronta o se il file non si può disegnare. Filtri facoltativi: ' +
          '`id_ordine` (acquisto), `id_categoria` (categoria dell’acquisto), `id_tipo_file` (tipo di documento). ' +
          'Scaricamento: `download_document/{id_resource}`. I documenti di altri utenti non compaiono mai.',
        tags: ['documenti'],
        querystring: {
          type: 'object',
          properties: { id_ordine: idQuery, id_categoria: idQuery, id_tipo_file: idQuery },
          additionalProperties: false,
        },
        response: {
          200: { type: 'array', items: { $ref: 'gruppo-file-utente#' } },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => userFileGroups(app.db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/indirizzi_esterni',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Indirizzi esterni dell’installazione',
        description:
          'Il modulo esterno di richiesta convenzioni (conv-request-form, REQUEST_FORM_URL) e la richiesta di una ' +
          'nuova convenzione del back office (NEW_CONVENTION_URL); null se l’installazione non li ha (il portale ' +
          'nasconde il pulsante). In modalità demo, le pagine dimostrative di questo server.',
        tags: ['contenuti'],
        response: { 200: { $ref: 'indirizzi-esterni#' }, ...errorResponses(401, 429) },
      },
    },
    async () => {
      const links = externalLinks(app.config);
      return { richiesta_convenzione: links.requestForm, nuova_convenzione: links.newConvention };
    },
  );

  app.get(
    '/api/faq_url',
    {
      config: { route: 'site-faq' },
      schema: {
        summary: 'Indirizzo delle FAQ',
        description:
          'L’indirizzo che site-faq mostra nel riquadro: FAQ_URL della configurazione o, in modalità demo, ' +
          `\`${DEMO_FAQ_PATH}\` servita da questo server; null se non è configurato. La CSP (frame-src) ammette ` +
          'esattamente la sua origine.',
        tags: ['contenuti'],
        response: { 200: { $ref: 'faq-frame#' }, ...errorResponses(401, 403, 429) },
      },
    },
    async () => ({ url: faqAddress(app.config) }),
  );

  app.get(
    DEMO_FAQ_PATH,
    {
      config: { public: true },
      schema: {
        summary: 'Pagina FAQ dimostrativa (HTML, solo modalità demo)',
        description:
          'Le domande frequenti di config/content-pages/faq.ts, senza script; può essere inquadrata solo dal portale ' +
          '(frame-ancestors self).',
        tags: ['demo'],
        produces: ['text/html'],
        response: { 200: { type: 'string' }, ...errorResponses(404, 429) },
      },
    },
    async (_request, reply) => {
      if (!options.demo) throw ApiError.of(404, 'apiDemoOnly');
      return reply
        .header('content-security-policy', FAQ_PAGE_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .type('text/html; charset=utf-8')
        .send(faqPage());
    },
  );
}

/**
 * The demo FAQ page. Its title is for screen readers only: framed, the portal's page shows it already
 * (one title on screen); its tab shows it as the document's title.
 */
function faqPage(): string {
  const sections = faqSections
    .map(
      (section) => `<section><h2>${escapeHtml(section.title)}</h2>
${section.entries
  .map((e) => `<details><summary>${escapeHtml(e.question)}</summary><p>${escapeHtml(e.answer)}</p></details>`)
  .join('\n')}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(faqTitle)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;color:#1f2933;line-height:1.5;background:#fff}
h1{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}
h2{font-size:1.1rem;margin:1.5rem 0 .5rem}section:first-of-type h2{margin-top:0}
details{border:1px solid #d8dee4;border-radius:.5rem;padding:.6rem .8rem;margin:.5rem 0}
summary{cursor:pointer;font-weight:600}p{margin:.5rem 0 0}
</style></head>
<body><main><h1>${escapeHtml(faqTitle)}</h1>
${sections}
</main></body></html>`;
}
