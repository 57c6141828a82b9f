/**
 * The operator console's bulk imports (route operatore-importazioni, issue 26): the referents' imports of
 * the customers served, `GET /api/operatore/importazioni` (those awaiting a decision first, then the most
 * recent, 200 at most), 20 a page. A validated import (`da_decidere`) is accepted here after a
 * confirmation (it then runs on the job queue); "Rifiuta" asks for a note, so the screen composes it
 * (`features/operator/imports-screen.tsx`).
 */
import type { TableDeclaration } from './types';

export const operatorImportsTable = {
  name: 'operator-imports',
  caption: 'opImportsTitle',
  scope: 'user',
  source: { path: '/operatore/importazioni' },
  paging: { mode: 'client', pageSizes: [20, 50, 100], defaultPageSize: 20 },
  columns: [
    { kind: 'text', field: 'id', label: 'opColId' },
    { kind: 'date-time', field: 'creata_il', label: 'boColCreated', cardHeader: true },
    { kind: 'status', field: 'stato', label: 'status', set: 'import-job', cardHeader: true },
    { kind: 'text', field: 'cliente', label: 'opColCustomer' },
    { kind: 'text', field: 'azienda', label: 'profileCompany', emphasis: true },
    { kind: 'text', field: 'file', label: 'importColFile', maxChars: 40 },
    { kind: 'text', field: 'righe', label: 'opColRows', empty: 'none' },
    { kind: 'text', field: 'righe_con_avvisi', label: 'opColRowsWarnings', empty: 'none' },
    {
      kind: 'detail',
      field: 'note',
      label: 'importColNote',
      buttonLabel: 'boImportNoteShow',
      ariaLabel: { text: 'boImportNoteAria', params: { id: 'id' } },
      title: 'boImportNoteTitle',
      when: { field: 'note', notEquals: '' },
      fields: [{ kind: 'text', field: 'note', label: 'importColNote' }],
    },
  ],
  rowActions: [
    {
      kind: 'call',
      label: 'opImportAccept',
      call: { method: 'POST', path: '/operatore/importazioni/{id}/accetta' },
      when: { field: 'da_decidere', equals: true },
      confirm: {
        title: 'opImportAcceptTitle',
        text: { text: 'opImportAcceptText', params: { id: 'id', file: 'file' } },
        confirmLabel: 'opImportAccept',
      },
      success: 'opImportAccepted',
      failure: 'opImportAcceptFailed',
      color: 'brand',
    },
  ],
  emphasis: { field: 'da_decidere', equals: true },
  rowData: { decide: 'da_decidere' },
  toolbar: { refresh: true },
  minWidth: 1150,
  skeletonRows: 4,
  empty: { text: 'importEmpty', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: { row: 'operator-import-row', empty: 'operator-imports-empty' },
} as const satisfies TableDeclaration;
