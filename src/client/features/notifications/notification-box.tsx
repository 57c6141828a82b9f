/**
 * One page of notifications of the inbox or of the archive (spec 002 §2.7, §7, §9): server paging
 * (`page`, `page_size` among 5, 10, 25, 50, 100, 200, default 5), the table and the pager.
 * A list that cannot be loaded is logged (react-query's cache) and shown as an empty table.
 */
import { Group, Pagination, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { formatMessage, messages } from '../../../../config/messages-account.it';
import { notificationListQueryOptions } from '../../api/query-options';
import type { NotificationBox as Box, NotificationMode } from '../../api/types';
import { openNotification } from './notification-actions';
import { NOTIFICATION_PAGE_SIZES } from './notification-paging';
import { NotificationTable } from './notification-table';

export interface NotificationBoxProps {
  box: Box;
  mode: NotificationMode;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

const pageSizeOptions = NOTIFICATION_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

export function NotificationBoxView({
  box,
  mode,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: NotificationBoxProps) {
  const pageSizeId = useId();
  const list = useQuery({
    ...notificationListQueryOptions({ box, mode, page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const failed = list.isError;
  const items = failed ? [] : (list.data?.results ?? []);
  const count = failed ? 0 : (list.data?.count ?? 0);
  const pages = Math.max(1, Math.ceil(count / pageSize));

  // After a change (read marks, fewer messages) the page may no longer exist: show the last one.
  useEffect(() => {
    if (!list.isPlaceholderData && list.data && page > pages) onPageChange(pages);
  }, [list.isPlaceholderData, list.data, page, pages, onPageChange]);

  const caption = `${box === 'archive' ? messages.inboxArchiveTitle : messages.inboxTitle}: ${
    mode === 'inviati' ? messages.inboxSent : messages.inboxReceived
  }`;

  return (
    <Stack gap="sm">
      <NotificationTable
        items={items}
        loading={list.isPending}
        skeletonRows={Math.min(pageSize, 5)}
        caption={caption}
        onOpen={(item) => void openNotification(item, { box, mode })}
      />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text component="label" htmlFor={pageSizeId} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {messages.inboxPageSize}
          </Text>
          <Select
            id={pageSizeId}
            data={pageSizeOptions}
            value={String(pageSize)}
            onChange={(value) => {
              if (value) onPageSizeChange(Number(value));
            }}
            allowDeselect={false}
            w={84}
            size="xs"
            comboboxProps={{ withinPortal: false }}
          />
          <Text
            size="sm"
            c="dimmed"
            ml="sm"
            style={{ whiteSpace: 'nowrap' }}
            data-testid="notifications-total"
          >
            {formatMessage('inboxTotal', { n: count })}
          </Text>
        </Group>
        {pages > 1 && (
          <nav aria-label={messages.inboxPages}>
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={onPageChange}
              size="sm"
              siblings={1}
              boundaries={1}
              getItemProps={(n) => ({ 'aria-label': formatMessage('inboxPage', { n }) })}
              getControlProps={(control) =>
                control === 'previous'
                  ? { 'aria-label': messages.inboxPreviousPage }
                  : control === 'next'
                    ? { 'aria-label': messages.inboxNextPage }
                    : {}
              }
            />
          </nav>
        )}
      </Group>
    </Stack>
  );
}
