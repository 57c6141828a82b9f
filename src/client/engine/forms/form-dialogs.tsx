/**
 * The form-only dialogs of the form engine (spec 001 §2, §4): the information modal, the pension fund
 * change and the pension information acceptance. None of them closes by backdrop, Escape or a header
 * button (components/answer-dialog.tsx). The summary and the success dialog every purchase shares live
 * in the purchase engine (engine/purchase).
 */
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatFormMessage, formMessages } from '../../../../config/messages-forms.it';
import { openAnswerDialog, type OpenDialog } from '../../components/answer-dialog';
import { ModalActions } from '../../components/modal-actions';

export type { OpenDialog };

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

/** "Conferma Modifica Fondo" (001 §4): true when the user confirms the new fund. */
export async function askFundChange(
  from: string,
  to: string,
  onOpen?: (dialog: OpenDialog) => void,
): Promise<boolean> {
  const { result, dialog } = await openAnswerDialog<boolean>(
    'form-fund',
    formMessages.formFundConfirmTitle,
    (answer) => (
      <Stack gap="md">
        <Text>{formatFormMessage('formFundConfirmBody', { from, to })}</Text>
        <ModalActions>
          <Button variant="default" onClick={() => answer(false)}>
            {formMessages.formFundConfirmCancel}
          </Button>
          <Button onClick={() => answer(true)} data-autofocus>
            {formMessages.formFundConfirmProceed}
          </Button>
        </ModalActions>
      </Stack>
    ),
  );
  onOpen?.(dialog);
  return result;
}

/**
 * The pension information acceptance (001 §2, §4): the text, a link to the full information (when its
 * address is known), "Accetta e Continua" (runs `accept`; the dialog stays open if it fails) and
 * "Annulla". Resolves true once accepted, false when cancelled.
 */
export async function askPensionAcceptance(
  informationUrl: Promise<string | null>,
  accept: () => Promise<boolean>,
): Promise<{ result: Promise<boolean>; dialog: OpenDialog }> {
  return openAnswerDialog<boolean>(
    'form-pension',
    formMessages.formPensionAcceptTitle,
    (answer) => <PensionAcceptance informationUrl={informationUrl} accept={accept} answer={answer} />,
    'lg',
  );
}

function PensionAcceptance({
  informationUrl,
  accept,
  answer,
}: {
  informationUrl: Promise<string | null>;
  accept: () => Promise<boolean>;
  answer: (value: boolean) => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void informationUrl.then((found) => {
      if (live) setUrl(found);
    });
    return () => {
      live = false;
    };
  }, [informationUrl]);
  return (
    <Stack gap="md">
      <Text>{formMessages.formPensionAcceptBody}</Text>
      {url && (
        <Anchor href={url} target="_blank" rel="noopener noreferrer">
          {formMessages.formPensionInformationLink}{' '}
          <span className="visually-hidden">{formMessages.formOpensInNewTab}</span>
        </Anchor>
      )}
      <ModalActions>
        <Button variant="default" onClick={() => answer(false)} disabled={busy}>
          {formMessages.formPensionAcceptCancel}
        </Button>
        <Button
          loading={busy}
          data-autofocus
          onClick={() => {
            if (busy) return;
            setBusy(true);
            void accept().then((accepted) => {
              if (accepted) answer(true);
              else setBusy(false);
            });
          }}
        >
          {formMessages.formPensionAcceptContinue}
        </Button>
      </ModalActions>
    </Stack>
  );
}
