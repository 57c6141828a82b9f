/**
 * The purchase flow every purchase and request form shares (spec 000 §8, 001 §4, §8; ARCHITECTURE.md
 * §4): credit check against the paying balance -> "Riepilogo operazione" -> overlay -> POST with the
 * payload's Idempotency-Key (idempotency-keys.ts) -> "Richiesta inviata" with the id and the product's
 * text -> the declared follow-up -> `onCompleted` (the menu). A failure closes the overlay and opens
 * the backend error box; leaving the screen closes the summary and sends nothing.
 */
import { Loader, Overlay, Portal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formMessages } from '../../../../config/messages-forms.it';
import type { PurchaseBalance, PurchaseFollowUp } from '../../../../config/purchases/types';
import { ApiError, apiRequest } from '../../api/client';
import type { OpenDialog } from '../../components/answer-dialog';
import { showBackendError } from '../../components/backend-error-box';
import { runFollowUp } from './follow-up';
import { keyForPayload, settlePayload } from './idempotency-keys';
import { openConfirmDialog, showSuccessDialog } from './purchase-dialogs';

/** One purchase to confirm and send. */
export interface PurchaseOrder {
  /** The call under the API base, e.g. `/crea_richiesta/rimb-spese` or `/crea_acquisto/<name>`. */
  readonly call: string;
  readonly body: Readonly<Record<string, unknown>>;
  readonly balance: PurchaseBalance;
  /** The paying balance now. */
  readonly creditCents: number;
  readonly amountCents: number;
  /** The product's text under the id in "Richiesta inviata". */
  readonly successText: string;
  readonly after?: PurchaseFollowUp;
  /** The server accepted it (before the success dialog): e.g. the form's draft on the device goes. */
  readonly onSent?: () => void;
}

/** The purchase answer (001 §3 "Purchase response"). */
export interface CreatedPurchase {
  readonly id_acquisto: number;
}

/**
 * How a run ended: `done` (sent, success dialog answered, follow-up run, `onCompleted` called),
 * `cancelled` (Annulla, or the screen was left), `failed` (error box shown), `over-credit` (nothing
 * shown: the caller shows its warning), `busy` (another run is under way).
 */
export type PurchaseOutcome = 'done' | 'cancelled' | 'failed' | 'over-credit' | 'busy';

export interface PurchaseFlow {
  /** True from Prosegui until the answer: the overlay is shown and the screen's inputs are disabled. */
  readonly submitting: boolean;
  readonly run: (order: PurchaseOrder) => Promise<PurchaseOutcome>;
}

export function usePurchaseFlow(onCompleted: () => void): PurchaseFlow {
  const [submitting, setSubmitting] = useState(false);
  /** A run is under way (summary open, POST running): a second press starts nothing. */
  const busy = useRef(false);
  const dialogs = useRef<OpenDialog[]>([]);
  /** False once the screen has gone: a summary answered afterwards sends nothing. */
  const mounted = useRef(true);
  const completed = useRef(onCompleted);
  useEffect(() => {
    completed.current = onCompleted;
  }, [onCompleted]);
  useEffect(() => {
    // Set again on mount: React's development double mount runs the cleanup once in between.
    mounted.current = true;
    const open = dialogs.current;
    return () => {
      mounted.current = false;
      for (const dialog of open.splice(0)) dialog.close();
    };
  }, []);

  const run = useCallback(async (order: PurchaseOrder): Promise<PurchaseOutcome> => {
    if (busy.current) return 'busy';
    if (order.amountCents > order.creditCents) return 'over-credit';
    busy.current = true;
    const proceed = await new Promise<boolean>((resolve) => {
      void openConfirmDialog(
        { credit: order.balance, creditCents: order.creditCents, amountCents: order.amountCents },
        resolve,
      ).then((dialog) => dialogs.current.push(dialog));
    });
    if (!proceed || !mounted.current) {
      busy.current = false;
      return 'cancelled';
    }
    setSubmitting(true);
    let created: CreatedPurchase;
    try {
      created = await apiRequest<CreatedPurchase>(order.call, {
        method: 'POST',
        body: order.body,
        idempotencyKey: keyForPayload(order.call, order.body),
      });
    } catch (error) {
      settlePayload(order.call, order.body, error);
      setSubmitting(false);
      busy.current = false;
      void showBackendError(error instanceof ApiError ? error.data : error);
      return 'failed';
    }
    settlePayload(order.call, order.body);
    order.onSent?.();
    setSubmitting(false);
    // `busy` stays set: the screen is about to be left, a second purchase must not start meanwhile.
    await showSuccessDialog(created.id_acquisto, order.successText);
    if (order.after) await runFollowUp(order.after, order.body);
    completed.current();
    return 'done';
  }, []);

  return { submitting, run };
}

/** The overlay over the whole screen while a purchase is sent (001 §4 "overlay"). */
export function PurchaseOverlay({
  visible,
  testId = 'purchase-submitting',
  text = formMessages.formSubmitting,
}: {
  visible: boolean;
  testId?: string;
  /** What is under way (a plain form may say "Salvataggio in corso…"). */
  text?: string;
}) {
  if (!visible) return null;
  return (
    <Portal>
      <Overlay fixed center zIndex={190} backgroundOpacity={0.6} blur={1}>
        <Stack align="center" gap="sm" role="status" aria-live="assertive" data-testid={testId}>
          <Loader color="white" aria-hidden="true" />
          <Text c="white" fw={600} size="lg">
            {text}
          </Text>
        </Stack>
      </Overlay>
    </Portal>
  );
}
