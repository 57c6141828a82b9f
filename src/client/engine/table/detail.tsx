/**
 * The detail modal's content: the declared fields, a list field of the row as a small table (a
 * voucher's movements), the sanitized HTML, and the close button.
 */
import { Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { messages } from '../../../../config/messages-tables.it';
import type { TableColumn } from '../../../../config/tables/types';
import { SafeHtml } from '../../components/safe-html';
import { cellText, readField, type Row } from './values';

type DetailColumn = Extract<TableColumn, { kind: 'detail' }>;

function DetailField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function DetailList({ list, row }: { list: NonNullable<DetailColumn['list']>; row: Row }) {
  const value = readField(row, list.field);
  const items = Array.isArray(value) ? (value as Row[]) : [];
  return (
    <Stack gap="xs" data-testid={list.testId}>
      <Text component="h3" size="sm" fw={700} m={0}>
        {messages[list.caption]}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {messages[list.empty]}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                {list.columns.map((column) => (
                  <Table.Th key={column.field} ta={column.kind === 'euro' ? 'right' : undefined}>
                    {messages[column.label]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item, index) => (
                <Table.Tr key={index}>
                  {list.columns.map((column) => (
                    <Table.Td
                      key={column.field}
                      ta={column.kind === 'euro' ? 'right' : undefined}
                      style={{ whiteSpace: column.kind === 'text' ? undefined : 'nowrap' }}
                    >
                      {cellText(column, item)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export function TableDetail({
  column,
  row,
  onClose,
}: {
  column: DetailColumn;
  row: Row;
  onClose: () => void;
}) {
  const html = column.html ? readField(row, column.html) : undefined;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
        {column.fields.map((field) => (
          <DetailField key={field.field} label={messages[field.label]} value={cellText(field, row)} />
        ))}
      </SimpleGrid>
      {column.list && <DetailList list={column.list} row={row} />}
      {typeof html === 'string' && (
        <SafeHtml
          html={html}
          data-testid={column.htmlTestId}
          p="md"
          bg="gray.0"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflowWrap: 'anywhere' }}
        />
      )}
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {messages.close}
        </Button>
      </Group>
    </Stack>
  );
}
