/**
 * Consultant accesses (route office-consulenti, spec 002 §2.8, §6, §7, §9): the company's keys of api
 * users (`onlyapiuser`), 50 a page; revoking one, after confirmation, refuses the consultant at once.
 */
import { keyColumns, keyPaging, keyRefresh } from './office-chiavi';
import type { TableDeclaration } from './types';

export const consultantsTable = {
  name: 'office-consulenti',
  caption: 'boConsultantsCaption',
  scope: 'company',
  source: { path: '/chiavi_pubbliche', query: { onlyapiuser: true }, rows: 'results' },
  paging: keyPaging,
  columns: keyColumns,
  rowActions: [
    {
      kind: 'call',
      label: 'boConsultantRevoke',
      call: { method: 'DELETE', path: '/consulenti/{id}', refresh: keyRefresh },
      confirm: {
        title: 'boConsultantRevokeTitle',
        text: { text: 'boConsultantRevokeText', params: { name: 'api_user_name' } },
        confirmLabel: 'boConsultantRevoke',
      },
      success: 'boConsultantRevoked',
      failure: 'boConsultantRevokeFailed',
      color: 'red',
    },
  ],
  minWidth: 720,
  skeletonRows: 3,
  empty: { text: 'boConsultantsEmpty', placement: 'row' },
  failure: { show: 'server-error' },
  testIds: { row: 'consultant-row' },
} as const satisfies TableDeclaration;
