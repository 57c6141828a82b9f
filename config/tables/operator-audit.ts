/**
 * The operator console's audit log (route operatore-registro, issue 26): one server page of
 * `GET /api/operatore/registro` (sizes of `operatorPaging.audit`), newest first; the operator is
 * searched by part of the e-mail, the action chosen among the `azioni` the log answers; the changes
 * are shown as compact JSON, cut to 80 characters (the whole text in the cell's title).
 */
import { operatorPaging } from '../operator-console';
import type { TableDeclaration } from './types';

export const operatorAuditTable = {
  name: 'operator-audit',
  caption: 'opAuditTitle',
  scope: 'user',
  source: { path: '/operatore/registro', rows: 'results' },
  paging: { mode: 'server', ...operatorPaging.audit, texts: { pageSize: 'opAuditPageSize' } },
  search: { param: 'operatore', label: 'opAuditOperator', minChars: 2, debounceMs: 500, maxLength: 320 },
  filters: [
    {
      kind: 'source-select',
      param: 'azione',
      label: 'opColAction',
      source: { path: '/operatore/registro' },
      rows: 'azioni',
    },
  ],
  columns: [
    { kind: 'date-time', field: 'quando', label: 'opColWhen', cardHeader: true },
    { kind: 'text', field: 'azione', label: 'opColAction', cardHeader: true },
    { kind: 'text', field: 'operatore', label: 'opColOperator' },
    { kind: 'text', field: 'oggetto', label: 'movColObject' },
    { kind: 'text', field: 'id_oggetto', label: 'opColObjectId' },
    { kind: 'text', field: 'indirizzo', label: 'opColAddress' },
    { kind: 'text', field: 'modifiche', label: 'opColChanges', maxChars: 80 },
  ],
  striped: true,
  minWidth: 1100,
  skeletonRows: 5,
  empty: { text: 'opAuditEmpty', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: { row: 'operator-audit-row', empty: 'operator-audit-empty' },
} as const satisfies TableDeclaration;
