/** Italian VAT number (partita IVA, spec 000 §5): exactly 11 digits, the last one a Luhn-style check digit. */

const PATTERN = /^\d{11}$/;

/** The check digit of the first 10 digits. */
export function vatCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const digit = Number(first10.charAt(i));
    if (i % 2 === 0) sum += digit;
    else {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    }
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidVatNumber(value: string): boolean {
  const vat = value.trim();
  if (!PATTERN.test(vat)) return false;
  // All zeros passes the arithmetic but is never assigned.
  if (vat === '00000000000') return false;
  return vatCheckDigit(vat.slice(0, 10)) === Number(vat.charAt(10));
}
