/**
 * The operator console's Piattapasto orders (route operatore-piattapasto, issue 26):
 * `GET /api/operatore/piattapasto` (the confirmed orders still to send first, then the most recent, 100
 * at most), 20 a page. "Invia ora" sends every confirmed order at once: the screen's button
 * (`features/operator/piattapasto-screen.tsx`), not a row action.
 */
import type { TableDeclaration } from './types';

export const operatorPiattapastoTable = {
  name: 'operator-piattapasto',
  caption: 'opPiattaTitle',
  scope: 'user',
  source: { path: '/operatore/piattapasto' },
  paging: { mode: 'client', pageSizes: [20, 50, 100], defaultPageSize: 20 },
  columns: [
    { kind: 'text', field: 'id', label: 'piattaColOrder' },
    { kind: 'date-time', field: 'creato_il', label: 'opColCreatedOn', cardHeader: true },
    { kind: 'status', field: 'stato', label: 'status', set: 'piattapasto-order', cardHeader: true },
    { kind: 'text', field: 'azienda', label: 'profileCompany', emphasis: true },
    { kind: 'text', field: 'fornitore', label: 'piattaFieldSupplier' },
    { kind: 'euro', field: 'valore_buono', label: 'piattaColValue' },
    { kind: 'text', field: 'errore', label: 'piattaColSupplierError', empty: 'none', maxChars: 60 },
  ],
  emphasis: { field: 'da_inviare', equals: true },
  rowData: { send: 'da_inviare' },
  toolbar: { refresh: true },
  minWidth: 900,
  skeletonRows: 4,
  empty: { text: 'opPiattaEmpty', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: { row: 'operator-piatta-row', empty: 'operator-piatta-empty' },
} as const satisfies TableDeclaration;
