/** One cell of a row, by column kind (the text of `cellText`, plus badges, icons and buttons). */
import { ActionIcon, Anchor, Badge, Button, CopyButton, Tooltip } from '@mantine/core';
import {
  IconCheck,
  IconCircleCheck,
  IconCircleX,
  IconCopy,
  IconMail,
  IconMailOpened,
} from '@tabler/icons-react';
import type { StatusTone } from '../../../../config/status-sets';
import { messages, type TableMessageKey } from '../../../../config/messages-tables.it';
import type { TableColumn, TableDeclaration } from '../../../../config/tables/types';
import { DownloadButton, openDetail } from './actions';
import classes from './table.module.css';
import type { TableRequest } from './query';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { useRouteLinkProps } from '../../components/route-link';
import { cellText, holds, isBlank, readField, rowText, statusEntry, type Row } from './values';

const TONE_COLORS: Record<StatusTone, string> = {
  neutral: 'gray',
  info: 'blue',
  success: 'green',
  warning: 'orange',
  danger: 'red',
};

function BooleanIcon({
  value,
  column,
}: {
  value: boolean;
  column: Extract<TableColumn, { kind: 'boolean' }>;
}) {
  const label = messages[value ? column.trueLabel : column.falseLabel];
  const mail = column.icons === 'mail';
  const Icon = mail ? (value ? IconMailOpened : IconMail) : value ? IconCircleCheck : IconCircleX;
  // A read message is grey, an unread one in the brand colour; a check is green, a cross red.
  const color = mail
    ? value
      ? 'var(--mantine-color-gray-6)'
      : 'var(--mantine-primary-color-filled)'
    : value
      ? 'var(--mantine-color-green-8)'
      : 'var(--mantine-color-red-7)';
  return (
    <Tooltip label={label} withArrow>
      <span style={{ display: 'inline-flex' }} data-testid={column.testId} data-value={value}>
        <Icon size={20} color={color} aria-hidden="true" />
        <span className="visually-hidden">{label}</span>
      </span>
    </Tooltip>
  );
}

export function CellContent({
  column,
  row,
  table,
  request,
}: {
  column: TableColumn;
  row: Row;
  table: TableDeclaration;
  request: TableRequest;
}) {
  switch (column.kind) {
    case 'boolean': {
      const value = readField(row, column.field) === true;
      if (column.icons) return <BooleanIcon value={value} column={column} />;
      return <span data-testid={column.testId}>{cellText(column, row)}</span>;
    }
    case 'status': {
      const text = cellText(column, row);
      const entry = statusEntry(column.set, readField(row, column.field));
      if (column.plain || text === '') return <>{text}</>;
      return (
        <Badge
          variant="light"
          color={TONE_COLORS[entry?.tone ?? 'neutral']}
          data-status={String(readField(row, column.field) ?? '')}
          // The light variant's tone-coloured text is below 4.5:1 on its tinted ground (green: 3.8 even at
          // the 9th shade, axe): dark text, the tone stays in the ground.
          style={{ textTransform: 'none', ['--badge-color' as string]: 'var(--mantine-color-dark-8)' }}
        >
          {text}
        </Badge>
      );
    }
    case 'download':
      return <DownloadButton column={column} row={row} table={table} request={request} />;
    case 'detail':
      if (!holds(column.when, row)) return null;
      return (
        <Button
          size="xs"
          variant="light"
          onClick={() => void openDetail(table, column, row, request)}
          aria-label={column.ariaLabel ? rowText(column.ariaLabel, row, table.columns) : undefined}
        >
          {messages[column.buttonLabel]}
        </Button>
      );
    case 'date':
    case 'date-time': {
      const value = readField(row, column.field);
      if (!column.text || isBlank(value)) return <>{cellText(column, row)}</>;
      // The sentence wraps at its spaces, never inside the date.
      const date = column.kind === 'date' ? formatDate(String(value)) : formatDateTime(String(value));
      const [before = '', after = ''] = messages[column.text].split('{date}');
      return (
        <>
          {before}
          <span style={{ whiteSpace: 'nowrap' }}>{date}</span>
          {after}
        </>
      );
    }
    case 'text': {
      const text = cellText(column, row);
      if (column.copy && !isBlank(readField(row, column.field))) {
        return (
          <CopyCode
            text={text}
            label={rowText(column.copy.label, row, table.columns)}
            done={column.copy.done}
          />
        );
      }
      if (!column.link || isBlank(readField(row, column.field))) return <>{text}</>;
      return <CellLink column={column} row={row} table={table} text={text} />;
    }
    default:
      return <>{cellText(column, row)}</>;
  }
}

/**
 * A code (a voucher's): on one line, never broken mid-code (a cell narrower than the code scrolls
 * sideways), with a button copying it to the clipboard.
 */
function CopyCode({ text, label, done }: { text: string; label: string; done: TableMessageKey }) {
  return (
    <span className={classes.copyCode}>
      <span className={classes.code} data-testid="table-code">
        {text}
      </span>
      <CopyButton value={text} timeout={2500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? messages[done] : label} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={copied ? messages[done] : label}
              data-testid="table-copy"
              data-copied={copied}
            >
              {copied ? (
                <IconCheck size={18} aria-hidden="true" />
              ) : (
                <IconCopy size={18} aria-hidden="true" />
              )}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </span>
  );
}

/** A text cell that links to a route (e.g. the request a notification is about). */
function CellLink({
  column,
  row,
  table,
  text,
}: {
  column: Extract<TableColumn, { kind: 'text' }>;
  row: Row;
  table: TableDeclaration;
  text: string;
}) {
  const link = column.link!;
  const params: Record<string, string> = {};
  for (const [name, field] of Object.entries(link.params)) params[name] = String(readField(row, field) ?? '');
  const props = useRouteLinkProps(link.route, params);
  return (
    <Anchor
      {...props}
      inherit
      underline="always"
      aria-label={link.ariaLabel ? rowText(link.ariaLabel, row, table.columns) : undefined}
    >
      {text}
    </Anchor>
  );
}
