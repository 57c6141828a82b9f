/**
 * An employee's files (route office-user-files, spec 002 §2.8, §3, §5, §7): the user picker lists every
 * employee with the e-mail (namesakes apart), ceased ones marked "Cessato"; nothing is asked until one is chosen ("Nessun utente
 * selezionato, seleziona un utente per vedere i files."); filters by file type, request kind and
 * request number; each file downloads with the employee's `uid`.
 */
import type { TableDeclaration } from './types';

export const userFilesTable = {
  name: 'office-user-files',
  caption: 'boFilesCaption',
  scope: 'company',
  source: { path: '/documenti_utente_azienda' },
  paging: { mode: 'client', pageSizes: [10, 25, 50], defaultPageSize: 10 },
  search: { param: 'id_ordine', label: 'boFileOrder', minChars: 1, debounceMs: 500, maxLength: 12 },
  filters: [
    {
      kind: 'user-picker',
      param: 'uid',
      label: 'movColEmployee',
      source: { path: '/utenti_azienda' },
      valueField: 'uid',
      labelField: ['cognome', 'nome'],
      detailField: 'email',
      mark: { field: 'is_cessato', label: 'boCeased' },
    },
    {
      kind: 'select',
      param: 'id_tipo_file',
      label: 'filesFilterType',
      options: [
        { value: '1', label: 'boTypeInvoice' },
        { value: '2', label: 'boTypeTransfer' },
        { value: '6', label: 'boTypeReceipt' },
        { value: '7', label: 'boTypeSlip' },
        { value: '14', label: 'boTypeFamily' },
        { value: '24', label: 'boTypeId' },
      ],
    },
    {
      kind: 'select',
      param: 'id_categoria',
      label: 'boFileCategory',
      options: [
        { value: '1', label: 'boKindExpenses' },
        { value: '3', label: 'boKindInterest' },
        { value: '4', label: 'boKindOnDemand' },
        { value: '7', label: 'boKindPension' },
        { value: '13', label: 'boKindBills' },
        { value: '14', label: 'boKindHome' },
      ],
    },
  ],
  requires: { param: 'uid', text: 'boFilesNoUser' },
  columns: [
    { kind: 'text', field: 'nome_file', label: 'importColFile' },
    { kind: 'text', field: 'tipo_file', label: 'filesFilterType' },
    { kind: 'text', field: 'oggetto', label: 'boColRequest', empty: 'boNoRequest' },
    { kind: 'text', field: 'id_ordine', label: 'inboxColRequest', empty: 'boNoApiUser' },
    { kind: 'date-time', field: 'created', label: 'boColUploaded' },
    {
      kind: 'download',
      field: 'id_resource',
      label: 'importColFile',
      hiddenLabel: true,
      call: { path: '/download_document_azienda/{id_resource}' },
      query: { uid: 'uid' },
      linkLabel: 'tableDownload',
      ariaLabel: { text: 'boFileDownloadAria', params: { name: 'nome_file' } },
    },
  ],
  rowKey: ['id_resource'],
  minWidth: 820,
  skeletonRows: 3,
  empty: { text: 'boFilesEmpty', placement: 'row' },
  failure: { show: 'server-error' },
  testIds: { row: 'user-file-row' },
} as const satisfies TableDeclaration;
