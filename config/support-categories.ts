/**
 * The categories of a support request (spec 002 §9), in the order the form offers them. `id` is what
 * the form sends as `categoria` (and what a ticket keeps); `label` is shown and written in the mails,
 * with `{product}` filled from `supportProduct` (the name of the voucher product the portal sells).
 *
 * Labels are keys of the form catalogue (or `literal(...)`, config/texts.ts).
 *
 * Adding a category is one entry here: the support form's select (src/client/widgets/support-category)
 * and the server's `POST /api/supporto` read this list; nothing else names a category.
 */
import { extensions } from './extensions';
import { formMessages, type FormMessageKey } from './messages-forms.it';
import { textOf, type TextRef } from './texts';

export interface SupportCategory {
  /** Lower-case letters, digits and hyphens, unique. */
  readonly id: string;
  /** The text shown; `{product}` is replaced by `supportProduct`. */
  readonly label: TextRef<FormMessageKey>;
}

/** The product named by the voucher categories ("Buoni {product}"). */
export const supportProduct = 'Eurete';

const declaredCategories = [
  { id: 'rimborsi-spese', label: 'formSupportExpenses' },
  { id: 'rimborsi-interessi', label: 'formSupportInterest' },
  { id: 'buoni', label: 'formSupportVouchers' },
  { id: 'buoni-10', label: 'formSupportVouchers10' },
  { id: 'convenzioni-esperienze', label: 'formSupportExperiences' },
  { id: 'convenzioni-viaggi', label: 'formSupportTravel' },
  { id: 'convenzioni-parchi', label: 'formSupportParks' },
  { id: 'previdenza-integrativa', label: 'formSupportPension' },
  { id: 'assistenza-sanitaria', label: 'formSupportHealth' },
  { id: 'altre-informazioni', label: 'formSellersOtherInfo' },
] as const satisfies readonly SupportCategory[];

/** The categories: the ones above, then the installation's own (config/extensions). */
export const supportCategories: readonly SupportCategory[] = [
  ...declaredCategories,
  ...extensions.supportCategories,
];

/** The label of a category with the product's name filled in. */
export function supportCategoryLabel(category: SupportCategory, product: string = supportProduct): string {
  return textOf(formMessages, category.label).replaceAll('{product}', product);
}
