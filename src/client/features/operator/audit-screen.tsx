/**
 * The operator console's audit log (route operatore-registro, issue 26): the declared table
 * `operator-audit` (server paging, the operator searched by e-mail, the action chosen from the log's own
 * list, the changes as compact JSON).
 */
import { Stack, Text, Title } from '@mantine/core';
import { operatorAuditTable } from '../../../../config/tables/operator-audit';
import { messages } from '../../../shared/catalogues/tables';
import { DataTable } from '../../engine/table';

export function AuditScreen() {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {messages.opAuditTitle}
        </Title>
        <Text c="dimmed">{messages.opAuditIntro}</Text>
      </Stack>
      <DataTable table={operatorAuditTable} />
    </Stack>
  );
}
