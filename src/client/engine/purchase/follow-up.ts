/**
 * What follows a purchase's success dialog (config/purchases `after`): the menu, or first a further
 * call whose answer holds an address opened in a new window (001 §4: the mutual-aid supplementary
 * health's `sso_link`). The window is opened blank at once, while the Ok click still counts as the
 * user's gesture (popup blockers refuse a window opened after a network wait), then sent to the address.
 */
import { formMessages } from '../../../../config/messages-forms.it';
import type { PurchaseFollowUp } from '../../../../config/purchases/types';
import { ApiError, apiRequest } from '../../api/client';
import { showBackendError } from '../../components/backend-error-box';

/** Runs the declared step; resolves once it is over (a failure has shown the backend error box and been closed). */
export async function runFollowUp(
  step: PurchaseFollowUp,
  body: Readonly<Record<string, unknown>>,
): Promise<void> {
  if (step.kind === 'menu') return;
  const popup = window.open('', '_blank');
  // The service page must not reach back into the portal.
  if (popup) popup.opener = null;
  try {
    const request: Record<string, unknown> = {};
    for (const field of step.bodyFields) request[field] = body[field];
    const answer = await apiRequest<Record<string, unknown> | undefined>(step.call, {
      method: 'POST',
      body: request,
    });
    const address = answer?.[step.urlField];
    if (typeof address !== 'string' || !/^https?:\/\//i.test(address)) {
      throw new ApiError(0, { detail: formMessages.formPurchaseLinkMissing });
    }
    if (popup) popup.location.href = address;
    else window.open(address, '_blank', 'noopener');
  } catch (error) {
    popup?.close();
    await new Promise<void>((resolve) => {
      void showBackendError(error instanceof ApiError ? error.data : error, resolve);
    });
  }
}
