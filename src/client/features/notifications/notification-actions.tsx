/**
 * What the inbox does besides its table (spec 002 §4.3, §7): "mark all as read" after a confirmation,
 * and the refresh of the lists and of the bell afterwards, on the inbox or on its archive (`_archivio`
 * calls). The detail modal and the read mark on opening are declared in config/tables/notifications.ts.
 * The modals are opened through the lazily mounted host (outside the router and react-query).
 */
import { Text } from '@mantine/core';
import { messages } from '../../../../config/messages-account.it';
import { notificationsArchiveTable, notificationsTable } from '../../../../config/tables';
import { apiRequest } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-options';
import type { NotificationBox } from '../../api/types';
import { showBackendError } from '../../components/backend-error-box';
import { withOverlays } from '../../components/overlay-host';
import { refreshTables } from '../../engine/table';

const suffix = (box: NotificationBox) => (box === 'archive' ? '_archivio' : '');

/** The lists and the bell's counters are read again. */
export function refreshNotifications(): Promise<unknown> {
  return Promise.all([
    refreshTables(queryClient, [notificationsTable.name, notificationsArchiveTable.name]),
    queryClient.invalidateQueries({ queryKey: queryKeys.notificationCounts }),
  ]);
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
    labels: { confirm: messages.inboxMarkAllConfirm, cancel: messages.cancel },
    onConfirm: () => void markAllNotificationsRead(box),
  });
}
