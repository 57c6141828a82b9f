/**
 * The 6-digit code field of the sign-in steps and of the password page: one numeric input that
 * keeps the digits of what is typed or pasted ("123 456" -> "123456"), with `one-time-code`
 * autocomplete so that phones offer the code received by e-mail or SMS.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState, type Ref } from 'react';
import { messages } from '../../../../config/messages-account.it';
import { cleanOneTimeCode, isCompleteOneTimeCode } from '../../components/password-rules';
import classes from './otp-input.module.css';

export interface OtpInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

export function OtpInput({ value, onChange, ref, ...rest }: OtpInputProps) {
  return (
    <TextInput
      ref={ref}
      size="lg"
      inputMode="numeric"
      autoComplete="one-time-code"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      {...rest}
      classNames={{ input: classes.input }}
      value={value}
      onChange={(event) => onChange(cleanOneTimeCode(event.currentTarget.value))}
    />
  );
}

/**
 * State of a required code field: `valid` once it holds 6 digits; after the field is left the
 * error says it is empty (`requiredMessage`) or incomplete.
 */
export function useCodeField(requiredMessage: string = messages.loginRequired) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = isCompleteOneTimeCode(value);
  const error = !touched || valid ? undefined : value === '' ? requiredMessage : messages.loginCodeIncomplete;
  return {
    value,
    valid,
    reset: () => {
      setValue('');
      setTouched(false);
    },
    inputProps: { value, onChange: setValue, onBlur: () => setTouched(true), error, required: true },
  };
}
