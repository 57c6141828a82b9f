/**
 * IBAN (spec 000 §5, 001 §5): non-alphanumerics stripped, upper-cased, then checked by `ibantools`:
 * the country's length and BBAN format of the ISO 13616 registry, the mod-97 check and the national
 * check digits that some countries add (Belgium, Spain, France, Poland, Portugal, Norway, ...).
 */
import { isValidIBAN } from 'ibantools';

/** What the IBAN input keeps: letters and digits only, upper-cased. */
export function normalizeIban(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

export function isValidIban(value: string): boolean {
  return isValidIBAN(normalizeIban(value));
}
