/**
 * The company's Loyalty and Incentive top-up requests (route office-incentive-toduba, spec 002 §2.9):
 * amount, fee, VAT and invoice total, and the pro-forma PDF of each.
 */
import type { TableDeclaration } from './types';

export const topupsTable = {
  name: 'office-ricariche',
  caption: 'boTopupsCaption',
  scope: 'company',
  source: { path: '/ricarica_incentive' },
  paging: { mode: 'client', pageSizes: [5, 10, 25], defaultPageSize: 5 },
  columns: [
    { kind: 'text', field: 'id', label: 'movCancelledId' },
    { kind: 'date-time', field: 'created', label: 'boColCreated', cardHeader: true },
    { kind: 'euro', field: 'importo_ricarica', label: 'amount' },
    { kind: 'euro', field: 'commissione', label: 'boColFee' },
    { kind: 'euro', field: 'iva', label: 'boColVat' },
    { kind: 'euro', field: 'totale', label: 'boColTotal' },
    {
      kind: 'download',
      field: 'id',
      label: 'boColProforma',
      call: { path: '/ricarica_incentive/{id}/proforma' },
      linkLabel: 'boProformaDownload',
      ariaLabel: { text: 'boProformaAria', params: { id: 'id' } },
    },
  ],
  minWidth: 760,
  skeletonRows: 2,
  empty: { text: 'boTopupsEmpty', placement: 'row' },
  failure: { show: 'server-error' },
  testIds: { row: 'topup-row' },
} as const satisfies TableDeclaration;
