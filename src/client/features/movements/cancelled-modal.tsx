/**
 * Cancelled purchases (spec 000 §2, §3 Cancelled purchase): the declared table
 * `config/tables/cancelled-purchases.ts` (server paging 10-500, 10 by default) in a modal.
 */
import { Button, Group, Stack } from '@mantine/core';
import { messages } from '../../../../config/messages-account.it';
import { cancelledPurchasesTable } from '../../../../config/tables';
import { withOverlays } from '../../components/overlay-host';
import { QueryProvider } from '../../components/query-provider';
import { DataTable } from '../../engine/table';

export const CANCELLED_MODAL_ID = 'movements-cancelled';

export async function openCancelledPurchases(): Promise<void> {
  const { modals } = await withOverlays();
  const close = () => modals.close(CANCELLED_MODAL_ID);
  modals.open({
    modalId: CANCELLED_MODAL_ID,
    title: messages.movCancelled,
    size: 'xl',
    centered: true,
    children: (
      <QueryProvider>
        <Stack gap="md">
          <DataTable table={cancelledPurchasesTable} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {messages.close}
            </Button>
          </Group>
        </Stack>
      </QueryProvider>
    ),
  });
}
