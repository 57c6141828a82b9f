/**
 * The operator console's conventions suppliers (route operatore-fornitori, issue 26):
 * `GET /api/operatore/fornitori`, 20 a page, whether each has an API key. A new key is shown once in a
 * dialog, so the screen composes its button (`features/operator/suppliers-screen.tsx`).
 */
import type { TableDeclaration } from './types';

export const operatorSuppliersTable = {
  name: 'operator-suppliers',
  caption: 'opSuppliersTitle',
  scope: 'user',
  source: { path: '/operatore/fornitori' },
  paging: { mode: 'client', pageSizes: [20, 50, 100], defaultPageSize: 20 },
  columns: [
    { kind: 'text', field: 'id', label: 'opColId' },
    { kind: 'text', field: 'nome', label: 'profileName', cardHeader: true },
    { kind: 'text', field: 'comune', label: 'opColCity', empty: 'none' },
    { kind: 'text', field: 'provincia', label: 'opColProvince', empty: 'none' },
    {
      kind: 'boolean',
      field: 'ha_chiave',
      label: 'opColApiKey',
      trueLabel: 'opKeyActive',
      falseLabel: 'opKeyMissing',
    },
  ],
  toolbar: { refresh: true },
  minWidth: 720,
  skeletonRows: 4,
  empty: { text: 'opSuppliersEmpty', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: { row: 'operator-supplier-row', empty: 'operator-suppliers-empty' },
} as const satisfies TableDeclaration;
