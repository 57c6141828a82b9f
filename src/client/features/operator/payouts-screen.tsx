/**
 * The operator console's payouts (route operatore-pagamenti, issue 26): what is approved and still to
 * be paid (count and total), the "Nuovo lotto" form for the operators enabled to pay (account and
 * execution day: a working day from today) and the batches, the declared table `operator-batches`
 * (open batches: SEPA file, executed, cancelled, each asked first) or, for an operator not enabled
 * to pay, its read-only twin `operator-batches-view`.
 */
import { Alert, Button, Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendar, IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { operatorBatchesTable } from '../../../../config/tables/operator-batches';
import { operatorBatchesViewTable } from '../../../../config/tables/operator-batches-view';
import type { OperatorePagamenti } from '../../../../schemas/wire-types.gen';
import { formatTableMessage, messages } from '../../../shared/catalogues/tables';
import { romeToday } from '../../../shared/dates';
import { flattenBackendError, showBackendError } from '../../components/backend-error-box';
import { ItalianDateInput } from '../../components/italian-date-input';
import { ItalianDatesProvider } from '../../components/italian-dates-provider';
import { withOverlays } from '../../components/overlay-host';
import { DataTable, refreshTables } from '../../engine/table';
import { createBatch, operatorPayoutsQueryOptions } from './operator-api';
import { wireEuro } from './wire-euro';

/** Saturday and Sunday: no batch is executed (the server refuses them too). */
function isWeekend(day: string): boolean {
  const weekday = new Date(`${day.slice(0, 10)}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

function NewBatchForm({ overview }: { overview: OperatorePagamenti }) {
  const client = useQueryClient();
  const single = overview.conti.length === 1 ? String(overview.conti[0]!.id) : null;
  const [account, setAccount] = useState<string | null>(single);
  const [day, setDay] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const nothing = overview.da_pagare.richieste === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!account || !day || sending || nothing) return;
    setSending(true);
    try {
      const batch = await createBatch(Number(account), day.slice(0, 10));
      const { notifications } = await withOverlays();
      notifications.show({
        color: 'green',
        message: formatTableMessage('opBatchCreated', {
          id: batch.id,
          n: batch.bonifici,
          total: wireEuro(batch.totale),
        }),
        withCloseButton: true,
      });
      setDay(null);
      setTouched(false);
      await Promise.all([
        client.invalidateQueries({ queryKey: operatorPayoutsQueryOptions().queryKey }),
        refreshTables(client, ['operator-batches']),
      ]);
    } catch (error) {
      void showBackendError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="operator-new-batch">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="operator-new-batch">
            {messages.opNewBatch}
          </Title>
          {nothing && <Text c="dimmed">{messages.opNothingToPay}</Text>}
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Select
              label={messages.opAccount}
              data={overview.conti.map((conto) => ({
                value: String(conto.id),
                label: `${conto.nome} (${conto.iban})`,
              }))}
              value={account}
              onChange={setAccount}
              // A required choice: picking the chosen account again keeps it.
              allowDeselect={false}
              required
              error={touched && !account ? messages.loginRequired : undefined}
              w={{ base: '100%', sm: 560 }}
            />
            <ItalianDatesProvider>
              <ItalianDateInput
                label={messages.opExecutionDate}
                description={messages.opExecutionDateHelp}
                value={day}
                onChange={setDay}
                minDate={romeToday()}
                excludeDate={(date) => isWeekend(String(date))}
                required
                error={touched && !day ? messages.loginRequired : undefined}
                leftSection={<IconCalendar size={18} aria-hidden="true" />}
                w={{ base: '100%', sm: 220 }}
              />
            </ItalianDatesProvider>
          </Group>
          <Group>
            <Button type="submit" loading={sending} disabled={nothing}>
              {messages.opCreateBatch}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function PayoutsScreen() {
  const overview = useQuery(operatorPayoutsQueryOptions());
  const data = overview.data;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {messages.opNavPayouts}
      </Title>
      {overview.isPending && <Skeleton height={120} radius="md" data-testid="operator-payouts-loading" />}
      {overview.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          <Text fw={600}>{messages.opPayoutsLoadFailed}</Text>
          <Text size="sm">{flattenBackendError(overview.error).join(' ')}</Text>
        </Alert>
      )}
      {data && (
        <>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="operator-to-pay">
            <Title order={2} size="h4" id="operator-to-pay">
              {messages.opToPay}
            </Title>
            <Text mt={4} data-testid="operator-to-pay">
              {formatTableMessage('opToPayText', {
                n: data.da_pagare.richieste,
                total: wireEuro(data.da_pagare.totale),
              })}
            </Text>
          </Card>
          {data.puo_pagare ? (
            <NewBatchForm overview={data} />
          ) : (
            <Alert color="blue" variant="light" icon={<IconLock aria-hidden="true" />}>
              {messages.opPayReserved}
            </Alert>
          )}
          <Title order={2} size="h3">
            {messages.opBatches}
          </Title>
          <DataTable table={data.puo_pagare ? operatorBatchesTable : operatorBatchesViewTable} />
        </>
      )}
    </Stack>
  );
}
