/**
 * New password and its confirmation (spec 000 §5 New password), with the spec's messages shown
 * while typing: the password page (reset links) and the change-password modal of the profile.
 */
import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../../config/messages-account.it';
import { confirmationError, newPasswordError } from './password-rules';

export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const passwordProblem = newPasswordError(password);
  const confirmationProblem = confirmationError(password, confirmation);
  return {
    password,
    confirmation,
    valid: !passwordProblem && !confirmationProblem,
    fieldsProps: {
      password,
      confirmation,
      onPasswordChange: setPassword,
      onConfirmationChange: setConfirmation,
      passwordError: password !== '' ? passwordProblem : null,
      confirmationError: confirmation !== '' ? confirmationProblem : null,
    },
  };
}

export interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  passwordError: string | null;
  confirmationError: string | null;
  /** Put the focus on the first field when the form opens (modals). */
  focusFirst?: boolean;
}

export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={messages.passwordNew}
        autoComplete="new-password"
        required
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
        error={props.passwordError ?? undefined}
        visibilityToggleButtonProps={{ 'aria-label': messages.loginShowPassword }}
        {...(props.focusFirst ? { 'data-autofocus': true } : {})}
      />
      <PasswordInput
        label={messages.passwordConfirm}
        autoComplete="new-password"
        required
        value={props.confirmation}
        onChange={(event) => props.onConfirmationChange(event.currentTarget.value)}
        error={props.confirmationError ?? undefined}
        visibilityToggleButtonProps={{ 'aria-label': messages.loginShowPassword }}
      />
    </>
  );
}
