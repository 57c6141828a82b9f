/** The detail modal's content: the declared fields, the sanitized HTML, and the close button. */
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
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
