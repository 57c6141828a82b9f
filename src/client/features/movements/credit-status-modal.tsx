/**
 * Credit status (spec 000 §2, §3 Credit line): the user's credit lines with start and expiry dates,
 * source, initial, spendable and accounted credit. Lines expiring within `constants.expiryWarningDays`
 * are marked with the text «In scadenza» (and a tint), not by colour only.
 */
import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { constants } from '../../../../config/constants';
import { formatMessage, messages } from '../../../../config/messages-account.it';
import { withOverlays } from '../../components/overlay-host';
import { QueryProvider } from '../../components/query-provider';
import { dayjs, formatDate } from '../../../shared/dates';
import { formatWireEuro } from '../../../shared/money';
import { creditLinesQueryOptions, type CreditLine } from './movements-api';

export const CREDIT_STATUS_MODAL_ID = 'movements-credit-status';

/** True when the line expires today or within the next `days` days. */
export function isExpiringSoon(
  line: Pick<CreditLine, 'data_scadenza'>,
  today: Date = new Date(),
  days: number = constants.expiryWarningDays,
): boolean {
  const expiry = dayjs(line.data_scadenza).startOf('day');
  if (!expiry.isValid()) return false;
  const diff = expiry.diff(dayjs(today).startOf('day'), 'day');
  return diff >= 0 && diff <= days;
}

function CreditStatusContent({ onClose }: { onClose: () => void }) {
  const lines = useQuery(creditLinesQueryOptions());
  return (
    <Stack gap="md">
      {lines.isPending && <Skeleton height={120} aria-label={messages.loading} />}
      {lines.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {messages.creditLoadFailed}
        </Alert>
      )}
      {lines.data && lines.data.length === 0 && <Text c="dimmed">{messages.movCreditNone}</Text>}
      {lines.data && lines.data.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {formatMessage('movCreditExpiringHelp', { n: constants.expiryWarningDays })}
          </Text>
          {/* Scrolled sideways on a phone: reachable by keyboard, and named. */}
          <Table.ScrollContainer
            minWidth={720}
            type="native"
            tabIndex={0}
            role="region"
            aria-label={messages.movCreditStatusTitle}
          >
            <Table verticalSpacing="sm">
              <caption className="visually-hidden">{messages.movCreditStatusTitle}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{messages.movCreditStart}</Table.Th>
                  <Table.Th scope="col">{messages.movCreditExpiry}</Table.Th>
                  <Table.Th scope="col">{messages.movCreditSource}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {messages.movCreditInitial}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {messages.movCreditSpendable}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {messages.movCreditAccounted}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.data.map((line) => {
                  const expiring = isExpiringSoon(line);
                  return (
                    <Table.Tr
                      key={line.id}
                      data-testid="credit-line"
                      data-expiring={expiring}
                      bg={expiring ? 'yellow.0' : undefined}
                    >
                      <Table.Td>{formatDate(line.data_decorrenza)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(line.data_scadenza)}
                        {expiring && (
                          <Badge ml="xs" color="orange" variant="filled" data-testid="credit-expiring">
                            {messages.movCreditExpiring}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{line.fonte.nome}</Table.Td>
                      <Table.Td ta="right">{formatWireEuro(line.credito_iniziale)}</Table.Td>
                      <Table.Td ta="right">{formatWireEuro(line.credito_spendibile)}</Table.Td>
                      <Table.Td ta="right">{formatWireEuro(line.credito_contabile)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {messages.movClose}
        </Button>
      </Group>
    </Stack>
  );
}

export async function openCreditStatus(): Promise<void> {
  const { modals } = await withOverlays();
  modals.open({
    modalId: CREDIT_STATUS_MODAL_ID,
    title: messages.movCreditStatusTitle,
    size: 'xl',
    centered: true,
    children: (
      <QueryProvider>
        <CreditStatusContent onClose={() => modals.close(CREDIT_STATUS_MODAL_ID)} />
      </QueryProvider>
    ),
  });
}
