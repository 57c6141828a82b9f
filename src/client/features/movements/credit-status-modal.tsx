/**
 * Credit status (spec 000 §2, §3 Credit line): the declared table `config/tables/credit-status.ts` in
 * a modal. Lines expiring within `constants.expiryWarningDays` say «In scadenza» and are tinted (the
 * table's `expiring` tone), not marked by colour only. Above the table, what expires next per line with
 * credit left (issue 28).
 */
import { Button, Group, Stack } from '@mantine/core';
import { messages } from '../../../../config/messages-account.it';
import { creditStatusTable } from '../../../../config/tables';
import { CreditExpiryForecast } from '../../components/credit-expiry-forecast';
import { withOverlays } from '../../components/overlay-host';
import { QueryProvider } from '../../components/query-provider';
import { DataTable } from '../../engine/table';

export const CREDIT_STATUS_MODAL_ID = 'movements-credit-status';

export async function openCreditStatus(): Promise<void> {
  const { modals } = await withOverlays();
  const close = () => modals.close(CREDIT_STATUS_MODAL_ID);
  modals.open({
    modalId: CREDIT_STATUS_MODAL_ID,
    title: messages.movCreditStatus,
    // Seven columns: room for dates and the state on one line each on a laptop.
    size: '62rem',
    centered: true,
    children: (
      <QueryProvider>
        <Stack gap="md">
          <CreditExpiryForecast />
          <DataTable table={creditStatusTable} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {messages.close}
            </Button>
          </Group>
        </Stack>
      </QueryProvider>
    ),
  });
}
