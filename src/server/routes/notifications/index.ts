/**
 * The notifications inbox and its archive (spec 002 §2.7, §3, §4.3, §5, §7): list by mode
 * (`ricevuti` / `inviati`), mark one or all received notifications read. Each call has an archive
 * variant with the same shapes. The counters of the bell are GET info_notifiche (routes/shell).
 */
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import {
  listNotifications,
  markAllRead,
  markRead,
  NOTIFICATION_PAGING,
  type NotificationBox,
} from '../../services/notifications';
import { pageSlice, pagingDescription, pagingQueryProperties } from '../../services/paging';

const listQuery = {
  type: 'object',
  required: ['mode'],
  properties: {
    ...pagingQueryProperties(NOTIFICATION_PAGING),
    mode: {
      type: 'string',
      enum: ['ricevuti', 'inviati'],
      description: '`ricevuti`: notifiche ricevute dall’utente; `inviati`: notifiche inviate dall’utente.',
    },
  },
  additionalProperties: false,
} as const;

const messParams = {
  type: 'object',
  required: ['mess_id'],
  properties: { mess_id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
  additionalProperties: false,
} as const;

const authErrors = errorResponses(400, 401, 403, 429);

const BOXES: Array<{ box: NotificationBox; suffix: string; what: string; one: string }> = [
  { box: 'inbox', suffix: '', what: 'non archiviate', one: 'non archiviata' },
  { box: 'archive', suffix: '_archivio', what: 'archiviate', one: 'archiviata' },
];

export default async function notificationRoutes(app: WireApp): Promise<void> {
  for (const { box, suffix, what, one } of BOXES) {
    const archive = box === 'archive';

    app.get(
      `/api/notifiche_utente_list${suffix}`,
      {
        config: { route: 'site-notifiche' },
        schema: {
          summary: archive ? 'Archivio delle notifiche' : 'Notifiche dell’utente',
          description:
            `Le notifiche ${what} ricevute (\`mode=ricevuti\`) o inviate (\`mode=inviati\`) dall’utente, dalla più ` +
            `recente. ${pagingDescription(NOTIFICATION_PAGING)} ` +
            'Valori non ammessi: 400 con l’errore sul campo.',
          tags: ['notifiche'],
          querystring: listQuery,
          response: { 200: { $ref: 'notification-page#' }, ...authErrors },
        },
      },
      async (request) =>
        listNotifications(app.db, requireAuth(request).userId, {
          mode: request.query.mode,
          box,
          slice: pageSlice(request.query, NOTIFICATION_PAGING),
        }),
    );

    app.post(
      archive
        ? '/api/marca_notifica_archivio_come_letta/:mess_id'
        : '/api/marca_notifica_come_letta/:mess_id',
      {
        config: { route: 'site-notifiche' },
        schema: {
          summary: archive
            ? 'Segna come letta una notifica archiviata'
            : 'Segna come letta una notifica ricevuta',
          description:
            `Solo un destinatario può segnare come letta una notifica ricevuta ${one}; altrimenti 404. ` +
            'Risponde quante notifiche sono passate a lette (0 se lo era già).',
          tags: ['notifiche'],
          params: messParams,
          response: {
            200: { $ref: 'notification-update#' },
            ...errorResponses(400, 401, 403, 404, 415, 429),
          },
        },
      },
      async (request) => ({
        updated: await markRead(app.db, requireAuth(request).userId, request.params.mess_id, box),
      }),
    );

    app.post(
      archive
        ? '/api/marca_tutte_le_notifiche_archivio_come_lette'
        : '/api/marca_tutte_le_notifiche_come_lette',
      {
        config: { route: 'site-notifiche' },
        schema: {
          summary: archive
            ? 'Segna come lette tutte le notifiche archiviate'
            : 'Segna come lette tutte le notifiche ricevute',
          description: `Segna come lette le notifiche ${what} ricevute dall’utente; risponde quante erano da leggere.`,
          tags: ['notifiche'],
          response: { 200: { $ref: 'notification-update#' }, ...errorResponses(400, 401, 403, 415, 429) },
        },
      },
      async (request) => ({ updated: await markAllRead(app.db, requireAuth(request).userId, box) }),
    );
  }
}
