/** The archive of the notifications (spec 002 §2.7): the inbox's table on the `_archivio` calls. */
import { notificationColumns, notificationPaging, notificationTestIds } from './notifications';
import type { TableDeclaration } from './types';

export const notificationsArchiveTable = {
  name: 'notifications-archive',
  caption: 'inboxArchiveTableCaption',
  scope: 'user',
  source: { path: '/notifiche_utente_list_archivio', params: ['mode'], rows: 'results' },
  paging: notificationPaging,
  columns: notificationColumns('/marca_notifica_archivio_come_letta', [
    'notifications',
    'notifications-archive',
  ]),
  emphasis: { field: 'conferma_lettura', equals: false },
  rowData: { read: 'conferma_lettura' },
  striped: true,
  minWidth: 760,
  skeletonRows: 5,
  empty: { text: 'inboxEmpty', placement: 'row' },
  failure: { show: 'empty' },
  testIds: notificationTestIds,
} as const satisfies TableDeclaration;
