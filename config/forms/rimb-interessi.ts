/** Loan interest reimbursement (001 §2 "Forms", §3 payload, §5, §9): form kind 3, paid by the total credit. */
import type { FormDeclaration } from './types';

export const rimbInteressi = {
  route_name: 'rimb-interessi',
  kind: 3,
  title: 'titleRimbInterest',
  schemaId: 'form-rimb-interessi',
  uiSchema: {
    'ui:order': [
      'id_categ',
      'data_rata',
      'importo_interessi',
      'intestatari',
      'importo_max_rimb',
      'quant_rimb',
      'importo',
      'iban',
      'docs',
    ],
    id_categ: { 'ui:widget': 'category' },
    data_rata: { 'ui:widget': 'date', 'ui:options': { minMonthsFromToday: 1 } },
    // The calculator renders interest, holders, maximum, full/partial choice and amount together.
    importo_interessi: { 'ui:field': 'loan-calculator' },
    intestatari: { 'ui:field': 'consumed' },
    importo_max_rimb: { 'ui:field': 'consumed' },
    quant_rimb: { 'ui:field': 'consumed' },
    importo: { 'ui:field': 'consumed' },
    iban: { 'ui:widget': 'iban', 'ui:errors': { pattern: 'formIbanInvalid' } },
    docs: { 'ui:field': 'documents' },
  },
  credit: 'totale',
  amountField: 'importo',
  amountWarning: 'formAmountOverCredit',
  categories: { set: 3 },
  slots: [
    {
      name: 'doc_rata',
      label: 'formSlotLastInstalment',
      file_kind: 'doc_rata',
      exclude: [17, 18, 22, 23],
      required: true,
    },
    {
      name: 'doc_loan',
      label: 'formSlotAmortization',
      file_kind: 'doc_loan',
      exclude: [6, 7, 8, 27],
      required: true,
    },
  ],
  rules: ['loan', 'iban', 'documents'],
  intro: {
    infoModal: { title: 'titleRimbInterest', body: 'formInfoInterest' },
    tutorialSlug: 'rimb-interessi',
  },
  successText: 'formSuccessInterest',
  payload: {},
  replay: {
    id_categ: 'id_categ_id',
    importo: 'acquisto_row.importo_totale',
    importo_interessi: 'note.quota_interessi',
    intestatari: 'note.intest_mutuo',
    iban: 'note.iban',
    quant_rimb: { from: 'note.tot_loan', map: { part: 'parziale', '*': 'massima' } },
  },
} as const satisfies FormDeclaration;
