/**
 * Supplementary pension payment (001 §2 "Forms", §3 payload, §4 "Pension", §5, §9): form kind 7, paid
 * by the total credit. The fund starts from the user's saved fund (`user_anag.covip_fondo`);
 * `istituto` and `nome` are shown read-only and removed before sending; blank notes go as null.
 */
import type { FormDeclaration } from './types';

export const convPrevidenzaIntegrativa = {
  route_name: 'conv-previdenza-integrativa',
  kind: 7,
  title: 'boKindPension',
  schemaId: 'form-conv-previdenza-integrativa',
  uiSchema: {
    'ui:order': ['prev_ok', 'covip', 'istituto', 'nome', 'importo', 'note'],
    prev_ok: { 'ui:widget': 'consent', 'ui:errors': { const: 'formPensionConsentRequired' } },
    // The fund search renders the read-only institute, name and COVIP code of the chosen fund.
    covip: { 'ui:field': 'pension-fund' },
    istituto: { 'ui:field': 'consumed' },
    nome: { 'ui:field': 'consumed' },
    importo: { 'ui:widget': 'amount' },
    note: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
  },
  credit: 'totale',
  amountField: 'importo',
  amountWarning: 'formAmountOverCreditPension',
  categories: false,
  slots: [],
  rules: ['pension'],
  intro: {
    infoModal: { title: 'boKindPension', body: 'formInfoPension' },
    tutorialSlug: 'conv-previdenza-integrativa',
    documentationGroup: 'conv-previdenza-integrativa',
    showUserData: true,
  },
  successText: 'formSuccessPension',
  payload: { omit: ['istituto', 'nome'], blankToNull: ['note'] },
  replay: {
    importo: 'acquisto_row.importo_totale',
    note: 'note.note',
  },
  movement: { soggetto: 'fund' },
} as const satisfies FormDeclaration;
