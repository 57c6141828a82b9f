/** On-demand quote (001 §2 "Forms", §3 payload, §5, §9): form kind 4, paid by the total credit. */
import { beneficiaryReplay, beneficiaryUi, familyDocumentSlot } from './beneficiary';
import type { FormDeclaration } from './types';

export const convOndemand = {
  route_name: 'conv-ondemand',
  kind: 4,
  title: 'boKindOnDemand',
  schemaId: 'form-conv-ondemand',
  uiSchema: {
    'ui:order': ['id_categ', 'importo', 'data_scadenza', 'note', 'docs', 'fornitore', 'me_stesso', '*'],
    id_categ: { 'ui:widget': 'category' },
    importo: { 'ui:widget': 'amount' },
    data_scadenza: { 'ui:widget': 'date' },
    note: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
    docs: { 'ui:field': 'documents' },
    // The block renders the supplier's fields; their error texts are still the declaration's.
    fornitore: { 'ui:field': 'supplier', p_iva: { 'ui:errors': { pattern: 'formVatInvalid' } } },
    ...beneficiaryUi,
  },
  credit: 'totale',
  amountField: 'importo',
  amountWarning: 'formAmountOverCredit',
  categories: { set: 4 },
  slots: [
    {
      name: 'doc_preven',
      label: 'formSlotQuote',
      file_kind: 'doc_preven',
      exclude: [27, 29, 30],
      required: true,
      requiredMessage: 'formQuoteRequired',
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
  rules: ['supplier', 'beneficiary', 'documents'],
  intro: {},
  successText: 'formSuccessOndemand',
  payload: { blankToNull: ['note'] },
  replay: {
    id_categ: 'id_categ_id',
    importo: 'acquisto_row.importo_totale',
    note: 'note.note',
    'fornitore.p_iva': 'fornitore.p_iva',
    // The rest of the supplier is in the answer, but the form takes it again from the VAT number.
    'fornitore.ragione_sociale': { from: 'fornitore.ragione_sociale', answerOnly: true },
    'fornitore.indirizzo': { from: 'fornitore.indirizzo', answerOnly: true },
    'fornitore.citta': { from: 'fornitore.citta', answerOnly: true },
    'fornitore.iban': { from: 'fornitore.iban', answerOnly: true },
    ...beneficiaryReplay,
  },
  movement: { soggetto: 'supplier' },
} as const satisfies FormDeclaration;
