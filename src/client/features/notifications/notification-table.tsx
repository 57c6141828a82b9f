/**
 * The notifications table (spec 002 §2.7, §3), the same for the inbox and the archive: created
 * (DD-MM-YYYY HH:mm:ss), sender, recipients, request number ('-' when none), read state (icon, and
 * text for screen readers) and a button opening the detail. Skeleton rows while loading; an empty
 * state row when there is nothing (or the list could not be loaded).
 */
import { Button, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { IconMail, IconMailOpened } from '@tabler/icons-react';
import { messages } from '../../../../config/messages-account.it';
import type { NotificationItem } from '../../api/types';
import { formatDateTime } from '../../../shared/dates';
import { openLabel, requestNumber } from './notification-actions';
import classes from './notification-table.module.css';

const COLUMNS = 6;

/** Cell classes by column, for the phone layout. */
const SKELETON_CELLS = [
  classes.created,
  classes.field,
  classes.field,
  classes.field,
  classes.read,
  classes.open,
];

export interface NotificationTableProps {
  items: NotificationItem[];
  loading: boolean;
  /** Rows of skeleton while loading. */
  skeletonRows: number;
  caption: string;
  onOpen: (item: NotificationItem) => void;
}

function ReadState({ read }: { read: boolean }) {
  const label = read ? messages.inboxRead : messages.inboxUnread;
  return (
    <Tooltip label={label} withArrow>
      <span style={{ display: 'inline-flex' }} data-testid="read-state" data-read={read}>
        {read ? (
          <IconMailOpened size={20} color="var(--mantine-color-gray-6)" aria-hidden="true" />
        ) : (
          <IconMail size={20} color="var(--mantine-primary-color-filled)" aria-hidden="true" />
        )}
        <span className="visually-hidden">{label}</span>
      </span>
    </Tooltip>
  );
}

export function NotificationTable({ items, loading, skeletonRows, caption, onOpen }: NotificationTableProps) {
  return (
    <Table.ScrollContainer
      minWidth={760}
      type="native"
      classNames={{ scrollContainerInner: classes.scrollInner }}
    >
      <Table
        verticalSpacing="sm"
        highlightOnHover
        striped="even"
        aria-busy={loading}
        className={classes.table}
      >
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{messages.inboxColCreated}</Table.Th>
            <Table.Th scope="col">{messages.inboxColSender}</Table.Th>
            <Table.Th scope="col">{messages.inboxColRecipients}</Table.Th>
            <Table.Th scope="col">{messages.inboxColRequest}</Table.Th>
            <Table.Th scope="col" ta="center">
              {messages.inboxColRead}
            </Table.Th>
            <Table.Th scope="col">
              <span className="visually-hidden">{messages.inboxColOpen}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading &&
            Array.from({ length: skeletonRows }, (_, index) => (
              <Table.Tr key={`skeleton-${index}`} data-testid="notification-skeleton">
                {Array.from({ length: COLUMNS }, (__, cell) => (
                  <Table.Td key={cell} className={SKELETON_CELLS[cell]}>
                    <Skeleton height={14} width={cell === 5 ? 56 : '80%'} aria-hidden="true" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {!loading && items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS}>
                <Text c="dimmed" ta="center" py="lg" data-testid="notifications-empty">
                  {messages.inboxEmpty}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {!loading &&
            items.map((item) => {
              const weight = item.conferma_lettura ? 400 : 700;
              return (
                <Table.Tr key={item.id} data-testid="notification-row" data-read={item.conferma_lettura}>
                  <Table.Td fw={weight} className={classes.created} style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(item.created)}
                  </Table.Td>
                  <Table.Td fw={weight} className={classes.field} data-label={messages.inboxColSender}>
                    {item.nome_mittente}
                  </Table.Td>
                  <Table.Td className={classes.field} data-label={messages.inboxColRecipients}>
                    {item.nomi_destinatari}
                  </Table.Td>
                  <Table.Td className={classes.field} data-label={messages.inboxColRequest}>
                    {requestNumber(item)}
                  </Table.Td>
                  <Table.Td ta="center" className={classes.read}>
                    <ReadState read={item.conferma_lettura} />
                  </Table.Td>
                  <Table.Td ta="right" className={classes.open}>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onOpen(item)}
                      aria-label={openLabel(item)}
                    >
                      {messages.inboxOpen}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
