/**
 * The dialogs of the form engine (spec 000 §8, 001 §2, §4, §8), opened through the lazily mounted
 * modal host (`withOverlays()`). None of them closes by backdrop, Escape or a header button: each is
 * answered by its own buttons. Blocks open their own questions with `openAnswerDialog` (the pension
 * block's are in widgets/pension-fund/dialogs.tsx).
 */
import { Button, Stack, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { formatFormMessage, formMessages } from '../../../../config/messages-forms.it';
import type { CreditSourceName, SuccessBehaviour } from '../../../../config/forms/types';
import { ModalActions } from '../../components/modal-actions';
import { withOverlays } from '../../components/overlay-host';
import { formatEuro } from '../../../shared/money';

/** Mantine modal settings of a dialog that only its buttons close. */
const ANSWER_ONLY = {
  withCloseButton: false,
  closeOnClickOutside: false,
  closeOnEscape: false,
  centered: true,
} as const;

let dialogCounter = 0;
const nextDialogId = (prefix: string) => `${prefix}-${++dialogCounter}`;

/** A button that runs its action once: it disables itself at the first click (a double click is one action). */
function OnceButton({
  onClick,
  children,
  initialFocus = false,
  variant,
  testId,
}: {
  onClick: () => void;
  children: ReactNode;
  /** Mantine's modal focuses the element marked `data-autofocus` when it opens. */
  initialFocus?: boolean;
  variant?: 'default' | 'filled';
  testId?: string;
}) {
  const [done, setDone] = useState(false);
  return (
    <Button
      variant={variant ?? 'filled'}
      disabled={done}
      data-autofocus={initialFocus || undefined}
      data-testid={testId}
      onClick={() => {
        if (done) return;
        setDone(true);
        onClick();
      }}
    >
      {children}
    </Button>
  );
}

export interface OpenDialog {
  close(): void;
}

/**
 * Opens a dialog whose content gets `answer(value)`: the first answer closes it and resolves the
 * promise; later answers (a second click) are ignored.
 */
export async function openAnswerDialog<T>(
  prefix: string,
  title: string,
  render: (answer: (value: T) => void) => ReactNode,
  size: 'sm' | 'md' | 'lg' = 'md',
): Promise<{ result: Promise<T>; dialog: OpenDialog }> {
  const { modals } = await withOverlays();
  const modalId = nextDialogId(prefix);
  let settle: (value: T) => void = () => undefined;
  const result = new Promise<T>((resolve) => {
    settle = resolve;
  });
  let answered = false;
  const answer = (value: T) => {
    if (answered) return;
    answered = true;
    modals.close(modalId);
    settle(value);
  };
  modals.open({ modalId, title, size, ...ANSWER_ONLY, children: render(answer) });
  return { result, dialog: { close: () => modals.close(modalId) } };
}

/** The information modal shown when a form opens (001 §2): one button. */
export async function openInfoDialog(title: string, body: string): Promise<OpenDialog> {
  const { dialog } = await openAnswerDialog<void>('form-info', title, (answer) => (
    <Stack gap="md">
      <Text style={{ whiteSpace: 'pre-line' }}>{body}</Text>
      <ModalActions>
        <Button onClick={() => answer()} data-autofocus>
          {formMessages.formInfoModalOk}
        </Button>
      </ModalActions>
    </Stack>
  ));
  return dialog;
}

export interface ConfirmFigures {
  readonly credit: CreditSourceName;
  readonly creditCents: number;
  readonly amountCents: number;
}

/**
 * "Riepilogo operazione" (000 §8): current credit, operation amount, new residual credit, the question,
 * Prosegui / Annulla. `onAnswer` runs once: true at the first click on Prosegui, false for Annulla.
 */
export async function openConfirmDialog(
  figures: ConfirmFigures,
  onAnswer: (proceed: boolean) => void,
): Promise<OpenDialog> {
  const art51c3 = figures.credit === 'art51c3';
  const rows: [string, number][] = [
    [
      art51c3 ? formMessages.formConfirmCurrentCreditArt51c3 : formMessages.formConfirmCurrentCredit,
      figures.creditCents,
    ],
    [formMessages.formConfirmAmount, figures.amountCents],
    [
      art51c3 ? formMessages.formConfirmResidualArt51c3 : formMessages.formConfirmResidual,
      figures.creditCents - figures.amountCents,
    ],
  ];
  const { result, dialog } = await openAnswerDialog<boolean>(
    'form-confirm',
    formMessages.formConfirmTitle,
    (answer) => (
      <Stack gap="md">
        <Table data-testid="confirm-figures" verticalSpacing="xs">
          <Table.Tbody>
            {rows.map(([label, cents]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={500}>
                  {label}
                </Table.Th>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatEuro(cents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fw={600}>{formMessages.formConfirmQuestion}</Text>
        <ModalActions>
          <Button variant="default" onClick={() => answer(false)}>
            {formMessages.formConfirmCancel}
          </Button>
          <OnceButton onClick={() => answer(true)} initialFocus testId="confirm-proceed">
            {formMessages.formConfirmProceed}
          </OnceButton>
        </ModalActions>
      </Stack>
    ),
  );
  void result.then(onAnswer);
  return dialog;
}

/** "Richiesta inviata" (000 §8, 001 §8): the id, the form's text, the e-mail to follow; Ok. */
export async function showSuccessDialog(id: number, successText: string): Promise<void> {
  const { result } = await openAnswerDialog<void>('form-success', formMessages.formSuccessTitle, (answer) => (
    <Stack gap="sm">
      <Text data-testid="success-body">{formatFormMessage('formSuccessBody', { id })}</Text>
      <Text>{successText}</Text>
      <Text>{formMessages.formSuccessMailFollows}</Text>
      <ModalActions>
        <Button onClick={() => answer()} data-autofocus>
          {formMessages.formSuccessOk}
        </Button>
      </ModalActions>
    </Stack>
  ));
  return result;
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
            {formMessages.formSuccessOk}
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
