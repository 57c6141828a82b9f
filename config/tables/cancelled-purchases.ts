/** Cancelled purchases (modal of the movement history, spec 000 §2, §3 Cancelled purchase, §9). */
import { screenConstants } from '../screen-constants';
import type { TableDeclaration } from './types';

export const cancelledPurchasesTable = {
  name: 'cancelled-purchases',
  caption: 'movCancelled',
  scope: 'user',
  source: { path: '/acquisti_annullati', rows: 'results' },
  paging: {
    mode: 'server',
    pageSizes: screenConstants.cancelledPurchasesPageSizes,
    defaultPageSize: screenConstants.cancelledPurchasesDefaultPageSize,
    texts: { pageSize: 'tableRowsPerPage', total: 'tableTotal', pages: 'tablePages', page: 'tablePage' },
  },
  columns: [
    { kind: 'status', field: 'kind', label: 'movColKind', set: 'movement-kind', plain: true },
    { kind: 'text', field: 'id', label: 'movCancelledId' },
    { kind: 'text', field: 'oggetto', label: 'movColObject', empty: 'movHidden' },
    { kind: 'date-time', field: 'created', label: 'date', cardHeader: true },
    { kind: 'euro', field: 'importo_unitario', label: 'movCancelledAmount' },
  ],
  rowKey: ['kind', 'id'],
  striped: true,
  minWidth: 640,
  skeletonRows: 3,
  empty: { text: 'movCancelledNone', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: { row: 'cancelled-row', total: 'pager-total' },
} as const satisfies TableDeclaration;
