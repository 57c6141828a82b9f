import { describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-account.it';
import {
  cleanOneTimeCode,
  confirmationError,
  isCompleteOneTimeCode,
  newPasswordError,
  taxCodeError,
  usesOneTimeCode,
} from '../../src/client/components/password-rules';

describe('new password rules (spec 000 §5)', () => {
  it('wants 8 to 32 characters and says how many were typed', () => {
    expect(newPasswordError('Ab1')).toBe(
      'La nuova password deve avere tra 8 e 32 caratteri, hai digitato 3 caratteri.',
    );
    expect(newPasswordError(`Ab1${'x'.repeat(30)}`)).toMatch(/hai digitato 33 caratteri/);
    expect(newPasswordError('Abcdefg1')).toBeNull();
  });

  it('wants a lower-case letter, an upper-case letter and a digit', () => {
    expect(newPasswordError('abcdefgh1')).toBe(messages.passwordComplexity);
    expect(newPasswordError('ABCDEFGH1')).toBe(messages.passwordComplexity);
    expect(newPasswordError('Abcdefghi')).toBe(messages.passwordComplexity);
  });

  it('wants the confirmation to match', () => {
    expect(confirmationError('Abcdefg1', 'Abcdefg2')).toBe('Le due password non coincidono');
    expect(confirmationError('Abcdefg1', 'Abcdefg1')).toBeNull();
  });

  it('wants exactly 16 tax-code characters without spaces', () => {
    expect(taxCodeError('RSSMRA80A01H501U')).toBeNull();
    expect(taxCodeError('RSSMRA80A01H501')).toBe(messages.passwordTaxCodeLength);
    expect(taxCodeError('RSSMRA80 01H501U')).toBe(messages.passwordTaxCodeLength);
  });

  it('asks for the code with auth_method otp, otherwise for the tax code (server contract)', () => {
    expect(usesOneTimeCode('otp')).toBe(true);
    expect(usesOneTimeCode('OTP')).toBe(true);
    expect(usesOneTimeCode('cod_fisc')).toBe(false);
    expect(usesOneTimeCode('')).toBe(false);
  });

  it('keeps the digits of a typed or pasted code, six at most', () => {
    expect(cleanOneTimeCode('123 456')).toBe('123456');
    expect(cleanOneTimeCode('12-34-56-78')).toBe('123456');
    expect(cleanOneTimeCode('ab')).toBe('');
    expect(isCompleteOneTimeCode('123456')).toBe(true);
    expect(isCompleteOneTimeCode('12345')).toBe(false);
  });
});
