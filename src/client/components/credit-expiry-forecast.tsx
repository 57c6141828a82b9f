/**
 * What expires next (issue 28, "Never lose credit"): per credit line with spendable credit left, the
 * soonest first, «120,00 € scadono il 31-12-2026» (GET crediti_in_scadenza). Shown by the home's credit
 * card, the shell's credit popover and the movement page's credit-status modal; an empty state when
 * nothing expires.
 */
import { List, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMessage, messages } from '../../shared/catalogues/account';
import { formatDate } from '../../shared/dates';
import { euro, parseCents } from '../../shared/money';
import { creditExpiryQueryOptions } from '../api/query-options';

export function CreditExpiryForecast({ enabled = true }: { enabled?: boolean }) {
  const query = useQuery({ ...creditExpiryQueryOptions(), enabled });
  const lines = query.data;
  return (
    <Stack gap={4} data-testid="credit-expiry">
      <Text size="sm" fw={600} component="h3" m={0}>
        {messages.creditExpiryTitle}
      </Text>
      {query.isPending && enabled ? (
        <Skeleton height={16} width="80%" aria-hidden="true" />
      ) : query.isError ? (
        <Text size="xs" c="dimmed">
          {messages.creditExpiryUnavailable}
        </Text>
      ) : !lines || lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {messages.creditExpiryNone}
        </Text>
      ) : (
        <List size="sm" spacing={2} listStyleType="none" m={0} p={0}>
          {lines.map((line) => (
            <List.Item key={line.id_linea} data-testid="credit-expiry-line">
              {formatMessage('creditExpiryLine', {
                importo: euro(parseCents(line.importo) ?? 0),
                data: formatDate(line.data_scadenza),
              })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
