/**
 * Phone numbers of the support form (spec 002 §5): required, digits with an optional leading `+` and
 * spaces, dots, hyphens or slashes between them, 6 to 30 characters (`screenConstants.phoneMinLength`,
 * `phoneMaxLength`) and at least 6 digits. The live feedback says when letters were typed; an empty
 * field is neutral while typing.
 */
import { screenConstants } from '../../../config/screen-constants';

const PHONE = /^\+?[0-9][0-9 ./-]*[0-9]$/;

/** True when the text contains a letter (any alphabet): "Il numero di telefono non può contenere lettere." */
export function phoneHasLetters(text: string): boolean {
  return /\p{L}/u.test(text);
}

export function isValidPhone(text: string): boolean {
  const value = text.trim();
  if (value.length < screenConstants.phoneMinLength || value.length > screenConstants.phoneMaxLength)
    return false;
  if (!PHONE.test(value)) return false;
  return value.replace(/\D/g, '').length >= screenConstants.phoneMinLength;
}
