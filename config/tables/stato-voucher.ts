/**
 * The user's multi-use vouchers (stato-voucher, spec 002 §2.5, §3 Voucher, §4.3, §9): code (on one
 * line, with a copy button), consortium, dates, initial and residual credit, validity, and a detail modal with the voucher's movements (the
 * redemptions at suppliers, `voucher_credito_log`). Server paging with the spec's page sizes.
 */
import { screenConstants } from '../screen-constants';
import { constants } from '../constants';
import type { TableDeclaration } from './types';

export const voucherStatusTable = {
  name: 'stato-voucher',
  caption: 'voucherTableCaption',
  scope: 'user',
  source: { path: '/voucher_utente', rows: 'results' },
  paging: {
    mode: 'server',
    pageSizes: screenConstants.voucherPageSizes,
    defaultPageSize: screenConstants.voucherDefaultPageSize,
  },
  columns: [
    {
      kind: 'text',
      field: 'codice',
      label: 'voucherColCode',
      copy: { label: { text: 'voucherCopyCode', params: { code: 'codice' } }, done: 'voucherCodeCopied' },
    },
    { kind: 'text', field: 'nome_fornitore', label: 'voucherColConsortium' },
    // Labelled on the phone card too ("Scadenza: …"), not an unlabelled header.
    { kind: 'date', field: 'data_scadenza', label: 'movCreditExpiry' },
    { kind: 'euro', field: 'credito_iniziale', label: 'movCreditInitial' },
    { kind: 'euro', field: 'credito_residuo', label: 'voucherColResidual' },
    {
      kind: 'status',
      field: 'voucher_status.is_valid',
      label: 'voucherColValidity',
      set: 'voucher-validity',
    },
    {
      kind: 'detail',
      field: 'codice',
      label: 'voucherDetailButton',
      hiddenLabel: true,
      buttonLabel: 'voucherDetailButton',
      ariaLabel: { text: 'voucherDetailAria', params: { code: 'codice' } },
      title: 'voucherDetailTitle',
      fields: [
        { kind: 'text', field: 'codice', label: 'voucherColCode' },
        { kind: 'text', field: 'nome_fornitore', label: 'voucherColConsortium' },
        { kind: 'date', field: 'data_produzione', label: 'voucherColProduced' },
        { kind: 'date', field: 'data_scadenza', label: 'movCreditExpiry' },
        { kind: 'euro', field: 'credito_iniziale', label: 'movCreditInitial' },
        { kind: 'euro', field: 'credito_residuo', label: 'voucherColResidual' },
        { kind: 'text', field: 'voucher_status.dettaglio', label: 'voucherColValidity' },
      ],
      list: {
        field: 'voucher_credito_log',
        caption: 'voucherMovements',
        columns: [
          { kind: 'text', field: 'nome_fornitore', label: 'voucherMovSupplier' },
          { kind: 'euro', field: 'credito_scalato', label: 'voucherMovAmount' },
          { kind: 'date-time', field: 'data_movimento', label: 'date' },
        ],
        empty: 'voucherMovementsNone',
        testId: 'voucher-movements',
      },
    },
  ],
  rowKey: ['id_acquisto'],
  striped: true,
  minWidth: 760,
  skeletonRows: 3,
  tones: [{ tone: 'expiring', field: 'data_scadenza', withinDays: constants.expiryWarningDays }],
  empty: { text: 'voucherNone', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: { row: 'voucher-row', total: 'pager-total' },
} as const satisfies TableDeclaration;
