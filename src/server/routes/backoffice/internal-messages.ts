/**
 * Internal messaging of the back office (route office-mess-interna, spec 002 §2.8, §5, §7): the
 * recipients offered are `GET utenti_azienda?solo_attivi=1` (office.ts, shared with the user files);
 * here the sending (services/internal-messages.ts: recipients of the company acted for, sanitized HTML,
 * 8,000 characters; each recipient's inbox), and what the company sent, with its archive. Registered
 * inside the back-office plugin: referent, Act-For checked, the company in `actingCompany(request)`.
 * The sending honours an Idempotency-Key (the company acted for is part of the request's hash).
 */
import { actingCompany } from '../../plugins/access';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { hashRequest, readIdempotencyKey, withIdempotency } from '../../services/idempotency';
import { sendInternalMessage } from '../../services/internal-messages';
import { listCompanySent, NOTIFICATION_PAGING, type NotificationBox } from '../../services/notifications';
import { pageSlice, pagingDescription, pagingQueryProperties } from '../../services/paging';

const boErrors = errorResponses(400, 401, 403, 429);

export function internalMessagesRoutes(app: WireApp): void {
  app.post(
    '/api/comunicazione_interna',
    {
      config: { route: 'office-mess-interna' },
      schema: {
        summary: 'Invia una comunicazione interna',
        description:
          'Invia un messaggio ai dipendenti dell’azienda per cui opera il referente: ognuno lo trova tra le ' +
          'notifiche ricevute, con il referente come mittente. Regole (400 sul campo): almeno un destinatario, ' +
          'tutti dipendenti dell’azienda con contratto attivo; testo HTML da 1 a 8.000 caratteri formattazione ' +
          'compresa, salvato ripulito (solo la formattazione dell’editor). Header Idempotency-Key facoltativo.',
        tags: ['back office'],
        body: { $ref: 'comunicazione-interna#' },
        response: {
          201: { $ref: 'comunicazione-inviata#' },
          ...errorResponses(400, 401, 403, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const companyId = actingCompany(request);
      const { userId } = requireAuth(request);
      const work = async () => ({
        status: 201,
        body: await sendInternalMessage(app.db, {
          companyId,
          senderUserId: userId,
          destinatari: request.body.destinatari,
          messaggio: request.body.messaggio,
        }),
      });
      const key = readIdempotencyKey(request);
      const outcome =
        key === null
          ? { ...(await work()), replayed: false }
          : await withIdempotency(
              app.db,
              {
                userId,
                key,
                requestHash: hashRequest({ route: 'comunicazione_interna', companyId, body: request.body }),
              },
              work,
            );
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(outcome.body as { id: number });
    },
  );

  const boxes: Array<{ box: NotificationBox; suffix: string; what: string }> = [
    { box: 'inbox', suffix: '', what: 'I messaggi' },
    { box: 'archive', suffix: '_archivio', what: 'L’archivio dei messaggi' },
  ];
  for (const { box, suffix, what } of boxes) {
    app.get(
      `/api/comunicazioni_interne_inviate${suffix}`,
      {
        config: { route: 'office-mess-interna' },
        schema: {
          summary: box === 'archive' ? 'Archivio delle comunicazioni inviate' : 'Comunicazioni inviate',
          description:
            `${what} inviati dall’azienda per cui opera il referente (da qualunque suo referente), dal più ` +
            `recente. ${pagingDescription(NOTIFICATION_PAGING)}`,
          tags: ['back office'],
          querystring: {
            type: 'object',
            properties: { ...pagingQueryProperties(NOTIFICATION_PAGING) },
            additionalProperties: false,
          },
          response: { 200: { $ref: 'notification-page#' }, ...boErrors },
        },
      },
      async (request) =>
        listCompanySent(app.db, actingCompany(request), box, pageSlice(request.query, NOTIFICATION_PAGING)),
    );
  }
}
