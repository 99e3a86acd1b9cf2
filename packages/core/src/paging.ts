// Pagination decisions: which page size to ask for, and whether there is a next page.
import { LIMITS } from './generated/limits.ts';
import type { Pagination } from './types.ts';

/** The page size for "Return All" (the largest) or for the first `limit` items. */
export const pageSizeFor = (limit: number | undefined): number =>
  limit === undefined ? LIMITS.pageSizeMax : Math.min(Math.max(1, Math.floor(limit)), LIMITS.pageSizeMax);

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
