/**
 * Italian tax code (codice fiscale) of a person (spec 000 §5 "Common formats", 001 §5): 16 characters,
 * surname and name letters, year, month letter, day (+40 for women), cadastral code, check letter.
 * Omocodia: when two people would get the same code, the digits from the right are replaced by the
 * letters LMNPQRSTUV (0-9), so any of the seven digit positions may hold one of those letters.
 */

/** Letters that stand for the digits 0-9 in an omocode. */
const OMOCODIA_LETTERS = 'LMNPQRSTUV';
/** Digit positions (0-based) that omocodia may turn into letters. */
const OMOCODIA_POSITIONS = [6, 7, 9, 10, 12, 13, 14] as const;

const DIGIT = `[0-9${OMOCODIA_LETTERS}]`;
const PATTERN = new RegExp(`^[A-Z]{6}${DIGIT}{2}[ABCDEHLMPRST]${DIGIT}{2}[A-Z]${DIGIT}{3}[A-Z]$`);

/** Values of the characters in odd positions (1st, 3rd, ...); a digit counts as the letter of the same index. */
const ODD_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

function characterIndex(char: string): number {
  const code = char.charCodeAt(0);
  // '0'-'9' -> 0-9, 'A'-'Z' -> 0-25: the two tables treat a digit like the letter with its index.
  return code <= 57 ? code - 48 : code - 65;
}

/** The check letter of the first 15 characters (upper-case letters and digits). */
export function taxCodeCheckLetter(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i += 1) {
    const index = characterIndex(first15.charAt(i));
    // Positions are counted from 1: even 0-based indexes are the "odd" characters.
    sum += i % 2 === 0 ? (ODD_VALUES[index] ?? 0) : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** The code with the omocodia letters turned back into digits. */
export function deOmocodify(code: string): string {
  const chars = code.split('');
  for (const position of OMOCODIA_POSITIONS) {
    const letterIndex = OMOCODIA_LETTERS.indexOf(chars[position] ?? '');
    if (letterIndex >= 0) chars[position] = String(letterIndex);
  }
  return chars.join('');
}

/** What the tax-code input keeps: trimmed and upper-cased. */
export function normalizeTaxCode(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * Valid tax code (after trimming and upper-casing). The check letter may be the one computed on the
 * code as written or, as the spec's "second alternative check letter", the one computed on the code
 * with the omocodia letters turned back into digits.
 */
export function isValidTaxCode(value: string): boolean {
  const code = normalizeTaxCode(value);
  if (!PATTERN.test(code)) return false;
  const plain = deOmocodify(code);
  const day = Number(plain.slice(9, 11));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  const check = code.charAt(15);
  return check === taxCodeCheckLetter(code) || check === taxCodeCheckLetter(plain);
}
