/**
 * The notifications inbox (route site-notifiche, spec 002 §2.7, §3 Notification, §7, §9): received or
 * sent messages (`mode`, passed by the screen), server paging 5-200, the detail modal (sanitized
 * HTML); opening an unread received message marks it read, and the lists and the bell follow.
 */
import type { TableColumn, TableDeclaration } from './types';

export const notificationPaging = {
  mode: 'server',
  pageSizes: [5, 10, 25, 50, 100, 200],
  defaultPageSize: 5,
  texts: {
    pageSize: 'inboxPageSize',
    total: 'tableTotal',
    pages: 'inboxPages',
    page: 'tablePage',
    previous: 'tablePreviousPage',
    next: 'tableNextPage',
  },
} as const;

const created = { kind: 'date-time', field: 'created', label: 'date' } as const;
const sender = { kind: 'text', field: 'nome_mittente', label: 'inboxColSender' } as const;
const recipients = { kind: 'text', field: 'nomi_destinatari', label: 'inboxColRecipients' } as const;
const request = {
  kind: 'text',
  field: 'id_riferimento',
  label: 'inboxColRequest',
  empty: 'none',
} as const;

/** The request number as a link to the request's page (issue 26). */
const requestLink = {
  ...request,
  link: {
    route: 'dettaglio-richiesta',
    params: { id_acquisto: 'id_riferimento' },
    ariaLabel: { text: 'myRequestsNoticeLink', params: { id: 'id_riferimento' } },
  },
} as const;

/**
 * The columns of the inbox and of the archive; `markRead` is the box's mark-read call; `linkRequests`:
 * the request number opens the request's page (the inbox; not the archive, which is a modal).
 */
export function notificationColumns(
  markRead: string,
  lists: readonly string[],
  linkRequests = false,
): readonly TableColumn[] {
  return [
    { ...created, cardHeader: true, emphasis: true },
    { ...sender, emphasis: true },
    recipients,
    linkRequests ? requestLink : request,
    {
      kind: 'boolean',
      field: 'conferma_lettura',
      label: 'inboxColRead',
      trueLabel: 'inboxRead',
      falseLabel: 'inboxUnread',
      icons: 'mail',
      cardHeader: true,
      testId: 'read-state',
    },
    {
      kind: 'detail',
      field: 'id',
      label: 'detail',
      hiddenLabel: true,
      buttonLabel: 'inboxOpen',
      ariaLabel: { text: 'inboxOpenLabel', params: { sender: 'nome_mittente', date: 'created' } },
      title: 'inboxDetailTitle',
      fields: [created, request, sender, recipients],
      html: 'testo',
      htmlTestId: 'notification-text',
      onOpen: {
        call: {
          method: 'POST',
          path: `${markRead}/{id}`,
          refresh: { tables: lists, queries: ['notification-counts'] },
        },
        when: {
          all: [
            { query: 'mode', equals: 'ricevuti' },
            { field: 'conferma_lettura', equals: false },
          ],
        },
      },
    },
  ];
}

export const notificationTestIds = {
  row: 'notification-row',
  skeleton: 'notification-skeleton',
  empty: 'notifications-empty',
  total: 'notifications-total',
} as const;

export const notificationsTable = {
  name: 'notifications',
  caption: 'inboxTableCaption',
  scope: 'user',
  source: { path: '/notifiche_utente_list', params: ['mode'], rows: 'results' },
  paging: notificationPaging,
  columns: notificationColumns(
    '/marca_notifica_come_letta',
    ['notifications', 'notifications-archive'],
    true,
  ),
  emphasis: { field: 'conferma_lettura', equals: false },
  rowData: { read: 'conferma_lettura' },
  striped: true,
  minWidth: 760,
  skeletonRows: 5,
  empty: { text: 'inboxEmpty', placement: 'row' },
  // Spec 000 §8: a notification list that cannot be read is only logged.
  failure: { show: 'empty' },
  testIds: notificationTestIds,
} as const satisfies TableDeclaration;
