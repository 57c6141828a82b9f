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
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
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
