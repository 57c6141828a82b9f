/**
 * The payout batches (route operatore-pagamenti, issue 26) for an operator not enabled to pay: the
 * declared `operator-batches` without the SEPA file and the batch actions (the server refuses them).
 */
import { operatorBatchesTable } from './operator-batches';
import type { TableDeclaration } from './types';

export const operatorBatchesViewTable = {
  ...operatorBatchesTable,
  name: 'operator-batches-view',
  columns: operatorBatchesTable.columns.filter((column) => column.kind !== 'download'),
  rowActions: [],
} as const satisfies TableDeclaration;
