/**
 * Parts shared by the forms with a beneficiary block (on-demand quote, expenses): the uiSchema of
 * its fields, the family-document slot and the replay of the beneficiary (001 §3, §5, §9).
 */
import { uiSchema, type ReplayMap, type UploadSlot } from './types';

/** The block is one field (`beneficiary`) on `me_stesso`; it renders and fills the three others. */
export const beneficiaryUi = uiSchema({
  me_stesso: { 'ui:field': 'beneficiary' },
  cod_fisc_ben: { 'ui:field': 'consumed', 'ui:errors': { pattern: 'formTaxCodeInvalid' } },
  nome_ben: { 'ui:field': 'consumed' },
  id_relazione_ben: { 'ui:field': 'consumed' },
});

/**
 * The family document (doc_fam), shown and required when the beneficiary is not the user: drawn right
 * after the beneficiary block (where "Familiare" is chosen), not above it with the other documents.
 */
export const familyDocumentSlot: UploadSlot = {
  name: 'doc_fam',
  label: 'formSlotFamily',
  file_kind: 'doc_fam',
  exclude: [16, 24],
  required: { field: 'me_stesso', equals: false },
  requiredMessage: 'formBeneficiaryDocumentRequired',
  visibleWhen: { field: 'me_stesso', equals: false },
  after: 'me_stesso',
  help: 'formSlotFamilyHelp',
};

export const beneficiaryReplay: ReplayMap = {
  me_stesso: { from: 'beneficiario.cod_fisc', map: { '': true, '*': false } },
  cod_fisc_ben: 'beneficiario.cod_fisc',
  nome_ben: { from: ['beneficiario.nome', 'beneficiario.cognome'], join: ' ' },
  id_relazione_ben: 'relazione_parentale.id',
};
