/**
 * The support request of site-assistenza (spec 002 §2.7, §3, §5, §7, §8): the user's surname, name,
 * company and e-mail shown read-only and not sent; the phone with its live feedback (`phone` widget) and
 * its submit text; the optional request number; the category (`support-category` widget: the list of
 * config/support-categories.ts); the message; up to 4 attachments (pdf, jpg, jpeg, png). Sent as
 * multipart to `POST /api/supporto`; success is the spec's toast and the form starts again.
 */
import type { PlainFormDeclaration } from '../forms/types';

export const supportForm = {
  name: 'assistenza',
  title: 'titleSupportRequest',
  schemaId: 'plain-assistenza',
  uiSchema: {
    'ui:order': [
      'cognome',
      'nome',
      'azienda',
      'email',
      'tel',
      'n_richiesta',
      'categoria',
      'messaggio',
      'file_data',
    ],
    cognome: { 'ui:readonly': true },
    nome: { 'ui:readonly': true },
    azienda: { 'ui:readonly': true },
    email: { 'ui:readonly': true },
    tel: {
      'ui:widget': 'phone',
      'ui:errors': {
        pattern: 'formPhoneInvalid',
        required: 'formPhoneInvalid',
        minLength: 'formPhoneInvalid',
        maxLength: 'formPhoneInvalid',
      },
    },
    n_richiesta: { 'ui:errors': { type: 'formSupportRequestNumber', minimum: 'formSupportRequestNumber' } },
    categoria: { 'ui:widget': 'support-category', 'ui:errors': { required: 'formSupportCategoryRequired' } },
    messaggio: { 'ui:widget': 'textarea', 'ui:options': { rows: 5 } },
    file_data: { 'ui:widget': 'attachment' },
  },
  intro: {},
  payload: { omit: ['cognome', 'nome', 'azienda', 'email'] },
  prefill: { user: { cognome: 'cognome', nome: 'nome', azienda: 'azienda', email: 'email' } },
  submit: { path: '/supporto', method: 'POST', encoding: 'multipart' },
  submitLabel: 'formSend',
  success: { toast: { text: 'formSupportReceived' }, then: 'reset' },
} as const satisfies PlainFormDeclaration;
