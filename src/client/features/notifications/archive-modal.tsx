/**
 * The archive of the notifications (spec 002 §2.7): a modal with the declared `notifications-archive`
 * table (the inbox's columns on the `_archivio` calls), its own mode, paging and "mark all as read". The modals host shows one modal at a time (a detail
 * or a confirmation replaces the archive until it closes), so the archive's view lives in a small store
 * and survives that.
 */
import { Button, Group, Stack } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { create } from 'zustand';
import { messages } from '../../../../config/messages-account.it';
import { notificationsArchiveTable } from '../../../../config/tables';
import type { NotificationMode } from '../../api/types';
import { withOverlays } from '../../components/overlay-host';
import { QueryProvider } from '../../components/query-provider';
import { DataTable } from '../../engine/table';
import { confirmMarkAllRead } from './notification-actions';
import { ModeControl } from './mode-control';

export const ARCHIVE_MODAL_ID = 'notifications-archive';

interface ArchiveView {
  mode: NotificationMode;
  page: number;
  pageSize: number;
  setMode: (mode: NotificationMode) => void;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  reset: () => void;
}

const initial = {
  mode: 'ricevuti' as NotificationMode,
  page: 1,
  pageSize: notificationsArchiveTable.paging.defaultPageSize,
};

export const useArchiveView = create<ArchiveView>()((set) => ({
  ...initial,
  setMode: (mode) => set({ mode, page: 1 }),
  setPage: (page) => set({ page }),
  setPageSize: (pageSize) => set({ pageSize, page: 1 }),
  reset: () => set(initial),
}));

function ArchiveContent({ onClose }: { onClose: () => void }) {
  const view = useArchiveView();
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <ModeControl value={view.mode} onChange={view.setMode} />
        {view.mode === 'ricevuti' && (
          <Button
            variant="light"
            leftSection={<IconChecks size={18} aria-hidden="true" />}
            onClick={() => void confirmMarkAllRead('archive')}
          >
            {messages.inboxMarkAll}
          </Button>
        )}
      </Group>
      <DataTable
        table={notificationsArchiveTable}
        params={{ mode: view.mode }}
        captionParams={{ mode: view.mode === 'inviati' ? messages.inboxSent : messages.inboxReceived }}
        paging={{
          page: view.page,
          pageSize: view.pageSize,
          onPageChange: view.setPage,
          onPageSizeChange: view.setPageSize,
        }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {messages.close}
        </Button>
      </Group>
    </Stack>
  );
}

export async function openArchive(): Promise<void> {
  useArchiveView.getState().reset();
  const { modals } = await withOverlays();
  modals.open({
    modalId: ARCHIVE_MODAL_ID,
    title: messages.inboxArchiveTitle,
    size: 'xl',
    centered: true,
    children: (
      <QueryProvider>
        <ArchiveContent onClose={() => modals.close(ARCHIVE_MODAL_ID)} />
      </QueryProvider>
    ),
  });
}
