/** Server paging of the history and of the cancelled purchases: page size (10-500), total and pages. */
import { Group, Pagination, Select, Text } from '@mantine/core';
import { useId } from 'react';
import { formatMessage, messages } from '../../../../config/messages-account.it';
import { PAGE_SIZES } from './movements-api';

const pageSizeOptions = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

export interface PagerProps {
  count: number;
  page: number;
  pageSize: number;
  pageSizeLabel: string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

export function Pager({ count, page, pageSize, pageSizeLabel, onPageChange, onPageSizeChange }: PagerProps) {
  const pageSizeId = useId();
  const pages = pageCount(count, pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="wrap">
        <Text component="label" htmlFor={pageSizeId} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {pageSizeLabel}
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
        <Text size="sm" c="dimmed" ml="sm" style={{ whiteSpace: 'nowrap' }} data-testid="pager-total">
          {formatMessage('movTotal', { n: count })}
        </Text>
      </Group>
      {pages > 1 && (
        <nav aria-label={messages.movPages}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            size="sm"
            siblings={1}
            boundaries={1}
            getItemProps={(n) => ({ 'aria-label': formatMessage('movPage', { n }) })}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': messages.movPreviousPage }
                : control === 'next'
                  ? { 'aria-label': messages.movNextPage }
                  : {}
            }
          />
        </nav>
      )}
    </Group>
  );
}
