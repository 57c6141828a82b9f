/**
 * Errors of a passkey step (issue 28), shared by the profile's registration and the sign-in: the
 * server's answer is shown as it is, a refusal or cancellation of the browser's prompt (a DOMException
 * such as NotAllowedError, or @simplewebauthn/browser's WebAuthnError) with one plain message.
 */
import { messages } from '../../shared/catalogues/account';
import { ApiError } from '../api/client';
import { showBackendError } from './backend-error-box';

/** A refusal or cancellation of the browser's passkey prompt (not an answer of the server). */
export function isCeremonyError(error: unknown): boolean {
  return !(error instanceof ApiError) && error instanceof Error && error.name !== 'TypeError';
}

/** The error box for a failed passkey step: the server's text, or that the device did not go on. */
export function showPasskeyError(error: unknown, onClose?: () => void): void {
  void showBackendError(isCeremonyError(error) ? messages.passkeysCancelled : error, onClose);
}
