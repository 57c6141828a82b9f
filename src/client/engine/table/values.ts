/**
 * Pure helpers of the table engine: reading fields, formatting cells as text, conditions, tones,
 * nested rows and the query of a call. No React here (unit-tested through the engine's tests).
 */
import { statusSets, type StatusEntry } from '../../../../config/status-sets';
import { messages } from '../../../shared/catalogues/tables';
import { formatText } from '../../../shared/messages';
import type { RouteName } from '../../../../config/routes';
import type {
  QueryLiteral,
  RouteByField,
  RowText,
  TableColumn,
  TableCondition,
  TableDeclaration,
  TableRowAction,
  TableTone,
} from '../../../../config/tables/types';
import { routePath } from '../../components/route-link';
import { daysBetween, formatDate, formatDateTime, romeDayOf, romeToday } from '../../../shared/dates';
import { formatWireEuro } from '../../../shared/money';

export type Row = Record<string, unknown>;

/** `a.b.c` of an object; undefined when any step is missing. */
export function readField(source: unknown, path: string): unknown {
  let value: unknown = source;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

export const isBlank = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The entry of a status set for a value, or undefined (shown raw, or by a fallback field). */
export function statusEntry(set: keyof typeof statusSets, value: unknown): StatusEntry | undefined {
  if (isBlank(value)) return undefined;
  const values: Readonly<Record<string, StatusEntry>> = statusSets[set].values;
  return Object.hasOwn(values, String(value)) ? values[String(value)] : undefined;
}

export function statusLabel(entry: StatusEntry): string {
  return typeof entry.label === 'string' ? messages[entry.label] : entry.label.literal;
}

/** A cell as plain text: what the phone card, the detail and accessible names show. */
export function cellText(column: TableColumn, row: Row): string {
  const value = readField(row, column.field);
  if (isBlank(value)) return column.empty ? messages[column.empty] : '';
  switch (column.kind) {
    case 'date':
    case 'date-time': {
      const date = column.kind === 'date' ? formatDate(String(value)) : formatDateTime(String(value));
      return column.text ? formatText(messages[column.text], { date }) : date;
    }
    case 'euro':
      return formatWireEuro(String(value));
    case 'boolean':
      return messages[value === true ? column.trueLabel : column.falseLabel];
    case 'status': {
      const entry = statusEntry(column.set, value);
      if (entry) return statusLabel(entry);
      const fallback = column.fallbackField ? readField(row, column.fallbackField) : undefined;
      return isBlank(fallback) ? String(value) : String(fallback);
    }
    case 'download':
      return column.showValue ? String(value) : messages[column.linkLabel];
    case 'detail':
      return messages[column.buttonLabel];
    default: {
      // An object (e.g. the changes an audit row records) is shown as compact JSON.
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      return column.maxChars !== undefined && text.length > column.maxChars
        ? `${text.slice(0, column.maxChars)}…`
        : text;
    }
  }
}

/** Fills a row text: each placeholder from its field, formatted as the table's column shows it. */
export function rowText(text: RowText, row: Row, columns: readonly TableColumn[]): string {
  const params: Record<string, string> = {};
  for (const [name, field] of Object.entries(text.params)) {
    const column = columns.find((item) => item.field === field && item.kind !== 'detail');
    const value = readField(row, field);
    params[name] = column ? cellText(column, row) : isBlank(value) ? '' : String(value);
  }
  return formatText(messages[text.text], params);
}

/** `{name}` of a path from the row (or the query), URL-encoded. */
export function fillPath(path: string, values: Row): string {
  return path.replace(/\{([\w.]+)\}/g, (_whole, name: string) =>
    encodeURIComponent(String(readField(values, name) ?? '')),
  );
}

const same = (value: unknown, expected: QueryLiteral | null) =>
  expected === null
    ? value === null || value === undefined
    : value === expected || String(value) === String(expected);

export function holds(condition: TableCondition | undefined, row: Row, query: Row = {}): boolean {
  if (!condition) return true;
  if ('all' in condition) return condition.all.every((part) => holds(part, row, query));
  if ('query' in condition) return same(query[condition.query], condition.equals);
  const value = readField(row, condition.field);
  if ('equals' in condition) return same(value, condition.equals);
  if ('notEquals' in condition) return !same(value, condition.notEquals);
  return condition.in.some((item) => same(value, item));
}

/**
 * Whether a row has a tone today: `expired` before today, `expiring` today..today+N days. Days are
 * Rome's, as the server counts them, whatever the browser's zone.
 */
export function hasTone(tone: TableTone, row: Row, now: Date = new Date()): boolean {
  if (!holds(tone.when, row)) return false;
  if (tone.tone === 'match') return true;
  const value = readField(row, tone.field);
  if (isBlank(value)) return false;
  const day = romeDayOf(String(value));
  if (day === null) return false;
  const diff = daysBetween(romeToday(now), day);
  if (tone.tone === 'expired') return diff < 0;
  return diff >= 0 && diff <= (tone.withinDays ?? 0);
}

export function rowKey(declaration: Pick<TableDeclaration, 'rowKey'>, row: Row, index: number): string {
  const fields = declaration.rowKey ?? ['id'];
  const parts = fields.map((field) => readField(row, field));
  return parts.every(isBlank) ? `row-${index}` : parts.map(String).join('-');
}

export interface PlacedRow {
  row: Row;
  /** 0 for a top row, 1 for its children, ... */
  level: number;
}

/** Children right after their parent (depth first); a child whose parent is absent stays on top. */
export function nestRows(rows: Row[], nested: TableDeclaration['nested']): PlacedRow[] {
  if (!nested) return rows.map((row) => ({ row, level: 0 }));
  const idField = nested.idField ?? 'id';
  const ids = new Set(rows.map((row) => String(readField(row, idField))));
  const children = new Map<string, Row[]>();
  const top: Row[] = [];
  for (const row of rows) {
    const parent = readField(row, nested.parentField);
    if (isBlank(parent) || !ids.has(String(parent))) top.push(row);
    else children.set(String(parent), [...(children.get(String(parent)) ?? []), row]);
  }
  const placed: PlacedRow[] = [];
  const seen = new Set<Row>();
  const visit = (row: Row, level: number) => {
    if (seen.has(row)) return;
    seen.add(row);
    placed.push({ row, level });
    for (const child of children.get(String(readField(row, idField))) ?? []) visit(child, level + 1);
  };
  for (const row of top) visit(row, 0);
  return placed;
}

/**
 * The route of a navigate action for this row: fixed, or chosen by a field; of several choices, the
 * first whose field the row has decides (its value may name no route: then there is none).
 */
function actionRoute(action: Extract<TableRowAction, { kind: 'navigate' }>, row: Row): RouteName | undefined {
  if (typeof action.route === 'string') return action.route;
  const choices: readonly RouteByField[] = 'field' in action.route ? [action.route] : action.route;
  for (const choice of choices) {
    const value = readField(row, choice.field);
    if (value === undefined) continue;
    return Object.hasOwn(choice.routes, String(value)) ? choice.routes[String(value)] : undefined;
  }
  return undefined;
}

/** The path of a navigate action for this row, or null when the row has no such route. */
export function actionPath(action: Extract<TableRowAction, { kind: 'navigate' }>, row: Row): string | null {
  const route = actionRoute(action, row);
  if (!route) return null;
  const params: Record<string, string> = {};
  for (const [name, field] of Object.entries(action.params ?? {})) {
    params[name] = String(readField(row, field) ?? '');
  }
  return routePath(route, params);
}
