/**
 * The decisions on a request (issue 26): only those the server offers (`azioni`). Approva asks first;
 * Rifiuta takes a declared reason (`profilo.motivi_rifiuto`) and a note, required for "altro";
 * Richiedi documenti takes the note listing them. Each is one `POST .../decisione` with the `versione`
 * read with the request. A 409 (another operator decided first, the same operator twice under four
 * eyes) is said on the page with the server's text, and the request is read again.
 *
 * Not a plain form of config/plain-forms: that engine posts to one fixed path with the form data as the
 * payload, while this call names the request in its path, carries the loaded `versione` and treats a
 * 409 as a reload, so the fields are composed here from Mantine inputs.
 */
import { Alert, Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconFileAlert, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { operatorRules } from '../../../../config/operator-console';
import type { OperatoreDecisione, OperatoreRichiesta } from '../../../../schemas/wire-types.gen';
import { formatTableMessage, messages } from '../../../shared/catalogues/tables';
import { ApiError } from '../../api/client';
import { OnceButton, openAnswerDialog } from '../../components/answer-dialog';
import { flattenBackendError, showBackendError } from '../../components/backend-error-box';
import { ModalActions } from '../../components/modal-actions';
import { withOverlays } from '../../components/overlay-host';
import { refreshTables } from '../../engine/table';
import { decide, operatorProfileQueryOptions, operatorRequestQueryOptions } from './operator-api';
import { wireEuro } from './wire-euro';

type Mode = 'rifiuta' | 'richiedi_documenti' | null;

export function DecisionPanel({ request }: { request: OperatoreRichiesta }) {
  const client = useQueryClient();
  const profile = useQuery(operatorProfileQueryOptions());
  const [mode, setMode] = useState<Mode>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const actions = request.azioni;

  const reload = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: operatorRequestQueryOptions(request.id_acquisto).queryKey }),
      refreshTables(client, ['operator-queue']),
    ]);

  const send = async (decision: Omit<OperatoreDecisione, 'versione'>) => {
    setSending(true);
    setConflict(null);
    try {
      const outcome = await decide(request.id_acquisto, { ...decision, versione: request.versione });
      const { notifications } = await withOverlays();
      notifications.show({
        color: 'green',
        message: outcome.attende_secondo_operatore ? messages.opDecisionWaitsSecond : messages.opDecisionDone,
        withCloseButton: true,
      });
      setMode(null);
      setNote('');
      setReason(null);
      setTouched(false);
      await reload();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(flattenBackendError(error).join(' '));
        setMode(null);
        await reload();
      } else {
        void showBackendError(error);
      }
    } finally {
      setSending(false);
    }
  };

  const approve = async () => {
    const { result } = await openAnswerDialog<boolean>(
      'operator-approve',
      messages.opApproveTitle,
      (answer) => (
        <Stack gap="md">
          <Text>
            {formatTableMessage('opApproveText', {
              id: request.id_acquisto,
              amount: wireEuro(request.importo),
            })}
          </Text>
          <ModalActions>
            <Button variant="default" onClick={() => answer(false)}>
              {messages.cancel}
            </Button>
            <OnceButton onClick={() => answer(true)} initialFocus testId="operator-approve-confirm">
              {messages.opApprove}
            </OnceButton>
          </ModalActions>
        </Stack>
      ),
    );
    if (await result) await send({ azione: 'approva' });
  };

  const noteRequired = mode === 'richiedi_documenti' || (mode === 'rifiuta' && reason === 'altro');
  const reasonMissing = mode === 'rifiuta' && !reason;
  const noteMissing = noteRequired && note.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!mode || reasonMissing || noteMissing || sending) return;
    const text = note.trim();
    if (mode === 'rifiuta')
      void send({ azione: 'rifiuta', motivo: reason!, ...(text ? { nota: text } : {}) });
    else void send({ azione: 'richiedi_documenti', nota: text });
  };

  const choose = (next: Mode) => {
    setMode(next);
    setTouched(false);
    setNote('');
    setReason(null);
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="operator-decision">
      <Stack gap="sm">
        <Title order={2} size="h4" id="operator-decision">
          {messages.opDecision}
        </Title>
        {conflict && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title={messages.opDecisionConflict}
            role="alert"
            withCloseButton
            closeButtonLabel={messages.close}
            onClose={() => setConflict(null)}
            data-testid="operator-decision-conflict"
            // The light variant's orange title is below 4.5:1 on its ground (axe): dark text, the tone in the ground.
            styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
          >
            <Text size="sm">{conflict}</Text>
            <Text size="sm" mt={4}>
              {messages.opDecisionReloaded}
            </Text>
          </Alert>
        )}
        {actions.length === 0 ? (
          <Text c="dimmed">{messages.opNoDecision}</Text>
        ) : (
          <Group gap="sm">
            {actions.includes('approva') && (
              <Button
                color="teal.9"
                leftSection={<IconCheck size={18} aria-hidden="true" />}
                onClick={() => void approve()}
                loading={sending && mode === null}
                disabled={sending}
              >
                {messages.opApprove}
              </Button>
            )}
            {actions.includes('rifiuta') && (
              <Button
                color="red.8"
                variant={mode === 'rifiuta' ? 'filled' : 'default'}
                leftSection={<IconX size={18} aria-hidden="true" />}
                aria-expanded={mode === 'rifiuta'}
                onClick={() => choose(mode === 'rifiuta' ? null : 'rifiuta')}
                disabled={sending}
              >
                {messages.opReject}
              </Button>
            )}
            {actions.includes('richiedi_documenti') && (
              <Button
                color="blue.9"
                variant={mode === 'richiedi_documenti' ? 'filled' : 'default'}
                leftSection={<IconFileAlert size={18} aria-hidden="true" />}
                aria-expanded={mode === 'richiedi_documenti'}
                onClick={() => choose(mode === 'richiedi_documenti' ? null : 'richiedi_documenti')}
                disabled={sending}
              >
                {messages.opAskDocuments}
              </Button>
            )}
          </Group>
        )}
        {mode && (
          <form
            onSubmit={submit}
            noValidate
            aria-label={mode === 'rifiuta' ? messages.opRejectTitle : messages.opAskDocumentsTitle}
          >
            <Stack gap="sm">
              <Text fw={600}>
                {mode === 'rifiuta' ? messages.opRejectTitle : messages.opAskDocumentsTitle}
              </Text>
              {mode === 'rifiuta' && (
                <Select
                  label={messages.piattaColReason}
                  data={(profile.data?.motivi_rifiuto ?? []).map((item) => ({
                    value: item.code,
                    label: item.label,
                  }))}
                  value={reason}
                  onChange={setReason}
                  required
                  error={touched && reasonMissing ? messages.opRejectReasonPick : undefined}
                />
              )}
              <Textarea
                label={mode === 'rifiuta' ? messages.opNote : messages.opAskDocumentsNote}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                required={noteRequired}
                maxLength={operatorRules.noteMaxChars}
                autosize
                minRows={3}
                maxRows={8}
                error={touched && noteMissing ? messages.opNoteRequired : undefined}
              />
              <Group gap="sm">
                <Button type="submit" loading={sending} color={mode === 'rifiuta' ? 'red.8' : 'blue.9'}>
                  {mode === 'rifiuta' ? messages.opReject : messages.opAskDocuments}
                </Button>
                <Button variant="default" onClick={() => choose(null)} disabled={sending}>
                  {messages.cancel}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
