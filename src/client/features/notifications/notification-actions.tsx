/**
 * What the inbox does besides listing (spec 002 §4.3, §7): the detail modal (sanitized HTML; opening
 * an unread received message marks it read), "mark all as read" after a confirmation, and the refresh
 * of the lists and of the bell afterwards. Each works on the inbox or on its archive (`_archivio` calls).
 * The modals are opened through the lazily mounted host (outside the router and react-query).
 */
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMessage, messages } from '../../../../config/messages-account.it';
import { apiRequest } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-options';
import type { NotificationBox, NotificationItem, NotificationMode } from '../../api/types';
import { showBackendError } from '../../components/backend-error-box';
import { withOverlays } from '../../components/overlay-host';
import { SafeHtml } from '../../components/safe-html';
import { formatDateTime } from '../../../shared/dates';

const suffix = (box: NotificationBox) => (box === 'archive' ? '_archivio' : '');

/** The request number, '-' when there is none (spec 002 §3). */
export function requestNumber(item: Pick<NotificationItem, 'id_riferimento'>): string {
  const value = item.id_riferimento;
  return value === null || value === undefined || String(value).trim() === '' ? '-' : String(value);
}

/** The lists and the bell's counters are read again. */
export function refreshNotifications(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.notificationLists }),
    queryClient.invalidateQueries({ queryKey: queryKeys.notificationCounts }),
  ]);
}

/** `POST /api/marca_notifica[_archivio]_come_letta/{mess_id}`; a failure is only logged. */
export async function markNotificationRead(box: NotificationBox, id: number): Promise<void> {
  try {
    await apiRequest<unknown>(`/marca_notifica${suffix(box)}_come_letta/${encodeURIComponent(id)}`, {
      method: 'POST',
    });
  } catch (error) {
    console.warn('Notification not marked read', id, error);
    return;
  }
  await refreshNotifications();
}

/** `POST /api/marca_tutte_le_notifiche[_archivio]_come_lette`; a failure shows the backend error box. */
export async function markAllNotificationsRead(box: NotificationBox): Promise<void> {
  try {
    await apiRequest<unknown>(`/marca_tutte_le_notifiche${suffix(box)}_come_lette`, { method: 'POST' });
  } catch (error) {
    void showBackendError(error);
    return;
  }
  await refreshNotifications();
}

/** Asks for confirmation, then marks every received notification of the box read. */
export async function confirmMarkAllRead(box: NotificationBox): Promise<void> {
  const { modals } = await withOverlays();
  modals.openConfirmModal({
    modalId: `notifications-mark-all-${box}`,
    title: messages.inboxMarkAll,
    centered: true,
    children: (
      <Text size="sm">
        {box === 'archive' ? messages.inboxMarkAllArchiveText : messages.inboxMarkAllText}
      </Text>
    ),
    labels: { confirm: messages.inboxMarkAllConfirm, cancel: messages.inboxCancel },
    onConfirm: () => void markAllNotificationsRead(box),
  });
}

function DetailField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export function NotificationDetail({ item, onClose }: { item: NotificationItem; onClose: () => void }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
        <DetailField label={messages.inboxColCreated} value={formatDateTime(item.created)} />
        <DetailField label={messages.inboxColRequest} value={requestNumber(item)} />
        <DetailField label={messages.inboxColSender} value={item.nome_mittente} />
        <DetailField label={messages.inboxColRecipients} value={item.nomi_destinatari} />
      </SimpleGrid>
      <SafeHtml
        html={item.testo}
        data-testid="notification-text"
        p="md"
        bg="gray.0"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflowWrap: 'anywhere' }}
      />
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {messages.inboxClose}
        </Button>
      </Group>
    </Stack>
  );
}

/** Shows the notification; an unread received one becomes read (and the lists and the bell follow). */
export async function openNotification(
  item: NotificationItem,
  { box, mode }: { box: NotificationBox; mode: NotificationMode },
): Promise<void> {
  const { modals } = await withOverlays();
  const modalId = `notification-${box}-${item.id}`;
  modals.open({
    modalId,
    title: messages.inboxDetailTitle,
    size: 'lg',
    centered: true,
    children: <NotificationDetail item={item} onClose={() => modals.close(modalId)} />,
  });
  if (mode === 'ricevuti' && !item.conferma_lettura) await markNotificationRead(box, item.id);
}

/** Accessible name of a row's open button. */
export function openLabel(item: NotificationItem): string {
  return formatMessage('inboxOpenLabel', {
    sender: item.nome_mittente,
    date: formatDateTime(item.created),
  });
}
