/**
 * The renderer of a table declaration: toolbar (search, filters, refresh, download, upload), the note,
 * the failure, the rows (a Mantine table on desktops, cards on phones: see table.module.css) with
 * skeleton rows while loading, the empty state, the totals, the row actions, and the pager.
 */
import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconMoodEmpty } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { messages, type TableMessageKey } from '../../../shared/catalogues/tables';
import { formatText } from '../../../shared/messages';
import type { TableColumn } from '../../../../config/tables/types';
import { flattenBackendError } from '../../components/backend-error-box';
import { Pager, type PagerTexts } from '../../components/pager';
import { formatWireEuro } from '../../../shared/money';
import { NavigateButton, startCall } from './actions';
import { CellContent } from './cells';
import { TableToolbar } from './toolbar';
import type { TableState } from './use-table';
import { actionPath, cellText, hasTone, holds, readField, rowKey, rowText, type Row } from './values';
import classes from './table.module.css';

export interface TableViewProps {
  state: TableState;
  /** Values of the caption's placeholders (e.g. the period of the history). */
  captionParams?: Record<string, string | number>;
  /**
   * Row buttons the screen composes itself (a call with a dialog the declarations cannot describe, e.g. a
   * note to type or an answer to show once), after the declared row actions; `label` names their column.
   */
  extraActions?: RowExtraActions;
}

export interface RowExtraActions {
  readonly label: string;
  /** The buttons of a row (nothing: none). */
  readonly render: (row: Row) => ReactNode;
}

const PAGER_DEFAULTS: Record<keyof PagerTexts, TableMessageKey> = {
  pageSize: 'tableRowsPerPage',
  total: 'tableTotal',
  pages: 'tablePages',
  page: 'tablePage',
  previous: 'tablePreviousPage',
  next: 'tableNextPage',
};

/** Phone-card placement of each column. */
/** Row colours of the tones (light backgrounds: the text keeps its contrast), and their badges. */
const TONE_BACKGROUNDS = {
  red: 'var(--mantine-color-red-0)',
  gray: 'var(--mantine-color-gray-1)',
  yellow: 'var(--mantine-color-yellow-0)',
} as const;
// Filled badges with enough contrast for their text (axe): dark red, dark grey, and yellow with dark text.
const BADGE_COLORS = { red: 'red.9', gray: 'gray.7', yellow: 'yellow.4' } as const;

function cellClass(columns: readonly TableColumn[], column: TableColumn): string {
  const headers = columns.filter((item) => item.cardHeader);
  if (column.cardHeader) {
    const place =
      headers.length === 1
        ? classes.headerOnly
        : headers.indexOf(column) === 0
          ? classes.headerFirst
          : classes.headerSecond;
    return `${classes.header} ${place} ${column.kind.startsWith('date') ? classes.nowrap : ''}`;
  }
  if (column.kind === 'euro') return classes.amount ?? '';
  // A date never breaks at its hyphens (24-11-\n2027) when the columns are tight; a date in a sentence
  // ("entro il {date}") keeps only the date itself on one line (cells.tsx).
  if (column.kind === 'date' || column.kind === 'date-time')
    return column.text ? (classes.field ?? '') : `${classes.field ?? ''} ${classes.nowrap ?? ''}`;
  return classes.field ?? '';
}

export function TableView({ state, captionParams = {}, extraActions }: TableViewProps) {
  const { table, query, rows } = state;
  // Declared texts take declared parameters: the key is data, so the text is filled as data.
  const caption = formatText(messages[table.caption], captionParams);
  const columns = table.columns;
  const actions = table.rowActions ?? [];
  const hasActions = actions.length > 0 || extraActions !== undefined;
  const width = columns.length + (hasActions ? 1 : 0);
  const loading = query.isPending;
  const failed = query.isError;
  const showEmpty = state.empty || (failed && table.failure.show === 'empty');
  const firstTotal = columns.findIndex((column) => column.kind === 'euro' && column.total);
  const answer = query.data;
  const paging = table.paging;
  const pagerTexts = Object.fromEntries(
    Object.entries(PAGER_DEFAULTS).map(([name, fallback]) => {
      const key = (paging.mode !== 'none' && paging.texts?.[name as keyof PagerTexts]) || fallback;
      return [
        name,
        name === 'total' || name === 'page' ? (n: number) => formatText(messages[key], { n }) : messages[key],
      ];
    }),
  ) as unknown as PagerTexts;

  const emptyBlock = (
    <Stack align="center" gap="xs" py="xl" data-testid={table.testIds?.empty}>
      <IconMoodEmpty size={40} color="var(--mantine-color-gray-5)" aria-hidden="true" />
      <Text fw={600}>{messages[table.empty.text]}</Text>
      {table.empty.help && (
        <Text size="sm" c="dimmed">
          {messages[table.empty.help]}
        </Text>
      )}
    </Stack>
  );

  const failure =
    failed && table.failure.show !== 'empty' ? (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
        {table.failure.show === 'text'
          ? messages[table.failure.text]
          : flattenBackendError(query.error).join(' ')}
      </Alert>
    ) : null;

  const blockEmpty = showEmpty && table.empty.placement === 'block';
  const showTable = !blockEmpty && !(failed && table.failure.show !== 'empty');

  if (state.waiting && table.requires) {
    return (
      <Stack gap="sm">
        <TableToolbar state={state} />
        <Alert color="blue" variant="light" data-testid="table-requires">
          {messages[table.requires.text]}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <TableToolbar state={state} />
      {table.note && rows.length > 0 && (
        <Text size="sm" c="dimmed">
          {formatText(messages[table.note.text], table.note.params as Record<string, string | number>)}
        </Text>
      )}
      {failure}
      {blockEmpty && emptyBlock}
      {showTable && (
        // Wider than a phone or a narrow window: the scrolled area is reachable by keyboard, and named.
        <Table.ScrollContainer
          minWidth={table.minWidth}
          type="native"
          classNames={{ scrollContainerInner: classes.scrollInner }}
          tabIndex={0}
          role="region"
          aria-label={caption}
        >
          <Table
            verticalSpacing="sm"
            striped={table.striped ? 'even' : false}
            highlightOnHover
            aria-busy={loading || query.isFetching}
            className={classes.table}
          >
            <caption className="visually-hidden">{caption}</caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th
                    key={column.field + column.kind}
                    scope="col"
                    ta={column.kind === 'euro' ? 'right' : column.kind === 'boolean' ? 'center' : undefined}
                  >
                    {column.hiddenLabel ? (
                      <span className="visually-hidden">{messages[column.label]}</span>
                    ) : (
                      messages[column.label]
                    )}
                  </Table.Th>
                ))}
                {hasActions && (
                  <Table.Th scope="col">
                    <span className="visually-hidden">
                      {actions[0] ? messages[actions[0].label] : extraActions?.label}
                    </span>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loading &&
                Array.from({ length: table.skeletonRows ?? 3 }, (_, index) => (
                  <Table.Tr key={`skeleton-${index}`} data-testid={table.testIds?.skeleton}>
                    {Array.from({ length: width }, (__, cell) => (
                      <Table.Td
                        key={cell}
                        className={columns[cell] ? cellClass(columns, columns[cell]) : classes.action}
                      >
                        <Skeleton height={14} width="80%" aria-hidden="true" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              {!loading && showEmpty && (
                <Table.Tr>
                  <Table.Td colSpan={width}>
                    <Text c="dimmed" ta="center" py="lg" data-testid={table.testIds?.empty}>
                      {messages[table.empty.text]}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {!loading &&
                !showEmpty &&
                rows.map(({ row, level }, index) => (
                  <TableRow
                    key={rowKey(table, row, index)}
                    state={state}
                    row={row}
                    level={level}
                    extraActions={extraActions}
                  />
                ))}
            </Table.Tbody>
            {firstTotal >= 0 && answer !== undefined && !loading && !failed && !showEmpty && (
              <Table.Tfoot>
                <Table.Tr data-testid={table.testIds?.totals} fw={700}>
                  <Table.Th scope="row" colSpan={firstTotal}>
                    {table.totalsLabel ? messages[table.totalsLabel] : ''}
                  </Table.Th>
                  {columns.slice(firstTotal).map((column) =>
                    column.kind === 'euro' && column.total ? (
                      <Table.Td
                        key={column.field}
                        className={classes.amount}
                        data-label={messages[column.label]}
                        data-testid={column.totalTestId}
                      >
                        {formatWireEuro(String(readField(answer, column.total) ?? '0'))}
                      </Table.Td>
                    ) : (
                      <Table.Td key={column.field} className={classes.field} />
                    ),
                  )}
                  {hasActions && <Table.Td className={classes.action} />}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}
      {paging.mode !== 'none' && !blockEmpty && !(failed && table.failure.show !== 'empty') && (
        <Pager
          count={failed ? 0 : state.count}
          page={state.page}
          pageSize={state.pageSize}
          pageSizes={paging.pageSizes}
          totalTestId={table.testIds?.total}
          texts={pagerTexts}
          onPageChange={state.setPage}
          onPageSizeChange={state.setPageSize}
        />
      )}
    </Stack>
  );
}

function TableRow({
  state,
  row,
  level,
  extraActions,
}: {
  state: TableState;
  row: Row;
  level: number;
  extraActions: RowExtraActions | undefined;
}) {
  const { table, request } = state;
  const columns = table.columns;
  const actions = table.rowActions ?? [];
  const emphasised = table.emphasis ? holds(table.emphasis, row, request.params) : false;
  const tones = (table.tones ?? []).map((tone) => ({ tone, on: hasTone(tone, row) }));
  const toned = tones.find((item) => item.on)?.tone;
  const data: Record<string, string> = {};
  for (const [name, field] of Object.entries(table.rowData ?? {}))
    data[`data-${name}`] = String(readField(row, field));
  // Several tones of one kind (two `match` tones): the attribute says whether any holds.
  for (const { tone, on } of tones)
    data[`data-${tone.tone}`] = String(on || data[`data-${tone.tone}`] === 'true');
  const style: CSSProperties = {};
  if (toned) {
    const color = toned.color ?? (toned.tone === 'expired' ? 'gray' : 'yellow');
    style.backgroundColor = TONE_BACKGROUNDS[color];
    data['data-tone'] = color;
  }
  if (level > 0) (style as Record<string, unknown>)['--table-level'] = level;
  return (
    <Table.Tr
      data-testid={table.testIds?.row}
      data-level={table.nested ? level : undefined}
      style={style}
      {...data}
    >
      {columns.map((column, index) => {
        const text = cellText(column, row);
        const labelled = !column.cardHeader && column.kind !== 'detail' && !column.hiddenLabel && text !== '';
        const badge = tones.find(({ tone, on }) => on && tone.label && tone.field === column.field)?.tone;
        const sentence = tones.find(({ tone, on }) => on && tone.text && tone.field === column.field)?.tone;
        return (
          <Table.Td
            key={column.field + column.kind}
            className={`${cellClass(columns, column)} ${index === 0 && table.nested ? classes.nested : ''}`}
            data-label={labelled ? messages[column.label] : undefined}
            fw={column.emphasis && table.emphasis ? (emphasised ? 700 : 400) : undefined}
            ta={column.kind === 'boolean' ? 'center' : column.kind === 'detail' ? 'right' : undefined}
          >
            {sentence?.text ? (
              // A sentence wraps, even in a column that keeps its values on one line (dates).
              <span data-testid="table-tone-text" style={{ whiteSpace: 'normal' }}>
                {rowText(sentence.text, row, columns)}
              </span>
            ) : badge?.label ? (
              // The value and its badge wrap onto two lines when the card is narrow.
              <span className={classes.toned}>
                <span>
                  <CellContent column={column} row={row} table={table} request={request} />
                </span>
                <Badge
                  color={BADGE_COLORS[badge.color ?? (badge.tone === 'expired' ? 'gray' : 'yellow')]}
                  variant="filled"
                  autoContrast
                >
                  {messages[badge.label]}
                </Badge>
              </span>
            ) : (
              <CellContent column={column} row={row} table={table} request={request} />
            )}
          </Table.Td>
        );
      })}
      {(actions.length > 0 || extraActions) && (
        <Table.Td ta="right" className={classes.action}>
          {/* Several actions of a row keep apart, and wrap on a narrow card. */}
          <Group gap="xs" justify="flex-end" wrap="wrap">
            {actions.map((action, index) => {
              if (!holds(action.when, row, request.params)) return null;
              if (action.kind === 'navigate') {
                const path = actionPath(action, row);
                return path ? (
                  <NavigateButton key={index} action={action} row={row} path={path} table={table} />
                ) : null;
              }
              return (
                <Button
                  key={index}
                  size="xs"
                  variant="light"
                  color={action.color === 'red' ? 'red' : undefined}
                  onClick={() => void startCall(table, action, row, request)}
                >
                  {messages[action.label]}
                </Button>
              );
            })}
            {extraActions?.render(row)}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
