/**
 * The operator console's conventions suppliers (route operatore-fornitori, issue 26): the declared table
 * `operator-suppliers` and, on each row, "Nuova chiave": asked first (the previous key stops working),
 * then `POST /api/operatore/fornitori/{id}/chiave`, and the new key shown once in a dialog with a copy
 * button, closed only by its button. An operator limited to some customers gets the server's refusal.
 */
import { Alert, Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { operatorSuppliersTable } from '../../../../config/tables/operator-suppliers';
import { formatTableMessage, messages } from '../../../shared/catalogues/tables';
import { queryClient } from '../../api/query-client';
import { showBackendError } from '../../components/backend-error-box';
import { withOverlays } from '../../components/overlay-host';
import { DataTable, refreshTables, type Row } from '../../engine/table';
import { issueSupplierKey, type OperatorSupplier } from './operator-api';

function KeyShown({ keyText, onClose }: { keyText: string; onClose: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
        {messages.opKeyShownOnce}
      </Alert>
      <Code
        block
        data-testid="operator-supplier-key"
        style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
      >
        {keyText}
      </Code>
      <Group justify="space-between" gap="sm">
        <CopyButton value={keyText} timeout={2500}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'green' : undefined}
              leftSection={
                copied ? (
                  <IconCheck size={18} aria-hidden="true" />
                ) : (
                  <IconCopy size={18} aria-hidden="true" />
                )
              }
              onClick={copy}
            >
              {copied ? messages.enrolCopied : messages.enrolCopy}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose}>{messages.opKeyDone}</Button>
      </Group>
    </Stack>
  );
}

async function issue(supplier: OperatorSupplier) {
  const { modals } = await withOverlays();
  let answer: { chiave: string };
  try {
    answer = await issueSupplierKey(supplier.id);
  } catch (error) {
    void showBackendError(error);
    return;
  }
  const modalId = `operator-supplier-key-${supplier.id}`;
  modals.open({
    modalId,
    title: formatTableMessage('opKeyShownTitle', { name: supplier.nome }),
    centered: true,
    size: 'lg',
    // The key is never shown again: only its button closes the dialog.
    closeOnClickOutside: false,
    closeOnEscape: false,
    withCloseButton: false,
    children: <KeyShown keyText={answer.chiave} onClose={() => modals.close(modalId)} />,
  });
  await refreshTables(queryClient, [operatorSuppliersTable.name]);
}

async function confirmIssue(supplier: OperatorSupplier) {
  const { modals } = await withOverlays();
  modals.openConfirmModal({
    modalId: 'operator-supplier-key-confirm',
    title: messages.opKeyNewTitle,
    centered: true,
    children: <Text size="sm">{formatTableMessage('opKeyNewText', { name: supplier.nome })}</Text>,
    labels: { confirm: messages.opKeyNewYes, cancel: messages.cancel },
    confirmProps: { color: 'red' },
    onConfirm: () => void issue(supplier),
  });
}

const keyActions = {
  label: messages.opKeyNew,
  render: (row: Row) => {
    const supplier = row as unknown as OperatorSupplier;
    return (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconKey size={16} aria-hidden="true" />}
        aria-label={formatTableMessage('opKeyNewAria', { name: supplier.nome })}
        onClick={() => void confirmIssue(supplier)}
      >
        {messages.opKeyNew}
      </Button>
    );
  },
};

export function SuppliersScreen() {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {messages.opSuppliersTitle}
        </Title>
        <Text c="dimmed">{messages.opSuppliersIntro}</Text>
      </Stack>
      <DataTable table={operatorSuppliersTable} extraActions={keyActions} />
    </Stack>
  );
}
