/**
 * The pension block's questions (001 §2, §4), opened by its hooks through the answer-only dialogs
 * (components/answer-dialog.tsx): the information acceptance on entry and "Conferma Modifica Fondo"
 * before the summary.
 */
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatFormMessage, formMessages } from '../../../shared/catalogues/forms';
import { ModalActions } from '../../components/modal-actions';
import { openAnswerDialog, type OpenDialog } from '../../components/answer-dialog';
import { messages } from '../../../shared/catalogues/account';

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
            {messages.cancel}
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
 * The pension information acceptance (001 §2, §4): the form's information text (`information`, so the
 * form needs no second modal), the acceptance text, a link to the full information (when its address
 * is known), "Accetta e Continua" (runs `accept`; the dialog stays open if it fails) and "Annulla".
 * Resolves true once accepted, false when cancelled.
 */
export async function askPensionAcceptance(
  informationUrl: Promise<string | null>,
  accept: () => Promise<boolean>,
  information: string | null = null,
): Promise<{ result: Promise<boolean>; dialog: OpenDialog }> {
  return openAnswerDialog<boolean>(
    'form-pension',
    formMessages.formPensionAcceptTitle,
    (answer) => (
      <PensionAcceptance
        informationUrl={informationUrl}
        accept={accept}
        answer={answer}
        information={information}
      />
    ),
    'lg',
  );
}

function PensionAcceptance({
  informationUrl,
  accept,
  answer,
  information,
}: {
  informationUrl: Promise<string | null>;
  accept: () => Promise<boolean>;
  answer: (value: boolean) => void;
  information: string | null;
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
      {information && (
        <Text style={{ whiteSpace: 'pre-line' }} data-testid="form-pension-information">
          {information}
        </Text>
      )}
      <Text>{formMessages.formPensionAcceptBody}</Text>
      {url && (
        <Anchor href={url} target="_blank" rel="noopener noreferrer">
          {formMessages.formPensionInformationLink}{' '}
          <span className="visually-hidden">{messages.opensInNewTab}</span>
        </Anchor>
      )}
      <ModalActions>
        <Button variant="default" onClick={() => answer(false)} disabled={busy}>
          {messages.cancel}
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
