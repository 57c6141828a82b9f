/**
 * The operator console's bulk imports (route operatore-importazioni, issue 26): the declared table
 * `operator-imports` (accept after a confirmation, declared) and "Rifiuta", composed here because it
 * asks for a note: a dialog with the optional reason (the referent reads it in the import's note), then
 * `POST /api/operatore/importazioni/{id}/rifiuta`; a 409 (no longer decidable) says so and reads the list again.
 */
import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { operatorImportsTable } from '../../../../config/tables/operator-imports';
import { formatTableMessage, messages } from '../../../shared/catalogues/tables';
import { queryClient } from '../../api/query-client';
import { flattenBackendError } from '../../components/backend-error-box';
import { withOverlays } from '../../components/overlay-host';
import { DataTable, refreshTables, type Row } from '../../engine/table';
import { rejectImport, type OperatorImport } from './operator-api';

const MAX_REASON = 1000;

function RejectDialog({ job, onDone }: { job: OperatorImport; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const { notifications } = await withOverlays();
    try {
      await rejectImport(job.id, reason);
      notifications.show({ color: 'green', message: messages.opImportRejected, withCloseButton: true });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: messages.opImportRejectFailed,
        message: flattenBackendError(error).join(' '),
        withCloseButton: true,
        autoClose: 15_000,
      });
    } finally {
      setSending(false);
    }
    onDone();
    // Rejected or no longer decidable (409): the list shows the import's state now.
    await refreshTables(queryClient, [operatorImportsTable.name]);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm">{formatTableMessage('opImportRejectText', { id: job.id, file: job.file })}</Text>
        <Textarea
          label={messages.opImportRejectReason}
          description={messages.opImportRejectReasonHelp}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={MAX_REASON}
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={sending}>
            {messages.cancel}
          </Button>
          <Button type="submit" color="red" loading={sending}>
            {messages.opReject}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

async function openReject(job: OperatorImport) {
  const { modals } = await withOverlays();
  const modalId = `operator-import-reject-${job.id}`;
  modals.open({
    modalId,
    title: messages.opImportRejectTitle,
    centered: true,
    children: <RejectDialog job={job} onDone={() => modals.close(modalId)} />,
  });
}

const rejectActions = {
  label: messages.opReject,
  render: (row: Row) => {
    const job = row as unknown as OperatorImport;
    if (!job.da_decidere) return null;
    return (
      <Button
        size="xs"
        variant="light"
        color="red"
        aria-label={formatTableMessage('opImportRejectAria', { id: job.id })}
        onClick={() => void openReject(job)}
      >
        {messages.opReject}
      </Button>
    );
  },
};

export function ImportsScreen() {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {messages.opImportsTitle}
        </Title>
        <Text c="dimmed">{messages.opImportsIntro}</Text>
      </Stack>
      <DataTable table={operatorImportsTable} extraActions={rejectActions} />
    </Stack>
  );
}
