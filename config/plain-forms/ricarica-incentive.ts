/**
 * Loyalty and Incentive top-up (route office-incentive-toduba, spec 002 §2.9, §3, §5, §7): one euro
 * amount for the company acted for (`Act-For`), its fee, VAT and total shown live by the
 * `incentive-amount` widget; "Richiesta in corso" while sending, then "Richiesta inviata" /
 * "Richiesta inviata correttamente." closed only by its button, then the amount is cleared.
 */
import type { PlainFormDeclaration } from '../forms/types';

export const incentiveTopUp = {
  name: 'ricarica-incentive',
  title: 'titleTopUpRequest',
  schemaId: 'plain-ricarica-incentive',
  uiSchema: { importo_ricarica: { 'ui:widget': 'incentive-amount' } },
  intro: {},
  payload: {},
  submit: {
    path: '/ricarica_incentive',
    method: 'POST',
    encoding: 'json',
    scope: 'company',
    idempotent: true,
  },
  success: { dialog: { title: 'formSuccessTitle', text: 'formPlainSent' }, then: 'reset' },
} as const satisfies PlainFormDeclaration;
