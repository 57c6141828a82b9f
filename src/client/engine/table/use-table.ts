/**
 * The state of one table on screen: page and page size (own, or held by the screen), the debounced
 * search, the filters, the company asked for, and the query. New parameters, search or filters start
 * again from page 1; a page that no longer exists after a change shows the last one.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TableDeclaration } from '../../../../config/tables/types';
import type { QueryValue } from '../../api/client';
import { useSessionStore } from '../../stores/session';
import { initialFilters, readPage, tableQueryOptions, type TableRequest } from './query';
import { nestRows, type PlacedRow } from './values';

export interface ControlledPaging {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export interface UseTableOptions {
  /** Values of `source.params` (e.g. the inbox mode, the history's period). */
  params?: Record<string, QueryValue>;
  /** Company scope: the company asked for; default the one acted for (`session_infos.act_for`). */
  companyId?: number | null;
  /** Paging held by the screen (e.g. a modal's view that survives a detail opened over it). */
  paging?: ControlledPaging;
}

export function useTable(table: TableDeclaration, options: UseTableOptions = {}) {
  const actFor = useSessionStore((state) => state.sessionInfos.act_for?.id ?? null);
  const companyId = table.scope === 'company' ? (options.companyId ?? actFor) : null;
  const paged = table.paging.mode !== 'none';
  const defaultPageSize = table.paging.mode === 'none' ? 0 : table.paging.defaultPageSize;

  // Search: the box shows what is typed; the query gets it after the pause, when long enough.
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const minChars = table.search?.minChars ?? 0;
  const typed = (value: string) => {
    setSearchText(value);
    window.clearTimeout(timer.current);
    const next = value.trim();
    if (next !== '' && next.length < minChars) return;
    timer.current = window.setTimeout(() => setSearch(next), table.search?.debounceMs ?? 0);
  };
  const searchTooShort = searchText.trim() !== '' && searchText.trim().length < minChars;

  const [filters, setFilters] = useState(initialFilters(table));
  const setFilter = (param: string, value: string | undefined) =>
    setFilters((previous) => ({ ...previous, [param]: value }));

  const params = options.params ?? {};
  const key = JSON.stringify([
    (table.source.params ?? []).map((name) => params[name] ?? null),
    search,
    filters,
  ]);
  const [own, setOwn] = useState({ key, page: 1, pageSize: defaultPageSize });
  const controlled = options.paging;
  const page = controlled ? controlled.page : own.key === key ? own.page : 1;
  const pageSize = controlled ? controlled.pageSize : own.pageSize;
  const onControlledPage = controlled?.onPageChange;
  const setPage = useCallback(
    (next: number) => {
      if (onControlledPage) onControlledPage(next);
      else setOwn((state) => ({ ...state, key, page: next }));
    },
    [onControlledPage, key],
  );
  const setPageSize = (size: number) => {
    if (controlled) controlled.onPageSizeChange(size);
    else setOwn({ key, page: 1, pageSize: size });
  };

  const request: TableRequest = { params, search, filters, page, pageSize, companyId };
  // A table that needs a filter first (the user picker) asks nothing until it has one.
  const waiting = table.requires !== undefined && (filters[table.requires.param] ?? '') === '';
  const query = useQuery({ ...tableQueryOptions(table, request), enabled: !waiting });
  const failed = query.isError;
  const current =
    failed || query.data === undefined ? undefined : readPage(table, query.data, page, pageSize);
  const rows: PlacedRow[] = nestRows(current?.rows ?? [], table.nested);
  const count = current?.count ?? 0;
  const pages = paged && pageSize > 0 ? Math.max(1, Math.ceil(count / pageSize)) : 1;

  useEffect(() => {
    if (paged && !query.isPlaceholderData && query.data !== undefined && page > pages) setPage(pages);
  }, [paged, query.isPlaceholderData, query.data, page, pages, setPage]);

  return {
    table,
    request,
    query,
    rows,
    count,
    page: Math.min(page, pages),
    pageSize,
    setPage,
    setPageSize,
    search: { text: searchText, typed, tooShort: searchTooShort },
    filters,
    setFilter,
    /** The required filter has no value yet: nothing asked, the table's `requires.text` shown. */
    waiting,
    /** Loaded, not failed, and no row at all. */
    empty: current !== undefined && count === 0 && rows.length === 0,
  };
}

export type TableState = ReturnType<typeof useTable>;
