/**
 * The operator console's payout batches (route operatore-pagamenti, issue 26): the `lotti` of
 * `GET /api/operatore/pagamenti`, newest first as the server sends them; an open batch offers its
 * SEPA file, "Segna come eseguito" and "Annulla lotto", each asked first.
 */
import type { TableDeclaration } from './types';

const open = { field: 'stato', equals: 'aperto' } as const;
const refresh = {
  tables: ['operator-batches', 'operator-batches-view'],
  queries: ['operator-payouts'],
} as const;

export const operatorBatchesTable = {
  name: 'operator-batches',
  caption: 'opBatches',
  scope: 'user',
  source: { path: '/operatore/pagamenti', rows: 'lotti' },
  paging: { mode: 'none' },
  columns: [
    { kind: 'text', field: 'id', label: 'opColBatch' },
    { kind: 'date', field: 'data_esecuzione', label: 'opColExecution', cardHeader: true },
    { kind: 'status', field: 'stato', label: 'status', set: 'payout-batch', cardHeader: true },
    { kind: 'text', field: 'bonifici', label: 'opColTransfers' },
    { kind: 'euro', field: 'totale', label: 'amount' },
    { kind: 'text', field: 'conto', label: 'opAccount' },
    { kind: 'text', field: 'creato_da', label: 'opColCreatedBy' },
    { kind: 'date-time', field: 'creato_il', label: 'opColCreatedOn' },
    { kind: 'date-time', field: 'chiuso_il', label: 'opColClosedOn', empty: 'none' },
    {
      kind: 'download',
      field: 'id',
      label: 'opSepaDownload',
      hiddenLabel: true,
      call: { path: '/operatore/pagamenti/{id}/sepa' },
      linkLabel: 'opSepaDownload',
      failure: 'opSepaFailed',
      when: open,
    },
  ],
  rowActions: [
    {
      kind: 'call',
      label: 'opBatchExecute',
      call: { method: 'POST', path: '/operatore/pagamenti/{id}/eseguito', refresh },
      when: open,
      confirm: {
        title: 'opBatchExecuteTitle',
        text: { text: 'opBatchExecuteText', params: { id: 'id' } },
        confirmLabel: 'opBatchExecute',
      },
      success: 'opBatchExecuted',
      failure: 'opBatchExecuteFailed',
      color: 'brand',
    },
    {
      kind: 'call',
      label: 'opBatchCancel',
      call: { method: 'POST', path: '/operatore/pagamenti/{id}/annulla', refresh },
      when: open,
      confirm: {
        title: 'opBatchCancelTitle',
        text: { text: 'opBatchCancelText', params: { id: 'id' } },
        confirmLabel: 'opBatchCancel',
        cancelLabel: 'close',
      },
      success: 'opBatchCancelled',
      failure: 'opBatchCancelFailed',
      color: 'red',
    },
  ],
  rowData: { batch: 'stato' },
  striped: true,
  minWidth: 1100,
  skeletonRows: 3,
  empty: { text: 'opBatchesEmpty', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: { row: 'operator-batch-row', empty: 'operator-batches-empty' },
} as const satisfies TableDeclaration;
