/**
 * The operator console's review queue (route home-operatore, issue 26): the requests waiting for a
 * decision, oldest first, one server page of `GET /api/operatore/richieste` (sizes of
 * `operatorPaging.queue`, which the server's paging reads too). The customer, company and form filters
 * take their choices from `GET /api/operatore/profilo`; each row opens the request's page.
 */
import { operatorPaging } from '../operator-console';
import type { TableDeclaration } from './types';

const profile = { path: '/operatore/profilo' } as const;

export const operatorQueueTable = {
  name: 'operator-queue',
  caption: 'opQueueTitle',
  scope: 'user',
  source: { path: '/operatore/richieste', rows: 'results' },
  paging: { mode: 'server', ...operatorPaging.queue, texts: { pageSize: 'opQueuePageSize' } },
  filters: [
    {
      kind: 'select',
      param: 'stato',
      label: 'status',
      options: [
        { value: 'inviata', label: 'requestSent' },
        { value: 'in_verifica', label: 'requestInReview' },
        { value: 'documenti_richiesti', label: 'requestDocumentsAsked' },
      ],
    },
    {
      kind: 'source-select',
      param: 'cliente',
      label: 'opColCustomer',
      source: profile,
      rows: 'clienti',
      valueField: 'id',
      labelField: 'nome',
    },
    {
      kind: 'source-select',
      param: 'azienda',
      label: 'profileCompany',
      source: profile,
      rows: 'aziende',
      valueField: 'id',
      labelField: 'nome',
    },
    {
      kind: 'source-select',
      param: 'modulo',
      label: 'opColForm',
      source: profile,
      rows: 'moduli',
      valueField: 'route',
      labelField: 'titolo',
    },
    {
      kind: 'text',
      param: 'importo_min',
      label: 'opFilterAmountMin',
      format: 'decimal',
      maxLength: 12,
      debounceMs: 600,
    },
    {
      kind: 'text',
      param: 'importo_max',
      label: 'opFilterAmountMax',
      format: 'decimal',
      maxLength: 12,
      debounceMs: 600,
    },
    {
      kind: 'text',
      param: 'giorni_min',
      label: 'opFilterDaysMin',
      format: 'integer',
      maxLength: 4,
      debounceMs: 600,
    },
  ],
  columns: [
    { kind: 'text', field: 'id_acquisto', label: 'opColId' },
    { kind: 'date', field: 'inviata_il', label: 'myRequestsSentOn', cardHeader: true },
    { kind: 'status', field: 'stato', label: 'status', set: 'request-stage', cardHeader: true },
    { kind: 'text', field: 'giorni', label: 'opColDays' },
    { kind: 'euro', field: 'importo', label: 'amount' },
    { kind: 'text', field: 'tipo', label: 'requestKind', maxChars: 60 },
    { kind: 'text', field: 'dipendente', label: 'movColEmployee' },
    { kind: 'text', field: 'azienda', label: 'profileCompany' },
    { kind: 'text', field: 'cliente', label: 'opColCustomer' },
    {
      kind: 'boolean',
      field: 'prima_approvazione',
      label: 'requestEventFirstApproval',
      trueLabel: 'yes',
      falseLabel: 'no',
    },
  ],
  rowActions: [
    {
      kind: 'navigate',
      label: 'inboxOpen',
      ariaLabel: { text: 'opQueueOpenLabel', params: { id: 'id_acquisto' } },
      route: 'operatore-richiesta',
      params: { id_acquisto: 'id_acquisto' },
      testId: 'operator-request-open',
    },
  ],
  rowKey: ['id_acquisto'],
  rowData: { stage: 'stato' },
  striped: true,
  minWidth: 1100,
  skeletonRows: 5,
  empty: { text: 'opQueueEmpty', help: 'opQueueEmptyHelp', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: { row: 'operator-queue-row', skeleton: 'operator-queue-skeleton', empty: 'operator-queue-empty' },
} as const satisfies TableDeclaration;
