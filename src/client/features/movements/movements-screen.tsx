/**
 * The movement history (spec 000 §2): of the user (route dashmovimenti) or of the company acted for
 * (route office-transactionsdash). Balances, credit-status and cancelled-purchases modals (user),
 * company switcher and downloads (referent), period and text filters (in the route's search),
 * the monthly chart, the server-paged table with its totals and the .xlsx download.
 */
import { Alert, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBan, IconDownload, IconListDetails, IconMoodEmpty } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { formatMessage, messages } from '../../../../config/messages-account.it';
import { flattenBackendError } from '../../components/backend-error-box';
import { useSessionStore } from '../../stores/session';
import { formatDate } from '../../../shared/dates';
import { CompanyBalance, UserBalance } from './balance-card';
import { openCancelledPurchases } from './cancelled-modal';
import { openCreditStatus } from './credit-status-modal';
import {
  MOVEMENTS_DEFAULT_PAGE_SIZE,
  downloadMovements,
  movementsQueryOptions,
  type MovementEntity,
  type MovementFilters,
} from './movements-api';
import { MovementsFilters } from './movements-filters';
import { MovementsTable } from './movements-table';
import { Pager, pageCount } from './pager';
import { CompanySwitcher, ReferentDownloads } from './referent-panel';
import { useDownload } from './use-download';

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

const filterKey = (filters: MovementFilters) =>
  `${filters.date_start ?? ''}|${filters.date_stop ?? ''}|${filters.search ?? ''}`;

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
  const key = filterKey(filters);
  const [paging, setPaging] = useState({ key, page: 1, pageSize: MOVEMENTS_DEFAULT_PAGE_SIZE });
  // New filters start from the first page.
  const page = paging.key === key ? paging.page : 1;
  const movements = useQuery(
    movementsQueryOptions({ entity, actForId, page, pageSize: paging.pageSize, ...filters }),
  );
  const data = movements.isError ? undefined : movements.data;

  // Spec 000 §4 Other: the company balance is computed once, from the first load.
  const [companyBalance, setCompanyBalance] = useState<string | null | undefined>(undefined);
  if (company && companyBalance === undefined && movements.data) {
    setCompanyBalance(movements.data.saldo_aziendale ?? null);
  }

  const download = useDownload();
  const dateStart = filters.date_start ?? data?.date_start ?? null;
  const dateStop = filters.date_stop ?? data?.date_stop ?? null;
  const count = data?.count ?? 0;
  const empty = data !== undefined && count === 0 && data.results.length === 0;

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {company ? messages.movOfficeTitle : messages.movTitle}
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
                </Group>
              </>
            )}
          </Stack>
        </Card>

        {company && <ReferentDownloads />}

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
                onClick={() => void download.run(() => downloadMovements(entity, filters))}
                loading={download.running}
                disabled={download.running || empty}
                leftSection={<IconDownload size={18} aria-hidden="true" />}
              >
                {messages.movDownload}
              </Button>
            </Group>

            {movements.isError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                {flattenBackendError(movements.error).join(' ')}
              </Alert>
            )}

            {movements.isPending && chartSkeleton}
            {data && !empty && (
              <Suspense fallback={chartSkeleton}>
                <MovementsChart monthly={data.monthly} />
              </Suspense>
            )}

            {empty ? (
              <Stack align="center" gap="xs" py="xl" data-testid="movements-empty">
                <IconMoodEmpty size={40} color="var(--mantine-color-gray-5)" aria-hidden="true" />
                <Text fw={600}>{messages.movEmpty}</Text>
                <Text size="sm" c="dimmed">
                  {messages.movEmptyHelp}
                </Text>
              </Stack>
            ) : (
              !movements.isError && (
                <>
                  <MovementsTable
                    entity={entity}
                    rows={data?.results ?? []}
                    totals={data?.totals}
                    loading={movements.isPending}
                    skeletonRows={5}
                    caption={formatMessage('movTableCaption', {
                      start: formatDate(dateStart),
                      stop: formatDate(dateStop),
                    })}
                  />
                  <Pager
                    count={count}
                    page={Math.min(page, pageCount(count, paging.pageSize))}
                    pageSize={paging.pageSize}
                    pageSizeLabel={messages.movPageSize}
                    onPageChange={(next) => setPaging((state) => ({ ...state, key, page: next }))}
                    onPageSizeChange={(size) => setPaging({ key, page: 1, pageSize: size })}
                  />
                </>
              )
            )}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
