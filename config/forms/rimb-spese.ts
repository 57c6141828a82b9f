/** Expenses reimbursement (001 §2 "Forms", §3 payload, §5, §9): form kind 1, paid by the total credit. */
import { beneficiaryReplay, beneficiaryUi, familyDocumentSlot } from './beneficiary';
import type { FormDeclaration } from './types';

export const rimbSpese = {
  route_name: 'rimb-spese',
  kind: 1,
  title: 'Rimborso spese',
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
      label: 'Documento di pagamento',
      file_kind: 'doc_pagam',
      exclude: [31],
      required: true,
      help: 'La data del documento è la data del pagamento.',
    },
    {
      name: 'doc_acq',
      label: 'Documento di acquisto',
      file_kind: 'doc_acq',
      exclude: [28],
      required: true,
    },
    {
      name: 'doc_extra',
      label: 'Documento aggiuntivo (facoltativo)',
      file_kind: 'doc_extra',
      exclude: [2, 3, 4, 5, 13],
      required: false,
    },
    familyDocumentSlot,
  ],
  rules: ['beneficiary', 'documents'],
  intro: {
    infoModal: { title: 'Rimborso spese', body: 'formInfoExpenses' },
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
