/**
 * One page of notifications of the inbox or of the archive (spec 002 §2.7, §7, §9): server paging
 * (`page`, `page_size` among 5, 10, 25, 50, 100, 200, default 5), the table and the pager.
 * A list that cannot be loaded is logged (react-query's cache) and shown as an empty table.
 */
import { Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatMessage, messages } from '../../../../config/messages-account.it';
import { notificationListQueryOptions } from '../../api/query-options';
import { Pager, pageCount, type PagerTexts } from '../../components/pager';
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

const INBOX_PAGER_TEXTS: PagerTexts = {
  pageSize: messages.inboxPageSize,
  total: (n) => formatMessage('inboxTotal', { n }),
  pages: messages.inboxPages,
  page: (n) => formatMessage('inboxPage', { n }),
  previous: messages.inboxPreviousPage,
  next: messages.inboxNextPage,
};

export function NotificationBoxView({
  box,
  mode,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: NotificationBoxProps) {
  const list = useQuery({
    ...notificationListQueryOptions({ box, mode, page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const failed = list.isError;
  const items = failed ? [] : (list.data?.results ?? []);
  const count = failed ? 0 : (list.data?.count ?? 0);
  const pages = pageCount(count, pageSize);

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
      <Pager
        count={count}
        page={page}
        pageSize={pageSize}
        pageSizes={NOTIFICATION_PAGE_SIZES}
        totalTestId="notifications-total"
        texts={INBOX_PAGER_TEXTS}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
      />
    </Stack>
  );
}
