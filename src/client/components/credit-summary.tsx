/** Total credit and its ART 51 C.3 part (spec 000 §2), green above 0, otherwise red. */
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { messages } from '../../shared/catalogues/account';
import type { UserCredit } from '../api/types';
import { CreditAmount } from './credit-amount';

export function CreditSummary({
  credit,
  loading = false,
}: {
  /** The two balances shown: the total and its art. 51 c.3 part. */
  credit: Pick<UserCredit, 'totale' | 'art51c3'> | null | undefined;
  loading?: boolean;
}) {
  const rows = [
    { label: messages.navCreditTotal, value: credit?.totale, testId: 'credit-total' },
    { label: messages.navCreditArt51, value: credit?.art51c3, testId: 'credit-art51c3' },
  ];
  return (
    <Stack gap="xs" component="dl" m={0}>
      {rows.map((row) => (
        <Group key={row.testId} justify="space-between" gap="md" wrap="nowrap">
          <Text component="dt" size="sm">
            {row.label}
          </Text>
          <Text component="dd" m={0} size="lg">
            {loading && !credit ? (
              <Skeleton height={20} width={96} aria-hidden="true" />
            ) : (
              <CreditAmount value={row.value} data-testid={row.testId} />
            )}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
