/**
 * IBAN (spec 000 §5, 001 §5): non-alphanumerics stripped, upper-cased, then the country length and the
 * ISO 13616 mod-97 check. Countries missing from the table get the generic 15-34 length.
 */

/** IBAN lengths per country (ISO 13616 registry): the SEPA area and the usual neighbours. */
export const ibanLengths: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BA: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  RS: 22,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  TR: 26,
  UA: 29,
  VA: 22,
  XK: 20,
};

/** Italian and San Marino BBAN: CIN letter, ABI and CAB (5 digits each), 12-character account. */
const ITALIAN_BBAN = /^[A-Z]\d{10}[A-Z0-9]{12}$/;
const SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]+$/;

/** What the IBAN input keeps: letters and digits only, upper-cased. */
export function normalizeIban(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

/** Remainder modulo 97 of the rearranged IBAN, digit by digit so no big integers are needed. */
function mod97(rearranged: string): number {
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    // Letters count as two digits (A = 10 ... Z = 35).
    const value = code <= 57 ? code - 48 : code - 55;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!SHAPE.test(iban)) return false;
  const country = iban.slice(0, 2);
  const length = ibanLengths[country];
  if (length === undefined ? iban.length < 15 || iban.length > 34 : iban.length !== length) return false;
  if ((country === 'IT' || country === 'SM') && !ITALIAN_BBAN.test(iban.slice(4))) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}
