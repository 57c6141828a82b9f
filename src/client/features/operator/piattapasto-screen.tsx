/**
 * The operator console's Piattapasto orders (route operatore-piattapasto, issue 26): how many confirmed
 * orders wait to be sent, "Invia ora gli ordini confermati" (asked first; `POST /api/operatore/piattapasto/invio`
 * queues the sending of each and answers their numbers) and the declared table `operator-piattapasto`.
 */
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { operatorPiattapastoTable } from '../../../../config/tables/operator-piattapasto';
import { formatTableMessage, messages } from '../../../shared/catalogues/tables';
import { queryClient } from '../../api/query-client';
import { flattenBackendError } from '../../components/backend-error-box';
import { withOverlays } from '../../components/overlay-host';
import { refreshTables, TableView, useTable } from '../../engine/table';
import { sendPiattapastoOrders, type OperatorPiattapastoOrder } from './operator-api';

async function send(setSending: (sending: boolean) => void) {
  setSending(true);
  const { notifications } = await withOverlays();
  try {
    const { ordini } = await sendPiattapastoOrders();
    notifications.show({
      color: ordini.length > 0 ? 'green' : 'blue',
      message:
        ordini.length > 0
          ? formatTableMessage('opPiattaSent', { ids: ordini.join(', ') })
          : messages.opPiattaNothingSent,
      withCloseButton: true,
    });
  } catch (error) {
    notifications.show({
      color: 'red',
      title: messages.opPiattaSendFailed,
      message: flattenBackendError(error).join(' '),
      withCloseButton: true,
      autoClose: 15_000,
    });
  } finally {
    setSending(false);
  }
  await refreshTables(queryClient, [operatorPiattapastoTable.name]);
}

async function confirmSend(setSending: (sending: boolean) => void) {
  const { modals } = await withOverlays();
  modals.openConfirmModal({
    modalId: 'operator-piatta-send',
    title: messages.opPiattaSendConfirmTitle,
    centered: true,
    children: <Text size="sm">{messages.opPiattaSendConfirmText}</Text>,
    labels: { confirm: messages.opPiattaSendYes, cancel: messages.cancel },
    onConfirm: () => void send(setSending),
  });
}

export function PiattapastoScreen() {
  const state = useTable(operatorPiattapastoTable);
  const [sending, setSending] = useState(false);
  const orders = state.query.data as OperatorPiattapastoOrder[] | undefined;
  const toSend = orders?.filter((order) => order.da_inviare).length;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {messages.opPiattaTitle}
        </Title>
        <Text c="dimmed">{messages.opPiattaIntro}</Text>
      </Stack>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="operator-piatta-send">
        <Stack gap="sm">
          <Title order={2} size="h4" id="operator-piatta-send">
            {messages.opPiattaSendTitle}
          </Title>
          {state.query.isPending ? (
            <Skeleton height={16} width={260} aria-hidden="true" />
          ) : (
            toSend !== undefined && (
              <Text data-testid="operator-piatta-to-send">
                {toSend > 0
                  ? formatTableMessage('opPiattaToSend', { n: toSend })
                  : messages.opPiattaNothingSent}
              </Text>
            )
          )}
          <Group>
            <Button
              leftSection={<IconSend size={18} aria-hidden="true" />}
              loading={sending}
              disabled={!toSend}
              onClick={() => void confirmSend(setSending)}
            >
              {messages.opPiattaSend}
            </Button>
          </Group>
        </Stack>
      </Card>
      <TableView state={state} />
    </Stack>
  );
}
