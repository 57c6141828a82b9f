/**
 * The operator console's review queue (route home-operatore, issue 26): the requests waiting for a
 * decision per state (`conteggi`, three badges) above the declared table `operator-queue` (server
 * paging, filters by state, customer, company, form, amount and age; each row opens the request).
 */
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { operatorQueueTable } from '../../../../config/tables/operator-queue';
import type { OperatoreCoda } from '../../../../schemas/wire-types.gen';
import { formatTableMessage, messages, type TableMessageKey } from '../../../shared/catalogues/tables';
import { TableView, useTable } from '../../engine/table';

const COUNTS: ReadonlyArray<{
  state: keyof OperatoreCoda['conteggi'];
  label: TableMessageKey;
  color: string;
}> = [
  { state: 'inviata', label: 'requestSent', color: 'gray' },
  { state: 'in_verifica', label: 'requestInReview', color: 'blue' },
  { state: 'documenti_richiesti', label: 'requestDocumentsAsked', color: 'orange' },
];

export function QueueScreen() {
  const state = useTable(operatorQueueTable);
  const counts = (state.query.data as OperatoreCoda | undefined)?.conteggi;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {messages.opQueueTitle}
        </Title>
        <Text c="dimmed">{messages.opQueueIntro}</Text>
      </Stack>
      {counts && (
        <Group gap="xs" role="list" aria-label={messages.opCountsLabel} data-testid="operator-counts">
          {COUNTS.map(({ state: stage, label, color }) => (
            <Badge
              key={stage}
              role="listitem"
              size="lg"
              variant="light"
              color={color}
              style={{ textTransform: 'none', ['--badge-color' as string]: 'var(--mantine-color-dark-8)' }}
              data-stage={stage}
            >
              {formatTableMessage('opCount', { label: messages[label], n: counts[stage] })}
            </Badge>
          ))}
        </Group>
      )}
      <TableView state={state} />
    </Stack>
  );
}
