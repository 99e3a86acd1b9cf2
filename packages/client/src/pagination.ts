// Auto-pagination: walks every page of a list operation and yields its items.
import { LIMITS } from './generated/limits.ts';
import type { Pagination } from './types.ts';

interface PageQueryLike {
  page?: number | undefined;
  page_size?: number | undefined;
}

export async function* paginate<T, Q extends PageQueryLike>(
  query: Q,
  fetchPage: (query: Q) => Promise<{ data: T[]; pagination: Pagination }>,
): AsyncGenerator<T, void, undefined> {
  let page = query.page ?? LIMITS.pageDefault;
  const pageSize = query.page_size ?? LIMITS.pageSizeMax;
  for (;;) {
    const result = await fetchPage({ ...query, page, page_size: pageSize });
    yield* result.data;
    if (result.data.length === 0 || page >= result.pagination.total_pages) return;
    page += 1;
  }
}
