/**
 * The "sent messages" and "archive" modals of the internal messaging (spec 002 §2.8): what the company
 * acted for sent, on the declared tables `internal-messages` and `internal-messages-archive`. A detail
 * opened from a row replaces the modal until it closes (one modal at a time), so the paging lives in a
 * small store and survives that.
 */
import { Button, Group, Stack } from '@mantine/core';
import { create } from 'zustand';
import { internalMessagesArchiveTable, internalMessagesTable } from '../../../../../config/tables';
import { messages } from '../../../../shared/catalogues/account';
import { withOverlays } from '../../../components/overlay-host';
import { QueryProvider } from '../../../components/query-provider';
import { DataTable } from '../../../engine/table';

type Box = 'sent' | 'archive';

interface SentView {
  page: Record<Box, number>;
  pageSize: Record<Box, number>;
  setPage: (box: Box, page: number) => void;
  setPageSize: (box: Box, pageSize: number) => void;
  reset: (box: Box) => void;
}

const firstSize = internalMessagesTable.paging.defaultPageSize;

export const useSentView = create<SentView>()((set) => ({
  page: { sent: 1, archive: 1 },
  pageSize: { sent: firstSize, archive: firstSize },
  setPage: (box, page) => set((s) => ({ page: { ...s.page, [box]: page } })),
  setPageSize: (box, pageSize) =>
    set((s) => ({ pageSize: { ...s.pageSize, [box]: pageSize }, page: { ...s.page, [box]: 1 } })),
  reset: (box) =>
    set((s) => ({ page: { ...s.page, [box]: 1 }, pageSize: { ...s.pageSize, [box]: firstSize } })),
}));

function SentContent({
  box,
  companyId,
  onClose,
}: {
  box: Box;
  companyId: number | null;
  onClose: () => void;
}) {
  const view = useSentView();
  return (
    <Stack gap="md">
      <DataTable
        table={box === 'archive' ? internalMessagesArchiveTable : internalMessagesTable}
        companyId={companyId}
        paging={{
          page: view.page[box],
          pageSize: view.pageSize[box],
          onPageChange: (page) => view.setPage(box, page),
          onPageSizeChange: (size) => view.setPageSize(box, size),
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

/** Opens the company's sent messages (`sent`) or their archive (`archive`). */
export async function openSentMessages(box: Box, companyId: number | null): Promise<void> {
  useSentView.getState().reset(box);
  const { modals } = await withOverlays();
  const modalId = `internal-messages-${box}`;
  modals.open({
    modalId,
    title: box === 'archive' ? messages.messArchiveModalTitle : messages.messSentModalTitle,
    size: 'xl',
    centered: true,
    children: (
      <QueryProvider>
        <SentContent box={box} companyId={companyId} onClose={() => modals.close(modalId)} />
      </QueryProvider>
    ),
  });
}
