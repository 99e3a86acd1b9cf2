// Pagination, both sides of one rule: the service answers page `page` of `page_size` items with a
// `pagination` block (`pageWindow`); a client reads that block to decide whether there is a next
// page (`nextPage`) and walks the pages (`paginate`).
import { LIMITS } from './generated/limits.ts';
import type { Pagination } from './types.ts';

/** The page size for "Return All" (the largest) or for the first `limit` items. */
export const pageSizeFor = (limit: number | undefined): number =>
  limit === undefined ? LIMITS.pageSizeMax : Math.min(Math.max(1, Math.floor(limit)), LIMITS.pageSizeMax);

/**
 * The service's side: which items page `page` (1-based) of `pageSize` holds out of `totalItems`
 * (`start` to `end`, end exclusive), and the `pagination` its answer carries.
 */
export function pageWindow(
  page: number,
  pageSize: number,
  totalItems: number,
): { start: number; end: number; pagination: Pagination } {
  const start = (page - 1) * pageSize;
  return {
    start,
    end: start + pageSize,
    pagination: {
      page,
      page_size: pageSize,
      total_items: totalItems,
      total_pages: Math.ceil(totalItems / pageSize),
    },
  };
}

/** The next page to fetch after `page`, or undefined when the list is done. */
export function nextPage(
  page: number,
  result: { data: readonly unknown[]; pagination: Pagination },
): number | undefined {
  if (result.data.length === 0 || page >= result.pagination.total_pages) return undefined;
  return page + 1;
}

/** Walks every page (or until `limit` items) with the caller's fetch; yields items. */
export async function* paginate<T, Q extends { page?: number | undefined; page_size?: number | undefined }>(
  query: Q,
  fetchPage: (query: Q) => Promise<{ data: T[]; pagination: Pagination }>,
  limit?: number,
): AsyncGenerator<T, void, undefined> {
  let page: number | undefined = query.page ?? LIMITS.pageDefault;
  const pageSize = query.page_size ?? pageSizeFor(limit);
  let left = limit ?? Number.POSITIVE_INFINITY;
  while (page !== undefined && left > 0) {
    const result = await fetchPage({ ...query, page, page_size: pageSize });
    for (const item of result.data.slice(0, left)) yield item;
    left -= result.data.length;
    page = nextPage(page, result);
  }
}
