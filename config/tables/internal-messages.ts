/**
 * What the company acted for sent with the internal messaging (route office-mess-interna, spec 002
 * §2.8): the "sent messages" modal and its archive, on the calls `comunicazioni_interne_inviate` and
 * `comunicazioni_interne_inviate_archivio` (`Act-For` from the company scope); server paging like the
 * inbox; the detail shows the sanitized HTML.
 */
import { notificationPaging } from './notifications';
import type { TableColumn, TableDeclaration } from './types';

const created = { kind: 'date-time', field: 'created', label: 'date' } as const;
const sender = { kind: 'text', field: 'nome_mittente', label: 'inboxColSender' } as const;
const recipients = { kind: 'text', field: 'nomi_destinatari', label: 'inboxColRecipients' } as const;

const columns: readonly TableColumn[] = [
  { ...created, cardHeader: true, emphasis: true },
  sender,
  recipients,
  {
    kind: 'boolean',
    field: 'conferma_lettura',
    label: 'inboxColRead',
    trueLabel: 'messReadByAll',
    falseLabel: 'messNotReadByAll',
    icons: 'check',
    cardHeader: true,
  },
  {
    kind: 'detail',
    field: 'id',
    label: 'detail',
    hiddenLabel: true,
    buttonLabel: 'inboxOpen',
    ariaLabel: { text: 'messOpenLabel', params: { date: 'created' } },
    title: 'messDetailTitle',
    fields: [created, sender, recipients],
    html: 'testo',
    htmlTestId: 'internal-message-text',
  },
];

/** The inbox's page sizes, with texts about messages. */
const paging = {
  ...notificationPaging,
  texts: { ...notificationPaging.texts, pageSize: 'messPageSize', pages: 'messPages' },
} as const;

const testIds = {
  row: 'internal-message-row',
  skeleton: 'internal-message-skeleton',
  empty: 'internal-messages-empty',
  total: 'internal-messages-total',
} as const;

export const internalMessagesTable = {
  name: 'internal-messages',
  caption: 'messSentTableCaption',
  scope: 'company',
  source: { path: '/comunicazioni_interne_inviate', rows: 'results' },
  paging,
  columns,
  striped: true,
  minWidth: 720,
  skeletonRows: 5,
  empty: { text: 'messSentEmpty', placement: 'row' },
  failure: { show: 'server-error' },
  testIds,
} as const satisfies TableDeclaration;
