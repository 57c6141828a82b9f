/**
 * The two dialogs every purchase shares (spec 000 §8, 001 §8): "Riepilogo operazione" and "Richiesta
 * inviata". Answered only by their buttons (components/answer-dialog.tsx).
 */
import { Button, Stack, Table, Text } from '@mantine/core';
import { formatFormMessage, formMessages } from '../../../shared/catalogues/forms';
import type { PurchaseBalance } from '../../../../config/purchases/types';
import { ModalActions } from '../../components/modal-actions';
import { OnceButton, openAnswerDialog, type OpenDialog } from '../../components/answer-dialog';
import { formatEuro } from '../../../shared/money';
import { messages } from '../../../shared/catalogues/account';

export interface ConfirmFigures {
  readonly credit: PurchaseBalance;
  readonly creditCents: number;
  readonly amountCents: number;
}

/**
 * "Riepilogo operazione" (000 §8): current credit, operation amount, new residual credit, the question,
 * Prosegui / Annulla, with the ART 51 C.3 labels for that balance. `onAnswer` runs once: true at the
 * first click on Prosegui, false for Annulla.
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
    'purchase-confirm',
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
            {messages.cancel}
          </Button>
          <OnceButton onClick={() => answer(true)} initialFocus testId="confirm-proceed">
            {messages.proceed}
          </OnceButton>
        </ModalActions>
      </Stack>
    ),
  );
  void result.then(onAnswer);
  return dialog;
}

/** "Richiesta inviata" (000 §8, 001 §8): the id, the product's text, the e-mail to follow; Ok. */
export async function showSuccessDialog(id: number, successText: string): Promise<void> {
  const { result } = await openAnswerDialog<void>(
    'purchase-success',
    formMessages.formSuccessTitle,
    (answer) => (
      <Stack gap="sm">
        <Text data-testid="success-body">{formatFormMessage('formSuccessBody', { id })}</Text>
        <Text>{successText}</Text>
        <Text>{formMessages.formSuccessMailFollows}</Text>
        <ModalActions>
          <Button onClick={() => answer()} data-autofocus>
            {messages.ok}
          </Button>
        </ModalActions>
      </Stack>
    ),
  );
  return result;
}
