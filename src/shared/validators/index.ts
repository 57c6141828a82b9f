/** Validators of the common formats (spec 000 §5): used by the portal's inputs and the server's rules. */
export { deOmocodify, isValidTaxCode, normalizeTaxCode, taxCodeCheckLetter } from './codice-fiscale';
export { isValidVatNumber, vatCheckDigit } from './partita-iva';
export { isValidIban, normalizeIban } from './iban';
export { isCompleteEuroAmount, isEuroAmount, isEuroKeystrokeValue, roundEuro } from './euro';
export { isValidPhone, phoneHasLetters } from './phone';
