/** Euro helpers of the widgets (spec 001 §5): the typed text, its cents and the amount-vs-credit warning. */
import { formatFormMessage } from '../../../shared/catalogues/forms';
import { isRequestForm, type AnyFormDeclaration } from '../../../shared/forms';
import { euro, formatCents, formatItalianCents, parseCents, parseItalianEuro } from '../../../shared/money';

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

/**
 * The form value of the text typed in a euro input: the wire amount ("1234.50") of an Italian amount
 * ("1.234,50"), undefined when empty. A text that is no amount stays in the form as typed, so the
 * form's checks refuse it ("Inserire un importo in euro valido"); one that the wire would read as an
 * amount ("1.23", on the way to "1.234") gets a trailing comma, so that it never passes for 1,23 €.
 */
export function amountFormValue(text: string): string | undefined {
  const read = parseItalianEuro(text);
  if (read.kind === 'empty') return undefined;
  if (read.kind === 'amount') return formatCents(read.cents);
  return parseCents(text) === null ? text : `${text},`;
}

/** The text a euro input shows for a form value: "1.234,50" for an amount, else the value as it is. */
export function amountDisplay(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  const cents = parseCents(value);
  return cents === null || cents < 0 ? value : formatItalianCents(cents);
}

/**
 * The input's length for a form value of at most `wireMaxLength` characters ("1234567.89" -> 10):
 * the thousands dots make the Italian text longer ("1.234.567,89" -> 12).
 */
export function amountDisplayMaxLength(wireMaxLength: number | undefined): number | undefined {
  if (wireMaxLength === undefined) return undefined;
  const wholeDigits = Math.max(wireMaxLength - 3, 1);
  return wireMaxLength + Math.floor((wholeDigits - 1) / 3);
}
