/**
 * The operator console's supplier codes (route operatore-codici, issue 26): how many stocks are empty or
 * low, "Carica codici" (a dialog: a CSV with the columns acquisto, prodotto, codice, scadenza, sent as text
 * to `POST /api/operatore/codici-buoni`; loaded whole, or refused with every wrong line listed and nothing
 * loaded) and the declared table `operator-codes` ("Esaurita", "Scorta bassa").
 */
import { Alert, Button, FileInput, Group, List, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { operatorCodesTable } from '../../../../config/tables/operator-codes';
import { formatTableMessage, messages } from '../../../shared/catalogues/tables';
import { ApiError } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { flattenBackendError } from '../../components/backend-error-box';
import { withOverlays } from '../../components/overlay-host';
import { refreshTables, TableView, useTable } from '../../engine/table';
import { uploadCodes, type OperatorCodeStock } from './operator-api';

/** The wrong lines of a refused file (400 `righe`), or null for any other failure. */
function wrongLines(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const lines = (error.data as { righe?: unknown } | null)?.righe;
  return Array.isArray(lines) ? lines.map(String) : null;
}

type Outcome = { kind: 'lines'; lines: string[] } | { kind: 'error'; text: string } | null;

function UploadDialog({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!file || sending) return;
    setSending(true);
    setOutcome(null);
    try {
      const { caricati } = await uploadCodes(file.name, await file.text());
      const { notifications } = await withOverlays();
      notifications.show({
        color: 'green',
        message: formatTableMessage('opCodesLoaded', { n: caricati }),
        withCloseButton: true,
      });
      onDone();
      await refreshTables(queryClient, [operatorCodesTable.name]);
    } catch (error) {
      const lines = wrongLines(error);
      setOutcome(
        lines ? { kind: 'lines', lines } : { kind: 'error', text: flattenBackendError(error).join(' ') },
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <FileInput
          label={messages.opCodesFile}
          description={messages.opCodesUploadHelp}
          accept=".csv,text/csv"
          value={file}
          onChange={(value) => {
            setFile(value);
            setOutcome(null);
          }}
          clearable
          required
          disabled={sending}
          leftSection={<IconFileUpload size={18} aria-hidden="true" />}
          error={touched && !file ? messages.boImportSelectFile : undefined}
          data-autofocus
        />
        {outcome?.kind === 'lines' && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            role="alert"
            data-testid="operator-codes-wrong-lines"
          >
            <Text size="sm" fw={600} mb={6}>
              {messages.opCodesRejected}
            </Text>
            <ScrollArea.Autosize mah={260} type="auto">
              <List size="sm" spacing={2}>
                {outcome.lines.map((line, index) => (
                  <List.Item key={index}>{line}</List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
          </Alert>
        )}
        {outcome?.kind === 'error' && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
            <Text size="sm" fw={600}>
              {messages.opCodesFailed}
            </Text>
            <Text size="sm">{outcome.text}</Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={sending}>
            {messages.close}
          </Button>
          <Button type="submit" loading={sending} leftSection={<IconUpload size={18} aria-hidden="true" />}>
            {messages.opCodesSend}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

async function openUpload() {
  const { modals } = await withOverlays();
  const modalId = 'operator-codes-upload';
  modals.open({
    modalId,
    title: messages.opCodesUploadTitle,
    centered: true,
    size: 'lg',
    children: <UploadDialog onDone={() => modals.close(modalId)} />,
  });
}

export function CodesScreen() {
  const state = useTable(operatorCodesTable);
  const stocks = state.query.data as OperatorCodeStock[] | undefined;
  const empty = stocks?.filter((stock) => stock.liberi === 0).length ?? 0;
  const low = stocks?.filter((stock) => stock.bassa && stock.liberi > 0).length ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {messages.opCodesTitle}
          </Title>
          <Text c="dimmed">{messages.opCodesIntro}</Text>
        </Stack>
        <Button leftSection={<IconUpload size={18} aria-hidden="true" />} onClick={() => void openUpload()}>
          {messages.opCodesUpload}
        </Button>
      </Group>
      {(empty > 0 || low > 0) && (
        <Alert
          color={empty > 0 ? 'red' : 'yellow'}
          variant="light"
          icon={<IconAlertTriangle aria-hidden="true" />}
          data-testid="operator-codes-summary"
        >
          {formatTableMessage('opStockSummary', { empty, low })}
        </Alert>
      )}
      <TableView state={state} />
    </Stack>
  );
}
