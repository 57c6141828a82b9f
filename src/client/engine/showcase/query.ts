/**
 * The call of a showcase: its path with the screen's parameters, its query (page, page size, fixed
 * parameters, search), its cache key, and the items and count of an answer. No React here.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AppVoucherPage } from '../../../../config/showcases/app-vouchers';
import type { ShowcaseDeclaration, ShowcaseSource } from '../../../../config/showcases/types';
import type { BuoniDisp, OllipayStatus } from '../../../../schemas/wire-types.gen';
import { apiRequest, type QueryValue } from '../../api/client';

export type Item = Record<string, unknown>;

/** What an app voucher page's call answers: the amounts on offer (and ollipay's profile). */
export type AppVoucherOffer = Partial<BuoniDisp & OllipayStatus>;

/** `a.b.c` of an object; undefined when any step is missing. */
export function readField(source: unknown, path: string): unknown {
  let value: unknown = source;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A field as text ('' when missing). */
export function textOf(item: unknown, field: string | undefined): string {
  if (!field) return '';
  const value = readField(item, field);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** `{name}` of the path filled from the screen's parameters (encoded). */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(params[name] ?? ''));
}

export interface ShowcaseRequest {
  params: Readonly<Record<string, string>>;
  page: number;
  /** The search sent ('' for none: fewer than `minChars` characters never search). */
  search: string;
}

/** The query string of one request, in a stable order: paging first, then the fixed parameters, the search. */
export function showcaseQuery(
  declaration: Pick<ShowcaseDeclaration, 'paging' | 'source' | 'search'>,
  request: Pick<ShowcaseRequest, 'page' | 'search'> & Partial<Pick<ShowcaseRequest, 'params'>>,
): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  if (declaration.paging.mode === 'server') {
    query.page = request.page;
    query.page_size = declaration.paging.defaultPageSize;
  }
  Object.assign(query, declaration.source.query);
  for (const name of declaration.source.paramsQuery ?? []) {
    const value = request.params?.[name];
    if (value !== undefined && value !== '') query[name] = value;
  }
  if (declaration.search && request.search !== '') query[declaration.search.param] = request.search;
  return query;
}

export const showcaseQueryOptions = (declaration: ShowcaseDeclaration, request: ShowcaseRequest) => {
  const path = fillPath(declaration.source.path, request.params);
  const query = showcaseQuery(declaration, request);
  return queryOptions({
    queryKey: ['showcase', declaration.name, path, query] as const,
    queryFn: ({ signal }) => apiRequest<unknown>(path, { signal, query }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

/** The first page a showcase asks for when it opens (no search): the key of the grid's first query. */
export const firstShowcasePageQueryOptions = (
  declaration: ShowcaseDeclaration,
  params: Readonly<Record<string, string>> = {},
) => showcaseQueryOptions(declaration, { params, page: 1, search: '' });

/**
 * The offer of an app voucher page (`GET /api{call}`: `buoni_disp`, or the ollipay status): asked again at
 * every visit, except right after the page's loader read it (a few seconds).
 */
export const appVoucherOfferQueryOptions = (page: Pick<AppVoucherPage, 'route_name' | 'call'>) =>
  queryOptions({
    queryKey: ['showcase', page.route_name] as const,
    queryFn: ({ signal }) => apiRequest<AppVoucherOffer>(page.call, { signal }),
    staleTime: 5_000,
  });

/** The header's call (a retailer, a section): one object. */
export const showcaseHeaderQueryOptions = (
  declaration: ShowcaseDeclaration,
  params: Readonly<Record<string, string>>,
) => {
  const source = declaration.header?.source;
  const path = source ? fillPath(source.path, params) : '';
  return queryOptions({
    queryKey: ['showcase', declaration.name, 'header', path, source?.query ?? null] as const,
    queryFn: ({ signal }) =>
      apiRequest<unknown>(path, { signal, ...(source?.query ? { query: source.query } : {}) }),
    enabled: source !== undefined,
    staleTime: 30_000,
  });
};

/** The header object of an answer (its first row when the source names a rows field). */
export function readHeader(source: Pick<ShowcaseSource, 'rows'>, answer: unknown): Item | null {
  const value = source.rows ? readField(answer, source.rows) : answer;
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return first !== null && typeof first === 'object' ? (first as Item) : null;
}

export interface ShowcasePage {
  items: Item[];
  /** All items of the list (server paging: the answer's count). */
  count: number;
}

/** The items and the count of an answer. */
export function readPage(declaration: Pick<ShowcaseDeclaration, 'source'>, answer: unknown): ShowcasePage {
  const rowsField = declaration.source.rows ?? 'results';
  const list = rowsField === '' ? answer : readField(answer, rowsField);
  const items = Array.isArray(list)
    ? list.filter((item): item is Item => item !== null && typeof item === 'object')
    : [];
  const count = Number(readField(answer, declaration.source.count ?? 'count'));
  return { items, count: Number.isFinite(count) && count >= items.length ? count : items.length };
}
