/**
 * Money: decimal strings with two decimals on the wire ("1234.50"), integer cents in code and storage.
 * Never floats in arithmetic.
 */
let euroFormat: Intl.NumberFormat | undefined;

const EURO_INPUT = /^\d+(\.\d{0,2})?$/;
const WIRE = /^-?\d+(\.\d{1,2})?$/;

/** Euro amount as typed by a user: digits, optional dot, up to 2 decimals (spec 000 §5). */
export function isEuroInput(value: string): boolean {
  return value === '' || EURO_INPUT.test(value);
}

/** Parses a wire or user amount into integer cents; returns null when it is not a valid amount. */
export function parseCents(value: string | number): number | null {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  if (!WIRE.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

/** Integer cents to the wire format: "1234.50". */
export function formatCents(cents: number | bigint): string {
  // Safe integers (every stored amount) in plain number arithmetic: no BigInt allocated per amount,
  // which a balance of nine amounts pays on every get-logged-user-info (bench/api-throughput.ts).
  if (typeof cents === 'number' && Number.isSafeInteger(cents)) {
    const abs = cents < 0 ? -cents : cents;
    const fraction = abs % 100;
    return `${cents < 0 ? '-' : ''}${(abs - fraction) / 100}.${fraction < 10 ? '0' : ''}${fraction}`;
  }
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * An amount as people type it in Italian (issue 28): what `parseItalianEuro` reads in a text.
 * - `amount`: a complete amount, in integer cents;
 * - `partial`: not an amount yet, but one more digit may make it one ("1.23" on the way to "1.234");
 * - `invalid`: no amount whatever follows, or one that could be read two ways ("1,234.50").
 */
export type ItalianAmount =
  | { readonly kind: 'empty' }
  | { readonly kind: 'amount'; readonly cents: number }
  | { readonly kind: 'partial' }
  | { readonly kind: 'invalid' };

/** Digits, then a decimal comma with up to two decimals: "1234", "1234,5", "1234,50", "12," (typing). */
const ITALIAN_PLAIN = /^\d+(,\d{0,2})?$/;
/** Thousands dots between groups of three digits, then the decimal comma: "1.234", "1.234.567,50". */
const ITALIAN_GROUPED = /^[1-9]\d{0,2}(\.\d{3})+(,\d{0,2})?$/;
/** Groups of three still being typed: "1.", "1.2", "1.23", "12.345.6". */
const ITALIAN_GROUPING = /^[1-9]\d{0,2}(\.\d{3})*\.\d{0,2}$/;

/**
 * Reads an amount written the Italian way: a comma before the decimals (at most two) and, if any,
 * dots between the thousands ("1.234,50", "1234,50", "45,5", "1234", "1.234"). A dot is never a
 * decimal point: "45.50" is no amount (a group of thousands has three digits), nor are "1,234.50",
 * "1.23.4" or "12,345,6". Nothing is guessed or dropped: what cannot be read is `partial` or `invalid`.
 */
export function parseItalianEuro(text: string): ItalianAmount {
  const value = text.trim();
  if (value === '') return { kind: 'empty' };
  if (ITALIAN_PLAIN.test(value) || ITALIAN_GROUPED.test(value)) {
    const [whole = '0', fraction = ''] = value.replace(/\./g, '').split(',');
    const cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
    return Number.isSafeInteger(cents) ? { kind: 'amount', cents } : { kind: 'invalid' };
  }
  return ITALIAN_GROUPING.test(value) ? { kind: 'partial' } : { kind: 'invalid' };
}

/** Integer cents as people write them, without the sign: "1.234,50", "45,50", "0,07". */
export function formatItalianCents(cents: number): string {
  const [whole = '0', fraction = '00'] = formatCents(cents).split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped},${fraction}`;
}

/** Integer cents for people: "1.234,50 €". */
export function formatEuro(cents: number): string {
  // Italian CLDR groups only from 5 digits; 'always' gives 1.500,00 € as people expect on statements.
  euroFormat ??= new Intl.NumberFormat('it-IT', {
    style: 'currency',
    currency: 'EUR',
    useGrouping: 'always',
  });
  return euroFormat.format(cents / 100);
}

declare const moneyBrand: unique symbol;

/**
 * An amount as a message parameter (`{name:euro}` placeholders of `src/shared/messages.ts`): made only by
 * `euro(cents)`, so no caller can hand a text "300.00" where people must read "300,00 €".
 */
export interface Money {
  readonly [moneyBrand]: true;
  readonly cents: number;
  /** As people read it: "1.234,50 €". */
  readonly text: string;
}

export const euro = (cents: number): Money => ({ cents, text: formatEuro(cents) }) as Money;

/** A wire amount for people; unparsable input is shown as it is. */
export function formatWireEuro(value: string | null | undefined): string {
  if (value == null) return formatEuro(0);
  const cents = parseCents(value);
  return cents === null ? value : formatEuro(cents);
}
