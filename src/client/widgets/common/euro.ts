/** Euro helpers of the widgets (spec 001 §5): the typed text, its cents and the amount-vs-credit warning. */
import { formatFormMessage } from '../../../shared/catalogues/forms';
import { isRequestForm, type AnyFormDeclaration } from '../../../shared/forms';
import { euro, parseCents } from '../../../shared/money';

/** Cents of a typed amount ("12." counts as 12); null when empty or not an amount. */
export function typedCents(text: string | undefined | null): number | null {
  if (!text) return null;
  return parseCents(text.endsWith('.') ? text.slice(0, -1) : text);
}

/**
 * The declaration's amount-vs-credit text, with the credit as people read euro ("1.234,50 €"); none in
 * a plain form (an amount there, such as the top-up's, draws on no credit).
 */
export function creditWarningText(declaration: AnyFormDeclaration, creditCents: number): string | null {
  if (!isRequestForm(declaration)) return null;
  return formatFormMessage(declaration.amountWarning, { n: euro(creditCents) });
}
