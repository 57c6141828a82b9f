/**
 * Balances on top of the history (spec 000 §2, §4 Other, §6): the user's total credit and its
 * ART 51 C.3 part, refreshed on entry (the navbar's copy follows); for a referent the company's
 * residual user balance (from the first load of the movements) and the advances balance.
 */
import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messages } from '../../../../config/messages-account.it';
import { creditQueryOptions } from '../../api/query-options';
import { CreditAmount } from '../../components/credit-amount';
import { CreditSummary } from '../../components/credit-summary';
import { useSessionStore } from '../../stores/session';
import { advancesQueryOptions } from './movements-api';

function CreditLoadFailed() {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
      {messages.creditLoadFailed}
    </Alert>
  );
}

/** The user's credit, asked again on entry; the session's copy (navbar) is updated with it. */
export function UserBalance() {
  const credit = useQuery({ ...creditQueryOptions(), refetchOnMount: 'always', staleTime: 0 });
  const data = credit.data;
  useEffect(() => {
    if (!data) return;
    const { user, setUser } = useSessionStore.getState();
    if (user) setUser({ ...user, user_credito: { ...user.user_credito, ...data } });
  }, [data]);

  if (credit.isError) return <CreditLoadFailed />;
  return <CreditSummary credit={data} loading={credit.isPending} />;
}

function BalanceLine({
  label,
  value,
  testId,
}: {
  label: string;
  value: string | null | undefined;
  testId: string;
}) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text component="dt" size="sm">
        {label}
      </Text>
      <Text component="dd" m={0} size="lg">
        {value === undefined ? (
          <Skeleton height={20} width={96} aria-hidden="true" />
        ) : (
          <CreditAmount value={value} data-testid={testId} />
        )}
      </Text>
    </Group>
  );
}

/** Company balances: `companyBalance` is undefined until the first movements answer. */
export function CompanyBalance({
  companyBalance,
  actForId,
}: {
  companyBalance: string | null | undefined;
  actForId: number | null;
}) {
  const advances = useQuery(advancesQueryOptions(actForId));
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="dl" m={0}>
        <BalanceLine label={messages.movCompanyBalance} value={companyBalance} testId="company-balance" />
        {!advances.isError && (
          <BalanceLine
            label={messages.movAdvanceBalance}
            value={advances.isPending ? undefined : (advances.data.saldo_anticipi ?? null)}
            testId="advances-balance"
          />
        )}
      </Stack>
      {advances.isError && <CreditLoadFailed />}
    </Stack>
  );
}
