/**
 * The company's bulk credit imports (route office-import-anagrafiche-crediti, spec 002 §2.10, §3, §4.2,
 * §7, §8, §9): id, status (the import-job set), the input and output files (their names download
 * them), the note ("Visualizza" opens "Dettaglio Nota", only when there is one) and "Annulla" only in
 * VALIDATION_COMPLETED or VALIDATION_COMPLETED_WITH_WARNINGS (issue 28: an import with anomalies can be
 * stopped too; the server's `CANCELLABLE`) after the confirmation; the whole list in one answer, 10 rows a page, no sorting.
 */
import type { TableDeclaration } from './types';

export const importsTable = {
  name: 'office-import',
  caption: 'importJobsTitle',
  scope: 'company',
  source: { path: '/importtools' },
  paging: { mode: 'client', pageSizes: [10], defaultPageSize: 10 },
  columns: [
    { kind: 'text', field: 'id', label: 'movCancelledId' },
    { kind: 'status', field: 'status', label: 'status', set: 'import-job', cardHeader: true },
    {
      kind: 'download',
      field: 'input_filename',
      label: 'boImportColInput',
      call: { path: '/importtools/{id}/input' },
      linkLabel: 'tableDownload',
      showValue: true,
      ariaLabel: { text: 'boImportDownloadAria', params: { file: 'input_filename' } },
      failure: 'boDownloadFailed',
    },
    {
      kind: 'download',
      field: 'output_filename',
      label: 'boImportColOutput',
      call: { path: '/importtools/{id}/output' },
      linkLabel: 'tableDownload',
      showValue: true,
      ariaLabel: { text: 'boImportDownloadAria', params: { file: 'output_filename' } },
      failure: 'boDownloadFailed',
    },
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
      label: 'cancel',
      call: { method: 'POST', path: '/importtools/{id}/annulla' },
      when: { field: 'status', in: ['VALIDATION_COMPLETED', 'VALIDATION_COMPLETED_WITH_WARNINGS'] },
      confirm: {
        title: 'boImportCancelTitle',
        text: { text: 'boImportCancelText', params: {} },
        confirmLabel: 'boImportCancelYes',
        cancelLabel: 'no',
      },
      success: 'boImportCancelled',
      failure: 'boImportCancelFailed',
      color: 'red',
    },
  ],
  minWidth: 760,
  skeletonRows: 3,
  empty: { text: 'importEmpty', placement: 'row' },
  failure: { show: 'empty' },
  testIds: { row: 'import-row' },
} as const satisfies TableDeclaration;
