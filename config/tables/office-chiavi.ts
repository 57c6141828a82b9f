/**
 * The company's public keys (route office-cifratura-chain, spec 002 §2.8, §3, §7, §9): id, key,
 * api user, created; 50 a page (10/25/50/100/500); a key is deleted after confirmation. The
 * consultants' table (office-consulenti.ts) is the same call with `onlyapiuser`.
 */
import type { TableColumn, TableDeclaration } from './types';

export const keyColumns = [
  { kind: 'text', field: 'id', label: 'movCancelledId' },
  { kind: 'text', field: 'chiave_pubblica', label: 'boColPublicKey', maxChars: 24 },
  { kind: 'text', field: 'api_user_name', label: 'boColApiUser', empty: 'boNoApiUser' },
  { kind: 'date-time', field: 'created', label: 'boColCreated' },
] as const satisfies readonly TableColumn[];

export const keyPaging = { mode: 'server', pageSizes: [10, 25, 50, 100, 500], defaultPageSize: 50 } as const;

export const keyRefresh = { tables: ['office-chiavi', 'office-consulenti'] } as const;

export const keysTable = {
  name: 'office-chiavi',
  caption: 'boKeysCaption',
  scope: 'company',
  source: { path: '/chiavi_pubbliche', rows: 'results' },
  paging: keyPaging,
  columns: keyColumns,
  rowActions: [
    {
      kind: 'call',
      label: 'boKeyDelete',
      call: { method: 'DELETE', path: '/chiavi_pubbliche/{id}', refresh: keyRefresh },
      confirm: {
        title: 'boKeyDeleteTitle',
        text: { text: 'boKeyDeleteText', params: { id: 'id' } },
        confirmLabel: 'boKeyDelete',
      },
      success: 'boKeyDeleted',
      failure: 'boKeyDeleteFailed',
      color: 'red',
    },
  ],
  minWidth: 720,
  skeletonRows: 3,
  empty: { text: 'boKeysEmpty', placement: 'row' },
  failure: { show: 'server-error' },
  testIds: { row: 'key-row' },
} as const satisfies TableDeclaration;
