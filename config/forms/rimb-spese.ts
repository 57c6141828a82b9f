/** Expenses reimbursement (001 §2 "Forms", §3 payload, §5, §9): form kind 1, paid by the total credit. */
import { beneficiaryReplay, beneficiaryUi, familyDocumentSlot } from './beneficiary';
import type { FormDeclaration } from './types';

export const rimbSpese = {
  route_name: 'rimb-spese',
  kind: 1,
  title: 'boKindExpenses',
  schemaId: 'form-rimb-spese',
  uiSchema: {
    'ui:order': ['id_categ', 'importo', 'docs', 'me_stesso', '*'],
    id_categ: { 'ui:widget': 'category' },
    importo: { 'ui:widget': 'amount' },
    docs: { 'ui:field': 'documents' },
    ...beneficiaryUi,
  },
  credit: 'totale',
  amountField: 'importo',
  amountWarning: 'formAmountOverCredit',
  categories: { set: 1 },
  slots: [
    {
      name: 'doc_pagam',
      label: 'formSlotPayment',
      file_kind: 'doc_pagam',
      exclude: [31],
      required: true,
      help: 'formSlotPaymentHelp',
    },
    {
      name: 'doc_acq',
      label: 'formSlotPurchase',
      file_kind: 'doc_acq',
      exclude: [28],
      required: true,
    },
    {
      name: 'doc_extra',
      label: 'formSlotExtra',
      file_kind: 'doc_extra',
      exclude: [2, 3, 4, 5, 13],
      required: false,
    },
    familyDocumentSlot,
  ],
  rules: ['beneficiary', 'documents'],
  intro: {
    infoModal: { title: 'boKindExpenses', body: 'formInfoExpenses' },
    tutorialSlug: 'rimb-spese',
    documentationGroup: 'rimb-spese',
  },
  successText: 'formSuccessExpenses',
  payload: {},
  replay: {
    id_categ: 'id_categ_id',
    importo: 'acquisto_row.importo_totale',
    ...beneficiaryReplay,
  },
  movement: { soggetto: 'beneficiary' },
} as const satisfies FormDeclaration;
