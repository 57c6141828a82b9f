/**
 * The categories of a support request (spec 002 §9), in the order the form offers them. `id` is what
 * the form sends as `categoria` (and what a ticket keeps); `label` is shown and written in the mails,
 * with `{product}` filled from `supportProduct` (the name of the voucher product the portal sells).
 *
 * Adding a category is one entry here: the support form's select (src/client/widgets/support-category)
 * and the server's `POST /api/supporto` read this list; nothing else names a category.
 */
export interface SupportCategory {
  /** Lower-case letters, digits and hyphens, unique. */
  readonly id: string;
  /** The text shown; `{product}` is replaced by `supportProduct`. */
  readonly label: string;
}

/** The product named by the voucher categories ("Buoni {product}"). */
export const supportProduct = 'Eurete';

export const supportCategories = [
  { id: 'rimborsi-spese', label: 'Rimborsi Spese' },
  { id: 'rimborsi-interessi', label: 'Rimborsi Interessi' },
  { id: 'buoni', label: 'Buoni {product}' },
  { id: 'buoni-10', label: 'Buoni {product} 10' },
  { id: 'convenzioni-esperienze', label: 'Convenzioni Esperienze' },
  { id: 'convenzioni-viaggi', label: 'Convenzioni Viaggi su misura' },
  { id: 'convenzioni-parchi', label: 'Convenzioni Parchi di Divertimento' },
  { id: 'previdenza-integrativa', label: 'Welfare Sociale Previdenza integrativa' },
  { id: 'assistenza-sanitaria', label: 'Welfare Sociale Assistenza sanitaria integrativa' },
  { id: 'altre-informazioni', label: 'Altre informazioni' },
] as const satisfies readonly SupportCategory[];

/** The label of a category with the product's name filled in. */
export function supportCategoryLabel(category: SupportCategory, product: string = supportProduct): string {
  return category.label.replaceAll('{product}', product);
}
