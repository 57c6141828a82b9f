/**
 * What the route loaders share (issue 25): a page's first data goes into the query cache with the same
 * `queryOptions` factories its screen reads, so preloading a route (hovering its link) fetches the data
 * too. A failed answer is the screen's to show (its own error or empty state), never the router's: the
 * loaders wait for their calls whatever they answer. Imported by route loaders only (their own chunks).
 */
import type { TableDeclaration } from '../../../config/tables/types';
import type { QueryValue } from '../api/client';
import { queryClient } from '../api/query-client';
import { ensureTablePage, firstTablePageQueryOptions, type TableSpec } from '../engine/table/query';

/** Waits for every call, whatever it answers. */
export async function settle(requests: readonly (Promise<unknown> | null | undefined)[]): Promise<void> {
  await Promise.allSettled(requests);
}

/** The first page a declared table asks for when its screen opens (nothing when it waits for a filter). */
export function ensureFirstTablePage(
  table: TableSpec & Pick<TableDeclaration, 'filters' | 'requires'>,
  options: { params?: Record<string, QueryValue>; companyId?: number | null } = {},
): Promise<unknown> | null {
  const first = firstTablePageQueryOptions(table, options);
  return first ? ensureTablePage(queryClient, first) : null;
}
