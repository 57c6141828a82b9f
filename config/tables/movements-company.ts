/**
 * The movements of the company acted for (route office-transactionsdash, spec 000 §2, §6): the
 * user's columns plus the employee, no replay, `Act-For` from the table's company scope.
 */
import {
  movementAmountColumns,
  movementLeadColumns,
  movementPaging,
  movementTestIds,
} from './movements-user';
import type { TableDeclaration } from './types';

export const movementsCompanyTable = {
  name: 'movements-company',
  caption: 'movTableCaption',
  scope: 'company',
  source: {
    path: '/get_storico_transazioni/azienda',
    params: ['date_start', 'date_stop', 'search'],
    rows: 'results',
  },
  paging: movementPaging,
  columns: [
    ...movementLeadColumns,
    { kind: 'text', field: 'dipendente', label: 'movColEmployee' },
    ...movementAmountColumns,
  ],
  totalsLabel: 'movTotals',
  striped: true,
  minWidth: 1040,
  skeletonRows: 5,
  empty: { text: 'movEmpty', help: 'movEmptyHelp', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: movementTestIds,
} as const satisfies TableDeclaration;
