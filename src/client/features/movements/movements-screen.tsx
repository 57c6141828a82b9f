/**
 * The movement history (spec 000 §2): of the user (route dashmovimenti) or of the company acted for
 * (route office-transactionsdash). Balances, credit-status and cancelled-purchases modals (user),
 * company switcher and downloads (referent), period and text filters (in the route's search),
 * the monthly chart and the .xlsx download. The table is the declared `movements-user` or
 * `movements-company` (config/tables) on the table engine; the chart reads the same answer.
 */
import { Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconDownload, IconListCheck, IconListDetails } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { messages } from '../../../../config/messages-account.it';
import { movementsCompanyTable, movementsUserTable } from '../../../../config/tables';
import { messages as tableMessages } from '../../../shared/catalogues/tables';
import { useRouteLinkProps } from '../../components/route-link';
import { useDownload } from '../../components/use-download';
import { TableView, useTable } from '../../engine/table';
import { useSessionStore } from '../../stores/session';
import { formatDate } from '../../../shared/dates';
import { CompanyBalance, UserBalance } from './balance-card';
import { openCancelledPurchases } from './cancelled-modal';
import { openCreditStatus } from './credit-status-modal';
import {
  downloadMovements,
  type MovementEntity,
  type MovementFilters,
  type MovementsAnswer,
} from './movements-api';
import { MovementsFilters } from './movements-filters';
import { CompanySwitcher, ReferentDownloads } from './referent-panel';

// The chart (recharts) is its own chunk: the balances and the table do not wait for it.
const MovementsChart = lazy(() =>
  import('./movements-chart').then((module) => ({ default: module.MovementsChart })),
);

const chartSkeleton = <Skeleton height={260} radius="md" aria-hidden="true" />;

export interface MovementsScreenProps {
  entity: MovementEntity;
  filters: MovementFilters;
  /** Merges the changed filters into the route's search. */
  onFiltersChange: (filters: MovementFilters) => void;
}

export function MovementsScreen(props: MovementsScreenProps) {
  const actFor = useSessionStore((state) => state.sessionInfos.act_for);
  const actForId = props.entity === 'azienda' ? (actFor?.id ?? null) : null;
  // Another company: everything, the first-load balance included, starts again.
  return <MovementsView key={actForId ?? 'own'} {...props} actForId={actForId} />;
}

function MovementsView({
  entity,
  filters,
  onFiltersChange,
  actForId,
}: MovementsScreenProps & { actForId: number | null }) {
  const company = entity === 'azienda';
  const table = useTable(company ? movementsCompanyTable : movementsUserTable, {
    params: { ...filters },
    companyId: actForId,
  });
  const movements = table.query;
  const data = movements.isError ? undefined : (movements.data as MovementsAnswer | undefined);

  // Spec 000 §4 Other: the company balance is computed once, from the first load.
  const [companyBalance, setCompanyBalance] = useState<string | null | undefined>(undefined);
  if (company && companyBalance === undefined && movements.data) {
    setCompanyBalance((movements.data as MovementsAnswer).saldo_aziendale ?? null);
  }

  const download = useDownload();
  const myRequests = useRouteLinkProps('mie-richieste');
  const dateStart = filters.date_start ?? data?.date_start ?? null;
  const dateStop = filters.date_stop ?? data?.date_stop ?? null;
  const empty = table.empty;

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {company ? messages.movOfficeTitle : messages.navMovements}
          </Title>
          <Text c="dimmed">{company ? messages.movOfficeIntro : messages.movIntro}</Text>
        </Stack>

        <Card
          withBorder
          radius="lg"
          padding="lg"
          shadow="xs"
          component="section"
          aria-labelledby="mov-balance"
        >
          <Stack gap="md">
            <Title order={2} size="h4" id="mov-balance">
              {messages.movBalanceTitle}
            </Title>
            {company ? (
              <>
                <CompanySwitcher />
                <CompanyBalance companyBalance={companyBalance} actForId={actForId} />
              </>
            ) : (
              <>
                <UserBalance />
                <Group gap="sm">
                  <Button
                    variant="light"
                    leftSection={<IconListDetails size={18} aria-hidden="true" />}
                    onClick={() => void openCreditStatus()}
                  >
                    {messages.movCreditStatus}
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconBan size={18} aria-hidden="true" />}
                    onClick={() => void openCancelledPurchases()}
                  >
                    {messages.movCancelled}
                  </Button>
                  {/* A request's whole life (issue 26): the requests, their stage and payment day. */}
                  <Button
                    component="a"
                    {...myRequests}
                    variant="default"
                    leftSection={<IconListCheck size={18} aria-hidden="true" />}
                    data-testid="movements-my-requests"
                  >
                    {tableMessages.myRequestsTitle}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Card>

        {company && <ReferentDownloads companyId={actForId} />}

        <Card withBorder radius="lg" padding="lg" shadow="xs">
          <Stack gap="lg">
            <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
              <MovementsFilters
                dateStart={dateStart}
                dateStop={dateStop}
                search={filters.search ?? ''}
                onChange={onFiltersChange}
              />
              <Button
                onClick={() => void download.run(() => downloadMovements(entity, filters, actForId))}
                loading={download.running}
                disabled={download.running || empty}
                leftSection={<IconDownload size={18} aria-hidden="true" />}
              >
                {messages.movDownload}
              </Button>
            </Group>

            {movements.isPending && chartSkeleton}
            {data && !empty && (
              <Suspense fallback={chartSkeleton}>
                <MovementsChart monthly={data.monthly} />
              </Suspense>
            )}

            <TableView
              state={table}
              captionParams={{ start: formatDate(dateStart), stop: formatDate(dateStop) }}
            />
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
