/**
 * The plain forms (ARCHITECTURE.md §4, config/forms/types.ts `PlainFormDeclaration`): a payload schema,
 * a uiSchema, an intro, the call they send (JSON, multipart or no body) and what success does. One
 * engine renders them (src/client/engine/forms, `PlainFormScreen`): validation, overlay, the call,
 * the success dialog or toast, the error box; no credit and no "Riepilogo operazione".
 *
 * Adding one: its declaration in this folder listed here, its payload schema in schemas/forms/, and
 * the screen of its route placing `<PlainFormScreen declaration={...} />`. The other forms of spec 002
 * (Piattapasto settings, internal message, PIN, incentive top-up) come with the issues that build their
 * calls; tests/fixtures/plain-forms/ holds the forms that prove the engine meanwhile.
 */
import type { PlainFormDeclaration } from '../forms/types';
// Support and content pages (issue 15)
import { supportForm } from './assistenza';

// Referent back office (issue 16).
import { incentiveTopUp } from './ricarica-incentive';

export const plainForms: readonly PlainFormDeclaration[] = [supportForm, incentiveTopUp];

export { incentiveTopUp };

export function findPlainForm(name: string): PlainFormDeclaration | undefined {
  return plainForms.find((form) => form.name === name);
}
