/**
 * The movements table (spec 000 §2, §3): kind, purchase number, object (`*****` when empty), subject
 * (and employee in the company view), date (DD-MM-YYYY HH:mm:ss), credit and debit, the period's totals
 * in the footer, and the replay button on kinds 1, 3, 7, 13, 14 (user view). Skeleton rows while loading.
 */
import { Button, Skeleton, Table } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { formatMessage, messages } from '../../../../config/messages-account.it';
import { useRouter } from '@tanstack/react-router';
import { formatDateTime } from '../../../shared/dates';
import { formatWireEuro } from '../../../shared/money';
import type { MovementAmounts, MovementEntity, MovementRow } from './movements-api';
import { kindLabel, replayPath, shownObject } from './movement-rows';
import classes from './movements-table.module.css';

export interface MovementsTableProps {
  entity: MovementEntity;
  rows: MovementRow[];
  totals: MovementAmounts | undefined;
  loading: boolean;
  skeletonRows: number;
  caption: string;
}

/** Money cells: empty when there is no amount on that side. */
const money = (value: string | null | undefined) =>
  value == null || value === '' ? '' : formatWireEuro(value);

/** A link to the replay form (a route of a later issue: it is pushed by path). */
function ReplayButton({ path, id }: { path: string; id: number | null }) {
  const router = useRouter();
  return (
    <Button
      component="a"
      href={path}
      size="xs"
      variant="light"
      leftSection={<IconRepeat size={16} aria-hidden="true" />}
      aria-label={formatMessage('movReplayLabel', { id: id ?? '' })}
      data-testid="movement-replay"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        router.history.push(path);
      }}
    >
      {messages.movReplay}
    </Button>
  );
}

export function MovementsTable({
  entity,
  rows,
  totals,
  loading,
  skeletonRows,
  caption,
}: MovementsTableProps) {
  const company = entity === 'azienda';
  const replay = !company;
  const columns = 7 + (company ? 1 : 0) + (replay ? 1 : 0);
  return (
    // Wider than a phone or a narrow window: the scrolled area is reachable by keyboard, and named.
    <Table.ScrollContainer
      minWidth={company ? 1040 : 960}
      type="native"
      classNames={{ scrollContainerInner: classes.scrollInner }}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <Table
        verticalSpacing="sm"
        striped="even"
        highlightOnHover
        aria-busy={loading}
        className={classes.table}
      >
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{messages.movColCreated}</Table.Th>
            <Table.Th scope="col">{messages.movColKind}</Table.Th>
            <Table.Th scope="col">{messages.movColPurchase}</Table.Th>
            <Table.Th scope="col">{messages.movColObject}</Table.Th>
            <Table.Th scope="col">{messages.movColSubject}</Table.Th>
            {company && <Table.Th scope="col">{messages.movColEmployee}</Table.Th>}
            <Table.Th scope="col" className={classes.amount}>
              {messages.movAvere}
            </Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              {messages.movDare}
            </Table.Th>
            {replay && (
              <Table.Th scope="col">
                <span className="visually-hidden">{messages.movColReplay}</span>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading &&
            Array.from({ length: skeletonRows }, (_, index) => (
              <Table.Tr key={`skeleton-${index}`} data-testid="movement-skeleton">
                {Array.from({ length: columns }, (__, cell) => (
                  <Table.Td key={cell} className={classes.field}>
                    <Skeleton height={14} width="80%" aria-hidden="true" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {!loading &&
            rows.map((row) => {
              const path = replay ? replayPath(row) : null;
              return (
                <Table.Tr key={row.id} data-testid="movement-row" data-kind={row.id_kind}>
                  <Table.Td
                    className={`${classes.field} ${classes.created}`}
                    data-label={messages.movColCreated}
                  >
                    {formatDateTime(row.created)}
                  </Table.Td>
                  <Table.Td className={classes.field} data-label={messages.movColKind}>
                    {kindLabel(row)}
                  </Table.Td>
                  <Table.Td className={classes.field} data-label={messages.movColPurchase}>
                    {row.id_acquisto ?? ''}
                  </Table.Td>
                  <Table.Td className={classes.field} data-label={messages.movColObject}>
                    {shownObject(row.oggetto)}
                  </Table.Td>
                  <Table.Td className={classes.field} data-label={messages.movColSubject}>
                    {row.soggetto ?? ''}
                  </Table.Td>
                  {company && (
                    <Table.Td className={classes.field} data-label={messages.movColEmployee}>
                      {row.dipendente ?? ''}
                    </Table.Td>
                  )}
                  <Table.Td
                    className={classes.amount}
                    data-label={money(row.AVERE) ? messages.movAvere : undefined}
                  >
                    {money(row.AVERE)}
                  </Table.Td>
                  <Table.Td
                    className={classes.amount}
                    data-label={money(row.DARE) ? messages.movDare : undefined}
                  >
                    {money(row.DARE)}
                  </Table.Td>
                  {replay && (
                    <Table.Td ta="right" className={classes.action}>
                      {path && <ReplayButton path={path} id={row.id_acquisto} />}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
        </Table.Tbody>
        {totals && !loading && (
          <Table.Tfoot>
            <Table.Tr data-testid="movement-totals" fw={700}>
              <Table.Th scope="row" colSpan={company ? 6 : 5}>
                {messages.movTotals}
              </Table.Th>
              <Table.Td className={classes.amount} data-label={messages.movAvere} data-testid="total-avere">
                {formatWireEuro(totals.AVERE)}
              </Table.Td>
              <Table.Td className={classes.amount} data-label={messages.movDare} data-testid="total-dare">
                {formatWireEuro(totals.DARE)}
              </Table.Td>
              {replay && <Table.Td className={classes.action} />}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
