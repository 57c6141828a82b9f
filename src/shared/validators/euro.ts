/**
 * Euro amounts as people type them (spec 000 §5, 001 §5): digits, an optional dot, up to 2 decimals.
 * Built on src/shared/money.ts, which owns the wire format and the integer cents.
 */
import { formatCents, isEuroInput, parseCents } from '../money';

const COMPLETE = /^\d+(\.\d{1,2})?$/;

export { formatCents, isEuroInput, parseCents };

/**
 * A value the amount input may hold while typing: empty, or digits with an optional dot and up to two
 * decimals ("12." included). A keystroke that makes it false is undone.
 */
export function isEuroKeystrokeValue(value: string): boolean {
  return isEuroInput(value);
}

/** A non-empty typed amount: digits with an optional dot and up to two decimals ("12." included). */
export function isEuroAmount(value: string): boolean {
  return value !== '' && isEuroInput(value);
}

/** An amount that can be sent: digits, and when there is a dot, one or two decimals. */
export function isCompleteEuroAmount(value: string): boolean {
  return COMPLETE.test(value);
}

/**
 * Rounds an amount to cents (half away from zero) on its decimal text, so 1.005 gives "1.01" whatever
 * the binary float says. Returns the wire string, or null for what is not a finite number.
 */
export function roundEuro(value: number | string): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(10) : '') : value.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  const padded = (fraction + '000').slice(0, 3);
  let cents = Number(whole || '0') * 100 + Number(padded.slice(0, 2));
  if (Number(padded.charAt(2)) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return null;
  return formatCents(sign === '-' && cents !== 0 ? -cents : cents);
}
