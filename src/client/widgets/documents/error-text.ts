/** The Italian text of a failed document call: the server's own words for a 4xx, ours otherwise. */
import { formMessages, type FormMessageKey } from '../../../../config/messages-forms.it';
import { ApiError } from '../../api/client';
import { flattenBackendError } from '../../components/backend-error-box';

export function errorText(error: unknown, fallback: FormMessageKey): string {
  // 4xx answers carry a message meant for the user (413 over 3 MB, 415 wrong type, 400 bad field,
  // 409 already used); a 5xx or a network failure does not.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return flattenBackendError(error.data).join(' ');
  }
  return formMessages[fallback];
}
