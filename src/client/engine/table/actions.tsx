/**
 * What a row can do: open the detail modal (fields, sanitized HTML, a call on open), call the server
 * after a confirmation with success and failure toasts, go to a route, download a file. Modals and
 * toasts come from the lazily mounted host (`withOverlays()`); answers refresh the table through the
 * portal's query client, so they also work from a modal outside the screen's tree.
 */
import { Button, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { messages } from '../../../../config/messages-tables.it';
import type {
  TableCall,
  TableColumn,
  TableDeclaration,
  TableRowAction,
} from '../../../../config/tables/types';
import { apiRequest } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { flattenBackendError } from '../../components/backend-error-box';
import { withOverlays } from '../../components/overlay-host';
import { useDownload } from '../../components/use-download';
import { declaredQueryPrefix, refreshTables, tableQueryPrefix, type TableRequest } from './query';
import { cellText, fillPath, holds, readField, rowText, type Row } from './values';

type DetailColumn = Extract<TableColumn, { kind: 'detail' }>;
type DownloadColumn = Extract<TableColumn, { kind: 'download' }>;
type CallAction = Extract<TableRowAction, { kind: 'call' }>;
type NavigateAction = Extract<TableRowAction, { kind: 'navigate' }>;

const companyOf = (table: TableDeclaration, request: TableRequest) =>
  table.scope === 'company' ? { actFor: request.companyId } : {};

/** The table itself, then what the call names, are read again. */
async function refreshAfter(table: TableDeclaration, call: TableCall): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: tableQueryPrefix(table) }),
    refreshTables(queryClient, call.refresh?.tables ?? []),
    ...(call.refresh?.queries ?? []).map((head) =>
      queryClient.invalidateQueries({ queryKey: declaredQueryPrefix(head) }),
    ),
  ]);
}

/** Shows the detail; then the declared call on open (a failure is only logged). */
export async function openDetail(
  table: TableDeclaration,
  column: DetailColumn,
  row: Row,
  request: TableRequest,
): Promise<void> {
  // The detail (and DOMPurify with it) is a chunk of its own, loaded on the first opening.
  const [{ modals }, { TableDetail }] = await Promise.all([withOverlays(), import('./detail')]);
  const modalId = `table-${table.name}-detail-${String(readField(row, table.rowKey?.[0] ?? 'id'))}`;
  modals.open({
    modalId,
    title: messages[column.title],
    size: 'lg',
    centered: true,
    children: <TableDetail column={column} row={row} onClose={() => modals.close(modalId)} />,
  });
  const onOpen = column.onOpen;
  if (!onOpen || !holds(onOpen.when, row, request.params)) return;
  try {
    await apiRequest<unknown>(fillPath(onOpen.call.path, row), {
      method: onOpen.call.method ?? 'POST',
      ...companyOf(table, request),
    });
  } catch (error) {
    console.warn('Table detail call failed', table.name, error);
    return;
  }
  await refreshAfter(table, onOpen.call);
}

/** The action's call, its toasts, and the table read again. */
async function runCall(table: TableDeclaration, action: CallAction, row: Row, request: TableRequest) {
  const { notifications } = await withOverlays();
  try {
    await apiRequest<unknown>(fillPath(action.call.path, row), {
      method: action.call.method ?? 'POST',
      ...companyOf(table, request),
    });
  } catch (error) {
    notifications.show({
      color: 'red',
      title: messages[action.failure],
      message: flattenBackendError(error).join(' '),
      withCloseButton: true,
      autoClose: 15_000,
    });
    return;
  }
  notifications.show({ color: 'green', message: messages[action.success], withCloseButton: true });
  await refreshAfter(table, action.call);
}

export async function startCall(
  table: TableDeclaration,
  action: CallAction,
  row: Row,
  request: TableRequest,
) {
  if (!action.confirm) return runCall(table, action, row, request);
  const { modals } = await withOverlays();
  const confirm = action.confirm;
  modals.openConfirmModal({
    modalId: `table-${table.name}-confirm`,
    title: messages[confirm.title],
    centered: true,
    children: <Text size="sm">{rowText(confirm.text, row, table.columns)}</Text>,
    labels: { confirm: messages[confirm.confirmLabel], cancel: messages[confirm.cancelLabel ?? 'cancel'] },
    confirmProps: { color: action.color === 'red' ? 'red' : undefined },
    onConfirm: () => void runCall(table, action, row, request),
  });
}

export function NavigateButton({
  action,
  row,
  path,
  table,
}: {
  action: NavigateAction;
  row: Row;
  path: string;
  table: TableDeclaration;
}) {
  const router = useRouter();
  return (
    <Button
      component="a"
      href={path}
      size="xs"
      variant="light"
      leftSection={action.icon === 'repeat' ? <IconRepeat size={16} aria-hidden="true" /> : undefined}
      aria-label={action.ariaLabel ? rowText(action.ariaLabel, row, table.columns) : undefined}
      data-testid={action.testId}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        router.history.push(path);
      }}
    >
      {messages[action.label]}
    </Button>
  );
}

export function DownloadButton({
  column,
  row,
  table,
  request,
}: {
  column: DownloadColumn;
  row: Row;
  table: TableDeclaration;
  request: TableRequest;
}) {
  const download = useDownload(column.failure ? messages[column.failure] : undefined);
  const query: Record<string, string> = {};
  for (const [name, field] of Object.entries(column.query ?? {}))
    query[name] = String(readField(row, field) ?? '');
  const value = column.showValue ? cellText(column, row).trim() : '';
  if (column.showValue && value === '') return null;
  if (!holds(column.when, row)) return null;
  return (
    <Button
      size="xs"
      variant="subtle"
      loading={download.running}
      aria-label={column.ariaLabel ? rowText(column.ariaLabel, row, table.columns) : undefined}
      onClick={() =>
        void download.run(() =>
          apiRequest(fillPath(column.call.path, row), {
            responseType: 'blob',
            query,
            ...companyOf(table, request),
          }),
        )
      }
    >
      {column.showValue ? value : messages[column.linkLabel]}
    </Button>
  );
}
