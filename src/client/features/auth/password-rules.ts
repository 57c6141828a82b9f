/** New-password rules of spec 000 §5, with their messages. */
import { constants } from '../../../../config/constants';
import { formatMessage, messages } from '../../../../config/messages.it';

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
  return value.length === constants.taxCodeLength && !/\s/.test(value)
    ? null
    : messages.passwordTaxCodeLength;
}

/** A second-factor method (authenticator or e-mail code) asks for the code; any other for the tax code. */
export function usesOneTimeCode(authMethod: string): boolean {
  return /otp|2fa|totp|two/i.test(authMethod);
}
