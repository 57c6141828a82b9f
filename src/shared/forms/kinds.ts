/** Which kind of form a declaration is (config/forms/types.ts): a request form or a plain form. */
import type { PlainFormDeclaration, RequestFormDeclaration } from '../../../config/forms/types';

export type AnyFormDeclaration = RequestFormDeclaration | PlainFormDeclaration;

export function isRequestForm(form: AnyFormDeclaration): form is RequestFormDeclaration {
  return 'route_name' in form && 'kind' in form;
}

/** A request form's upload slots; a plain form has none. */
export function slotsOf(form: AnyFormDeclaration): RequestFormDeclaration['slots'] {
  return isRequestForm(form) ? form.slots : [];
}

/** A short name for messages and test ids: the route name of a request form, the name of a plain form. */
export function formName(form: AnyFormDeclaration): string {
  return isRequestForm(form) ? form.route_name : form.name;
}
