/**
 * New-password rules of spec 000 §5, with their messages: the password page (reset links) and the
 * change-password modal of the profile use them.
 */
import { constants } from '../../../config/constants';
import { screenConstants } from '../../../config/screen-constants';
import { formatMessage, messages } from '../../shared/catalogues/account';

/** The first broken rule of a new password, or null. */
export function newPasswordError(password: string): string | null {
  const length = [...password].length;
  if (length < constants.passwordMinLength || length > constants.passwordMaxLength) {
    return formatMessage('passwordLength', { n: length });
  }
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password))
    return messages.passwordComplexity;
  return null;
}

export function confirmationError(password: string, confirmation: string): string | null {
  return password === confirmation ? null : messages.passwordMismatch;
}

/** Password reset without a second factor: the tax code, exactly 16 characters, no spaces. */
export function taxCodeError(value: string): string | null {
  return value.length === screenConstants.taxCodeLength && !/\s/.test(value)
    ? null
    : messages.passwordTaxCodeLength;
}

/**
 * `auth_method` of a reset link (schemas/api/password-reset-method.json): `otp` asks for the
 * authenticator code, `cod_fisc` (or anything else) for the tax code.
 */
export function usesOneTimeCode(authMethod: string): boolean {
  return authMethod.trim().toLowerCase() === 'otp';
}

/** A one-time code as typed or pasted: digits only, at most the code's length. */
export function cleanOneTimeCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, constants.otpDigits);
}

export function isCompleteOneTimeCode(value: string): boolean {
  return value.length === constants.otpDigits && /^\d+$/.test(value);
}
