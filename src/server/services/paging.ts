/**
 * Server paging of the paged lists (inbox and archive, movement history, cancelled purchases), with
 * the page sizes their table declarations give (`config/tables`, the spec's figures): the query
 * schema of `page` and `page_size`, the slice of one page, and the page answer `{ count, results }`.
 * A page past the last answers `results` empty with the true count.
 */
import type { PageSizes } from '../../../config/tables/types';
import { formatMessage } from '../messages';
import { ApiError } from '../errors';

/** `page` from 1; beyond this nobody pages by hand (and OFFSET stays bounded). */
export const MAX_PAGE = 1_000_000;

/** JSON-schema properties of `page` and `page_size` for a route's querystring. */
export function pagingQueryProperties(sizes: PageSizes) {
  return {
    page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
    page_size: { type: 'integer', enum: [...sizes.pageSizes], default: sizes.defaultPageSize },
  } as const;
}

/** The sentence of a route's description that states its paging (Italian, like the rest of the API). */
export function pagingDescription(sizes: PageSizes): string {
  return (
    '`page` da 1 (oltre l’ultima pagina: `results` vuoto), `page_size` tra ' +
    `${sizes.pageSizes.join(', ')} (predefinita ${sizes.defaultPageSize}).`
  );
}

export interface PageSlice {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

/**
 * The slice of `page` at `page_size` (defaults: page 1, the declared default size). The route's
 * schema already refuses other values; a caller without one gets the same 400 on the field.
 */
export function pageSlice(
  query: { page?: number | undefined; page_size?: number | undefined },
  sizes: PageSizes,
): PageSlice {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? sizes.defaultPageSize;
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) {
    throw new ApiError(400, { page: [formatMessage('apiPageInvalid', { max: MAX_PAGE })] });
  }
  if (!sizes.pageSizes.includes(pageSize)) {
    throw new ApiError(400, {
      page_size: [formatMessage('apiPageSizeInvalid', { sizes: sizes.pageSizes.join(', ') })],
    });
  }
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

export interface PageAnswer<T> {
  count: number;
  results: T[];
}

/** Counts and reads one slice together; the count comes as the driver gives it (text or bigint). */
export async function pageOf<T>(
  slice: PageSlice,
  count: () => Promise<number | string | bigint>,
  rows: (slice: PageSlice) => Promise<T[]>,
): Promise<PageAnswer<T>> {
  const [total, results] = await Promise.all([count(), rows(slice)]);
  return { count: Number(total), results };
}
