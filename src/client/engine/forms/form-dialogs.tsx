/**
 * The form-only dialogs of the form engine (spec 001 §2, §4, 002 §2.9): the information modal and the
 * plain forms' success. None of them closes by backdrop, Escape or a header
 * button (components/answer-dialog.tsx). The summary and the success dialog every purchase shares live
 * in the purchase engine (engine/purchase).
 */
import { Button, Stack, Text } from '@mantine/core';
import type { SuccessBehaviour } from '../../../../config/forms/types';
import { formMessages } from '../../../../config/messages-forms.it';
import { openAnswerDialog, type OpenDialog } from '../../components/answer-dialog';
import { ModalActions } from '../../components/modal-actions';
import { withOverlays } from '../../components/overlay-host';
import { messages } from '../../../shared/catalogues/account';

export type { OpenDialog };

/** The information modal shown when a form opens (001 §2): one button. */
export async function openInfoDialog(title: string, body: string): Promise<OpenDialog> {
  const { dialog } = await openAnswerDialog<void>('form-info', title, (answer) => (
    <Stack gap="md">
      <Text style={{ whiteSpace: 'pre-line' }}>{body}</Text>
      <ModalActions>
        <Button onClick={() => answer()} data-autofocus>
          {messages.understood}
        </Button>
      </ModalActions>
    </Stack>
  ));
  return dialog;
}

/**
 * A plain form's success (config/forms/types.ts `SuccessBehaviour`): its dialog, closed only by Ok
 * (spec 002 §2.9: "Richiesta inviata" / "Richiesta inviata correttamente."), and/or its toast.
 * Resolves once the dialog is answered (at once for a toast alone).
 */
export async function showPlainSuccess(success: SuccessBehaviour): Promise<void> {
  const { dialog, toast } = success;
  if (dialog) {
    const { result } = await openAnswerDialog<void>('form-done', formMessages[dialog.title], (answer) => (
      <Stack gap="sm">
        <Text data-testid="plain-success-body">{formMessages[dialog.text]}</Text>
        <ModalActions>
          <Button onClick={() => answer()} data-autofocus>
            {messages.ok}
          </Button>
        </ModalActions>
      </Stack>
    ));
    await result;
  }
  if (toast) {
    const { notifications } = await withOverlays();
    notifications.show({
      title: toast.title ? formMessages[toast.title] : undefined,
      message: formMessages[toast.text],
      color: 'green',
    });
  }
}
