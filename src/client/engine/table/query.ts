/**
 * The call of a table: its query (page, page size, fixed parameters, the screen's parameters, search,
 * filters), its cache key and its page. A company-scoped table asks for one company: the id is in the
 * key (under `backoffice`, which the company switcher marks stale) and goes as `Act-For`.
 */
import { keepPreviousData, queryOptions, type Query, type QueryClient } from '@tanstack/react-query';
import type { TableDeclaration } from '../../../../config/tables/types';
import { apiRequest, type QueryValue } from '../../api/client';
import { isBlank, readField, type Row } from './values';

export interface TableRequest {
  /** Values of the parameters the declaration lists in `source.params`. */
  params: Record<string, QueryValue>;
  search: string;
  filters: Record<string, QueryValue>;
  page: number;
  pageSize: number;
  /** The company asked for (company scope), else null. */
  companyId: number | null;
}

export type TableSpec = Pick<TableDeclaration, 'name' | 'scope' | 'source' | 'paging' | 'search'>;

/** Every cached page of a table starts with this. */
export function tableQueryPrefix(table: Pick<TableDeclaration, 'name' | 'scope'>): readonly unknown[] {
  return table.scope === 'company' ? ['backoffice', 'table', table.name] : ['table', table.name];
}

/** Marks every page of these tables stale (those on screen are read again). */
export function refreshTables(client: QueryClient, names: readonly string[]): Promise<unknown> {
  return Promise.all(
    names.flatMap((name) => [
      client.invalidateQueries({ queryKey: ['table', name] }),
      client.invalidateQueries({ queryKey: ['backoffice', 'table', name] }),
    ]),
  );
}

/** The query string of one request, in a stable order: paging first, then the rest. */
export function tableQuery(table: TableSpec, request: TableRequest): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  if (table.paging.mode === 'server') {
    query.page = request.page;
    query.page_size = request.pageSize;
  }
  Object.assign(query, table.source.query);
  for (const name of table.source.params ?? []) {
    const value = request.params[name];
    if (!isBlank(value)) query[name] = value;
  }
  if (table.search && request.search !== '') query[table.search.param] = request.search;
  for (const [name, value] of Object.entries(request.filters)) if (!isBlank(value)) query[name] = value;
  return query;
}

/**
 * A table's answer is asked again whenever a screen shows it, except when a route's loader (or a preload
 * on hover) has just read it: the screen mounting right after takes that answer instead of asking a
 * second time. Only what a loader read is spared (`ensureTablePage` marks it), and only for a moment, so a
 * modal's table or a page opened again asks again. (react-query consults `refetchOnMount` more than once
 * per mount, so the mark cannot simply be used up at the first look.)
 */
const LOADER_HANDOFF_MS = 3_000;
const justLoaded = new Map<string, number>();

function askOnMount(query: Query): boolean {
  const loadedAt = justLoaded.get(query.queryHash);
  return !(
    loadedAt !== undefined &&
    loadedAt === query.state.dataUpdatedAt &&
    Date.now() - loadedAt < LOADER_HANDOFF_MS
  );
}

/** A loader's read of a table page: `ensureQueryData`, and the mark for the screen that mounts next. */
export async function ensureTablePage(
  client: QueryClient,
  options: ReturnType<typeof tableQueryOptions>,
): Promise<unknown> {
  const before = client.getQueryState(options.queryKey)?.dataUpdatedAt;
  const data = await client.ensureQueryData(options);
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query && query.state.dataUpdatedAt !== before)
    justLoaded.set(query.queryHash, query.state.dataUpdatedAt);
  return data;
}

export const tableQueryOptions = (table: TableSpec, request: TableRequest) => {
  const query = tableQuery(table, request);
  const company = table.scope === 'company' ? [request.companyId] : [];
  return queryOptions({
    queryKey: [...tableQueryPrefix(table), ...company, query] as const,
    queryFn: ({ signal }) =>
      apiRequest<unknown>(table.source.path, {
        signal,
        query,
        ...(table.scope === 'company' ? { actFor: request.companyId } : {}),
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: askOnMount,
  });
};

/** The filters a table starts with: each select's declared default. */
export function initialFilters(table: Pick<TableDeclaration, 'filters'>): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const filter of table.filters ?? []) {
    if (filter.kind === 'select') values[filter.param] = filter.defaultValue;
  }
  return values;
}

/**
 * The first page a table asks for when it opens (no search, its default filters and page size): the same
 * key as `useTable`'s first query, for loaders (`ensureQueryData`). Null when the table asks nothing yet
 * (a required filter with no default).
 */
export function firstTablePageQueryOptions(
  table: TableSpec & Pick<TableDeclaration, 'filters' | 'requires'>,
  options: { params?: Record<string, QueryValue>; companyId?: number | null } = {},
) {
  const filters = initialFilters(table);
  if (table.requires !== undefined && (filters[table.requires.param] ?? '') === '') return null;
  return tableQueryOptions(table, {
    params: options.params ?? {},
    search: '',
    filters,
    page: 1,
    pageSize: table.paging.mode === 'none' ? 0 : table.paging.defaultPageSize,
    companyId: table.scope === 'company' ? (options.companyId ?? null) : null,
  });
}

export interface TablePage {
  rows: Row[];
  /** All rows of the list (server paging: the answer's count). */
  count: number;
}

/** The rows and the count of an answer (client paging: this page's slice). */
export function readPage(table: TableSpec, answer: unknown, page: number, pageSize: number): TablePage {
  const list = table.source.rows ? readField(answer, table.source.rows) : answer;
  const rows = Array.isArray(list) ? (list as Row[]) : [];
  if (table.paging.mode === 'server') {
    const count = Number(readField(answer, table.source.count ?? 'count'));
    return { rows, count: Number.isFinite(count) ? count : rows.length };
  }
  if (table.paging.mode === 'client') {
    return { rows: rows.slice((page - 1) * pageSize, page * pageSize), count: rows.length };
  }
  return { rows, count: rows.length };
}

/** What a table filter reads from a declared call (the user picker's users, a source select's choices). */
type FilterSource = { readonly source: { readonly path: string } };

/** The call of a filter: company-scoped tables ask it for the company asked for (`Act-For`). */
function filterSourceOptions(table: Pick<TableDeclaration, 'scope'>, companyId: number | null) {
  return table.scope === 'company' ? { actFor: companyId } : {};
}

/** The users of a user-picker filter (`filter.source.path`). */
export const tableUsersQueryOptions = (
  table: Pick<TableDeclaration, 'scope'>,
  filter: FilterSource,
  companyId: number | null,
) =>
  queryOptions({
    queryKey: ['table-users', filter.source.path, companyId] as const,
    queryFn: ({ signal }) =>
      apiRequest<Row[]>(filter.source.path, { signal, ...filterSourceOptions(table, companyId) }),
  });

/** The choices of a source-select filter (`filter.source.path`). */
export const tableOptionsQueryOptions = (
  table: Pick<TableDeclaration, 'scope'>,
  filter: FilterSource,
  companyId: number | null,
) =>
  queryOptions({
    queryKey: ['table-options', filter.source.path, companyId] as const,
    queryFn: ({ signal }) =>
      apiRequest<unknown>(filter.source.path, { signal, ...filterSourceOptions(table, companyId) }),
    staleTime: 60_000,
  });

/** Every cached answer whose key starts with a head a call declares in `refresh.queries` (e.g. `credit`). */
export const declaredQueryPrefix = (head: string): readonly unknown[] => [head];
