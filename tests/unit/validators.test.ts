import { describe, expect, it } from 'vitest';
import {
  deOmocodify,
  isCompleteEuroAmount,
  isEuroAmount,
  isEuroKeystrokeValue,
  isValidIban,
  isValidTaxCode,
  isValidVatNumber,
  normalizeIban,
  normalizeTaxCode,
  roundEuro,
  taxCodeCheckLetter,
} from '../../src/shared/validators';

/** Independent check letter (the published tables as maps), so the test does not trust the module's tables. */
const ODD: Record<string, number> = {
  '0': 1, '1': 0, '2': 5, '3': 7, '4': 9, '5': 13, '6': 15, '7': 17, '8': 19, '9': 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18,
  N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
}; // prettier-ignore
function referenceCheck(first15: string): string {
  let sum = 0;
  [...first15].forEach((char, i) => {
    const even = /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? ODD[char]! : even;
  });
  return 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[sum % 26]!;
}
const withCheck = (first15: string) => first15 + referenceCheck(first15);

/** Independent IBAN check digits with BigInt. */
function ibanWithCheck(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`]
    .map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55)))
    .join('');
  const check = 98n - (BigInt(digits) % 97n);
  return `${country}${check.toString().padStart(2, '0')}${bban}`;
}

describe('codice fiscale', () => {
  it('accepts the textbook code and agrees with the published tables', () => {
    expect(isValidTaxCode('RSSMRA80A01H501U')).toBe(true);
    expect(taxCodeCheckLetter('RSSMRA80A01H501')).toBe('U');
    for (const first15 of ['BNCLRA85T41F205', 'VRDGPP13R10B293', 'BLLCRL70M55L736', 'XXXYYY00E71Z404'])
      expect(taxCodeCheckLetter(first15), first15).toBe(referenceCheck(first15));
    expect(isValidTaxCode(withCheck('BNCLRA85T41F205'))).toBe(true); // woman: day 41
    expect(isValidTaxCode(withCheck('BLLCRL70M55L736'))).toBe(true);
  });

  it('normalizes lowercase and padded input', () => {
    expect(normalizeTaxCode('  rssmra80a01h501u ')).toBe('RSSMRA80A01H501U');
    expect(isValidTaxCode(' rssmra80a01h501u')).toBe(true);
  });

  it('rejects wrong check letters, lengths, month letters and days', () => {
    expect(isValidTaxCode('RSSMRA80A01H501X')).toBe(false);
    expect(isValidTaxCode('RSSMRA80A01H501')).toBe(false);
    expect(isValidTaxCode('RSSMRA80A01H501UU')).toBe(false);
    expect(isValidTaxCode('')).toBe(false);
    expect(isValidTaxCode(withCheck('RSSMRA80F01H501'))).toBe(false); // F is not a month letter
    expect(isValidTaxCode(withCheck('RSSMRA80A00H501'))).toBe(false); // day 0
    expect(isValidTaxCode(withCheck('RSSMRA80A32H501'))).toBe(false); // day 32
    expect(isValidTaxCode(withCheck('RSSMRA80A40H501'))).toBe(false); // day 40
    expect(isValidTaxCode(withCheck('RSSMRA80A72H501'))).toBe(false); // day 72
    expect(isValidTaxCode(withCheck('RSSMR180A01H501'))).toBe(false); // digit in the name part
    expect(isValidTaxCode(withCheck('RSSMRAA0A01H501'))).toBe(false); // A is not an omocodia letter
  });

  it('accepts omocodia with the check letter of the code as written and of the de-omocodified code', () => {
    const omocode = 'RSSMRA80A01H50M'; // last digit 1 -> M
    expect(deOmocodify(omocode)).toBe('RSSMRA80A01H501');
    const asWritten = withCheck(omocode);
    expect(asWritten).toBe('RSSMRA80A01H50MM');
    expect(isValidTaxCode(asWritten)).toBe(true);
    // The second accepted letter: the one of the code with the letters turned back into digits (U).
    expect(isValidTaxCode(`${omocode}U`)).toBe(true);
    const other = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').find((c) => c !== 'M' && c !== 'U')!;
    expect(isValidTaxCode(`${omocode}${other}`)).toBe(false);
    // Every omocodia position, and day letters decoded before the range check (day "4M" = 41).
    const all = 'RSSMRAUQAMLHMLM';
    expect(deOmocodify(all)).toBe('RSSMRA84A10H101');
    expect(isValidTaxCode(withCheck(all))).toBe(true);
    expect(isValidTaxCode(withCheck('RSSMRA80A4MH501'))).toBe(true);
    expect(isValidTaxCode(withCheck('RSSMRA80AP2H501'))).toBe(false); // day 32
  });
});

describe('partita IVA', () => {
  it('accepts valid numbers', () => {
    for (const ok of ['00743110157', '01234567897', '12345678903', '02033890134'])
      expect(isValidVatNumber(ok), ok).toBe(true);
  });
  it('rejects wrong check digits, lengths, letters and all zeros', () => {
    for (const bad of [
      '00743110158',
      '01234567890',
      '0074311015',
      '007431101570',
      '0074311015A',
      '',
      '00000000000',
    ])
      expect(isValidVatNumber(bad), bad).toBe(false);
  });
});

describe('IBAN', () => {
  const valid = [
    'IT60X0542811101000000123456',
    'DE89370400440532013000',
    'FR1420041010050500013M02606',
    'ES9121000418450200051332',
    'GB29NWBK60161331926819',
    'NL91ABNA0417164300',
    'BE68539007547034',
    'CH9300762011623852957',
    'AT611904300234573201',
    'PT50000201231234567890154',
    'IE29AIBK93115212345678',
    'LU280019400644750000',
    ibanWithCheck('SM', 'U0322509800000000270100'),
  ];

  it('accepts valid IBANs of several countries', () => {
    for (const iban of valid) expect(isValidIban(iban), iban).toBe(true);
  });

  it('checks the national check digits, not only mod 97', () => {
    // Right IBAN check digits around a BBAN whose own check is wrong (the last two digits of a Belgian
    // BBAN are its first ten mod 97; the French RIB key, the Spanish DC, the Norwegian mod 11 likewise).
    for (const [country, bban] of [
      ['BE', '539007547035'],
      ['FR', '20041010050500013M02607'],
      ['ES', '21000418460200051332'],
      ['NO', '86011117948'],
      ['PT', '000201231234567890155'],
    ] as const) {
      const iban = ibanWithCheck(country, bban);
      expect(isValidIban(iban), iban).toBe(false);
    }
  });

  it('normalizes spaces, dashes and lowercase', () => {
    expect(normalizeIban(' it60 x054-2811.1010 0000 0123 456 ')).toBe('IT60X0542811101000000123456');
    expect(isValidIban('it60 x054 2811 1010 0000 0123 456')).toBe(true);
  });

  it('rejects changed digits, wrong lengths and bad shapes', () => {
    for (const iban of valid) {
      const last = iban.slice(-1);
      const changed = iban.slice(0, -1) + (last === '1' ? '2' : '1');
      expect(isValidIban(changed), changed).toBe(false);
    }
    expect(isValidIban('IT60X054281110100000012345')).toBe(false); // 26 characters
    expect(isValidIban('DE8937040044053201300')).toBe(false); // 21
    expect(isValidIban(ibanWithCheck('DE', '37040044053201300'))).toBe(false); // right mod 97, wrong length
    expect(isValidIban(ibanWithCheck('IT', '00542811101000000123456'))).toBe(false); // CIN must be a letter
    expect(isValidIban('60IT0542811101000000123456')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });

  it('refuses countries without an IBAN in the registry', () => {
    expect(isValidIban(ibanWithCheck('ZZ', '12345678901'))).toBe(false);
    expect(isValidIban(ibanWithCheck('US', '12345678901234'))).toBe(false);
  });
});

describe('euro amounts', () => {
  it('keystroke values allow empty and a trailing dot', () => {
    for (const ok of ['', '0', '12', '12.', '12.5', '12.50']) expect(isEuroKeystrokeValue(ok), ok).toBe(true);
    for (const bad of ['.', '.5', '12.345', '12,5', '-1', ' 1', '1e2'])
      expect(isEuroKeystrokeValue(bad), bad).toBe(false);
  });
  it('typed amounts are non-empty', () => {
    expect(isEuroAmount('')).toBe(false);
    expect(isEuroAmount('12.')).toBe(true);
    expect(isEuroAmount('12.34')).toBe(true);
    expect(isEuroAmount('12.345')).toBe(false);
  });
  it('complete amounts have one or two decimals after a dot', () => {
    for (const ok of ['0', '12', '12.5', '12.50']) expect(isCompleteEuroAmount(ok), ok).toBe(true);
    for (const bad of ['', '12.', '.5', '12.345', '12,50', '-3'])
      expect(isCompleteEuroAmount(bad), bad).toBe(false);
  });
  it('rounds to cents half away from zero on the decimal text', () => {
    expect(roundEuro(1.005)).toBe('1.01');
    expect(roundEuro(2.675)).toBe('2.68');
    expect(roundEuro('12.345')).toBe('12.35');
    expect(roundEuro('12.344')).toBe('12.34');
    expect(roundEuro('12.')).toBe('12.00');
    expect(roundEuro('0.999')).toBe('1.00');
    expect(roundEuro(-1.005)).toBe('-1.01');
    expect(roundEuro('abc')).toBeNull();
    expect(roundEuro(Number.NaN)).toBeNull();
  });
});
