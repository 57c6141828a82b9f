/** Utility bills reimbursement (001 §2 "Forms", §3 payload, §5, §9): form kind 13, paid by art51c3. */
import type { FormDeclaration } from './types';

export const rimbBollette = {
  route_name: 'rimb-bollette',
  kind: 13,
  title: 'titleRimbBills',
  schemaId: 'form-rimb-bollette',
  uiSchema: {
    'ui:order': ['id_categ', 'importo', 'docs'],
    id_categ: { 'ui:widget': 'category' },
    importo: { 'ui:widget': 'amount' },
    docs: { 'ui:field': 'documents' },
  },
  credit: 'art51c3',
  amountField: 'importo',
  amountWarning: 'formAmountOverCreditArt51c3',
  categories: { set: 13 },
  slots: [
    {
      name: 'doc_acq',
      label: 'formSlotBill',
      file_kind: 'doc_acq',
      exclude: [28],
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
      label: 'formSlotPayment',
      file_kind: 'doc_pagam',
      exclude: [31],
      required: true,
    },
    {
      name: 'doc_extra',
      label: 'formSlotCashReceipt',
      file_kind: 'doc_extra',
      exclude: [2, 3, 4, 5, 13],
      required: false,
    },
  ],
  rules: ['documents'],
  intro: {
    infoModal: { title: 'titleRimbBills', body: 'formInfoBills' },
    documentationGroup: 'rimb-bollette',
    showUserData: true,
  },
  successText: 'formSuccessBills',
  payload: {},
  replay: {
    id_categ: 'id_categ_id',
    importo: 'acquisto_row.importo_totale',
  },
} as const satisfies FormDeclaration;
