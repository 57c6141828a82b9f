/**
 * Server paging under a table: page-size choice, total and page buttons. Shared by the inbox, the
 * movement history and the cancelled purchases; each passes its page sizes and its own texts.
 */
import { Group, Pagination, Select, Text } from '@mantine/core';
import { useId } from 'react';

export interface PagerTexts {
  pageSize: string;
  total: (count: number) => string;
  pages: string;
  page: (n: number) => string;
  previous: string;
  next: string;
}

export interface PagerProps {
  count: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  texts: PagerTexts;
  totalTestId?: string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

export function Pager({
  count,
  page,
  pageSize,
  pageSizes,
  texts,
  totalTestId,
  onPageChange,
  onPageSizeChange,
}: PagerProps) {
  const pageSizeId = useId();
  const pages = pageCount(count, pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="wrap">
        <Text component="label" htmlFor={pageSizeId} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {texts.pageSize}
        </Text>
        <Select
          id={pageSizeId}
          data={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
          value={String(pageSize)}
          onChange={(value) => {
            if (value) onPageSizeChange(Number(value));
          }}
          allowDeselect={false}
          w={84}
          size="xs"
          comboboxProps={{ withinPortal: false }}
        />
        <Text size="sm" c="dimmed" ml="sm" style={{ whiteSpace: 'nowrap' }} data-testid={totalTestId}>
          {texts.total(count)}
        </Text>
      </Group>
      {pages > 1 && (
        <nav aria-label={texts.pages}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            size="sm"
            siblings={1}
            boundaries={1}
            getItemProps={(n) => ({ 'aria-label': texts.page(n) })}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': texts.previous }
                : control === 'next'
                  ? { 'aria-label': texts.next }
                  : {}
            }
          />
        </nav>
      )}
    </Group>
  );
}
