/**
 * First-home rent or mortgage reimbursement (001 §2 "Forms", §3 payload, §4, §5, §9): form kind 14,
 * paid by art51c3. The amortization plan exists only for category ids up to 68 and is required for
 * the mortgage categories 66, 67, 68.
 */
import type { FormDeclaration } from './types';

export const rimbAffMutui = {
  route_name: 'rimb-aff-mutui',
  kind: 14,
  title: 'titleRimbHome',
  schemaId: 'form-rimb-aff-mutui',
  uiSchema: {
    'ui:order': ['id_categ', 'importo', 'mesi_sel', 'docs'],
    id_categ: { 'ui:widget': 'category' },
    importo: { 'ui:widget': 'amount' },
    mesi_sel: { 'ui:widget': 'months', 'ui:errors': { minItems: 'formMonthsRequired' } },
    docs: { 'ui:field': 'documents' },
  },
  credit: 'art51c3',
  amountField: 'importo',
  amountWarning: 'formAmountOverCreditArt51c3',
  categories: { set: 14 },
  slots: [
    {
      name: 'doc_acq',
      label: 'formSlotContract',
      file_kind: 'doc_acq',
      exclude: [6, 7, 8, 29, 30],
      required: true,
    },
    {
      name: 'doc_extr_p',
      label: 'formSlotSelfCertification',
      file_kind: 'doc_extr_p',
      exclude: [13, 31],
      required: true,
    },
    {
      name: 'doc_pagam',
      label: 'formSlotReceipt',
      file_kind: 'doc_pagam',
      exclude: [31],
      required: true,
    },
    {
      name: 'doc_loan',
      label: 'formSlotAmortization',
      file_kind: 'doc_loan',
      exclude: [6, 7, 8, 27],
      required: { field: 'id_categ', in: [66, 67, 68] },
      requiredMessage: 'formAmortizationRequired',
      visibleWhen: { field: 'id_categ', atMost: 68 },
    },
  ],
  rules: ['months', 'amortization', 'documents'],
  intro: {
    infoModal: { title: 'titleRimbHome', body: 'formInfoRent' },
    documentationGroup: 'rimb-aff-mutui',
    showUserData: true,
  },
  successText: 'formSuccessRent',
  payload: {},
  replay: {
    id_categ: 'id_categ_id',
    importo: 'acquisto_row.importo_totale',
    mesi_sel: 'note.mesi',
  },
} as const satisfies FormDeclaration;
