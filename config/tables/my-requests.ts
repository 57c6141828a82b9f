/**
 * "Le mie richieste" (route mie-richieste, issue 26): the requests the employee sent from the forms,
 * newest first, one server page of `GET /api/mie_richieste` (sizes of `operatorPaging.myRequests`,
 * which the server's paging reads too), each with its stage and, while open, the day by which it is
 * expected to be paid; every row opens the request's timeline (dettaglio-richiesta).
 */
import { operatorPaging } from '../operator-console';
import type { TableDeclaration } from './types';

export const myRequestsTable = {
  name: 'my-requests',
  caption: 'myRequestsTitle',
  scope: 'user',
  source: { path: '/mie_richieste', rows: 'results' },
  paging: { mode: 'server', ...operatorPaging.myRequests },
  columns: [
    { kind: 'date', field: 'inviata_il', label: 'myRequestsSentOn', cardHeader: true },
    // Not on the phone card's first line: "Documenti richiesti" needs the card's whole width.
    { kind: 'status', field: 'stato', label: 'status', set: 'request-stage' },
    { kind: 'text', field: 'oggetto', label: 'movColObject', maxChars: 80 },
    { kind: 'euro', field: 'importo', label: 'amount' },
    {
      kind: 'date',
      field: 'entro_il',
      label: 'myRequestsExpectedPayment',
      text: 'myRequestsPaymentBy',
    },
  ],
  rowActions: [
    {
      kind: 'navigate',
      label: 'myRequestsOpen',
      ariaLabel: { text: 'myRequestsOpenLabel', params: { id: 'id_acquisto', object: 'oggetto' } },
      route: 'dettaglio-richiesta',
      params: { id_acquisto: 'id_acquisto' },
      testId: 'my-request-open',
    },
  ],
  rowKey: ['id_acquisto'],
  rowData: { stage: 'stato' },
  striped: true,
  minWidth: 760,
  skeletonRows: 5,
  empty: { text: 'myRequestsEmpty', help: 'myRequestsEmptyHelp', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: { row: 'my-request-row', skeleton: 'my-request-skeleton', empty: 'my-requests-empty' },
} as const satisfies TableDeclaration;
