/**
 * Stand-in for the rjsf fields and widgets no portal form can reach, put in their place in the browser
 * bundle by vite.config.ts (`rjsfUnreachable`): the layout-grid fields (reached only by `ui:field` names,
 * and config/forms/types.ts admits only the portal's) and the date, time, file and rating widgets of
 * @rjsf/core (reached by a `ui:widget` name the types do not admit, or by a `format` that
 * scripts/vite-form-validators.mjs refuses in a form schema). Together about 4 KB gzip on every form.
 * Were one reached, the form fails loudly instead of drawing a field that is not there.
 */
export default function UnreachableRjsfComponent(): never {
  throw new Error('Campo o widget di rjsf non previsto nei moduli del portale');
}
