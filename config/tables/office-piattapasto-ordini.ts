/**
 * The Piattapasto order status table (route office-piattapasto, spec 002 §2.8, §3, §4.1, §9): the
 * company's orders, newest first, 5 a page by default; the status with the labels of §4.1 (shared
 * status set), when sending started and ended, the rows of the order and the outcome (the employees
 * the supplier refused with the reason, and a supplier-level error). A failure to load the history
 * shows the empty list (002 §7).
 */
import { screenConstants } from '../screen-constants';
import type { TableDeclaration } from './types';

export const piattapastoOrdersTable = {
  name: 'office-piattapasto-ordini',
  caption: 'piattaOrdersCaption',
  scope: 'company',
  source: { path: '/piattapasto_storico_ordini', rows: 'results' },
  paging: {
    mode: 'server',
    pageSizes: screenConstants.piattapastoOrderPageSizes,
    defaultPageSize: screenConstants.piattapastoOrderDefaultPageSize,
    texts: { pageSize: 'piattaPageSize' },
  },
  columns: [
    { kind: 'text', field: 'id', label: 'piattaColOrder' },
    { kind: 'date-time', field: 'created', label: 'boColCreated' },
    { kind: 'status', field: 'status', label: 'status', set: 'piattapasto-order', cardHeader: true },
    { kind: 'text', field: 'nbuoni_totali', label: 'piattaColVouchers' },
    { kind: 'euro', field: 'importo_totale', label: 'boColTotal' },
    { kind: 'date-time', field: 'start_time', label: 'piattaColStarted', empty: 'none' },
    { kind: 'date-time', field: 'stop_time', label: 'piattaColStopped', empty: 'none' },
    {
      kind: 'detail',
      field: 'json_data',
      label: 'piattaRowsTitle',
      hiddenLabel: true,
      buttonLabel: 'piattaRowsButton',
      ariaLabel: { text: 'piattaRowsAria', params: { id: 'id' } },
      title: 'piattaRowsTitle',
      fields: [
        { kind: 'text', field: 'id', label: 'piattaColOrder' },
        { kind: 'text', field: 'fornitore', label: 'piattaFieldSupplier' },
      ],
      list: {
        field: 'json_data',
        caption: 'piattaRowsTitle',
        columns: [
          { kind: 'text', field: 'nome', label: 'profileName' },
          { kind: 'text', field: 'email', label: 'profileEmail' },
          { kind: 'text', field: 'nbuoni', label: 'piattaColVouchers' },
          { kind: 'euro', field: 'val_buoni', label: 'piattaColValue' },
        ],
        empty: 'piattaOrdersEmpty',
      },
    },
    {
      kind: 'detail',
      field: 'json_error_detail',
      label: 'piattaColErrors',
      buttonLabel: 'piattaErrorsButton',
      ariaLabel: { text: 'piattaErrorsAria', params: { id: 'id' } },
      title: 'piattaErrorsTitle',
      fields: [
        { kind: 'status', field: 'status', label: 'status', set: 'piattapasto-order' },
        { kind: 'text', field: 'forn_error', label: 'piattaColSupplierError', empty: 'none' },
      ],
      list: {
        field: 'json_error_detail',
        caption: 'piattaErrorsList',
        columns: [
          { kind: 'text', field: 'nome', label: 'profileName' },
          { kind: 'text', field: 'email', label: 'profileEmail' },
          { kind: 'text', field: 'errore', label: 'piattaColReason' },
        ],
        empty: 'piattaErrorsNone',
        testId: 'piatta-error-detail',
      },
    },
  ],
  rowData: { status: 'status' },
  toolbar: { refresh: true },
  minWidth: 900,
  skeletonRows: 3,
  empty: { text: 'piattaOrdersEmpty', placement: 'row' },
  failure: { show: 'empty' },
  testIds: { row: 'piatta-order-row' },
} as const satisfies TableDeclaration;
