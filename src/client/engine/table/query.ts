/**
 * The call of a table: its query (page, page size, fixed parameters, the screen's parameters, search,
 * filters), its cache key and its page. A company-scoped table asks for one company: the id is in the
 * key (under `backoffice`, which the company switcher marks stale) and goes as `Act-For`.
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
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
  });
};

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
