/**
 * Cancelled purchases (spec 000 §2, §3 Cancelled purchase): kind, id, object, date and unit amount,
 * with server paging (10, 25, 50, 100, 500; 10 by default).
 */
import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { constants } from '../../../../config/constants';
import { messages } from '../../../../config/messages-account.it';
import { movementKindLabel } from '../../../../config/movement-kinds';
import { flattenBackendError } from '../../components/backend-error-box';
import { withOverlays } from '../../components/overlay-host';
import { QueryProvider } from '../../components/query-provider';
import { formatDateTime } from '../../../shared/dates';
import { formatWireEuro } from '../../../shared/money';
import { cancelledQueryOptions, type CancelledPurchase } from './movements-api';
import { shownObject } from './movement-rows';
import { Pager } from './pager';

export const CANCELLED_MODAL_ID = 'movements-cancelled';

const kindOf = (item: CancelledPurchase) =>
  typeof item.kind === 'number' || /^\d+$/.test(item.kind) ? movementKindLabel(Number(item.kind)) : item.kind;

function CancelledContent({ onClose }: { onClose: () => void }) {
  const [paging, setPaging] = useState<{ page: number; pageSize: number }>({
    page: 1,
    pageSize: constants.cancelledPurchasesDefaultPageSize,
  });
  const list = useQuery(cancelledQueryOptions(paging.page, paging.pageSize));
  const items = list.data?.results ?? [];
  return (
    <Stack gap="md">
      {list.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {flattenBackendError(list.error).join(' ')}
        </Alert>
      )}
      {list.isPending && <Skeleton height={120} aria-label={messages.loading} />}
      {list.data && items.length === 0 && <Text c="dimmed">{messages.movCancelledNone}</Text>}
      {items.length > 0 && (
        // Scrolled sideways on a phone: reachable by keyboard, and named.
        <Table.ScrollContainer
          minWidth={640}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={messages.movCancelledTitle}
        >
          <Table verticalSpacing="sm" striped="even" aria-busy={list.isFetching}>
            <caption className="visually-hidden">{messages.movCancelledTitle}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{messages.movColKind}</Table.Th>
                <Table.Th scope="col">{messages.movCancelledId}</Table.Th>
                <Table.Th scope="col">{messages.movColObject}</Table.Th>
                <Table.Th scope="col">{messages.movColCreated}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {messages.movCancelledAmount}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={`${item.kind}-${item.id}`} data-testid="cancelled-row">
                  <Table.Td>{kindOf(item)}</Table.Td>
                  <Table.Td>{item.id}</Table.Td>
                  <Table.Td>{shownObject(item.oggetto)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.created)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatWireEuro(item.importo_unitario)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager
        count={list.data?.count ?? 0}
        page={paging.page}
        pageSize={paging.pageSize}
        pageSizeLabel={messages.movRowsPerPage}
        onPageChange={(page) => setPaging((state) => ({ ...state, page }))}
        onPageSizeChange={(pageSize) => setPaging({ page: 1, pageSize })}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {messages.movClose}
        </Button>
      </Group>
    </Stack>
  );
}

export async function openCancelledPurchases(): Promise<void> {
  const { modals } = await withOverlays();
  modals.open({
    modalId: CANCELLED_MODAL_ID,
    title: messages.movCancelledTitle,
    size: 'xl',
    centered: true,
    children: (
      <QueryProvider>
        <CancelledContent onClose={() => modals.close(CANCELLED_MODAL_ID)} />
      </QueryProvider>
    ),
  });
}
