// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { Pagination } from './types';
/** The page size for "Return All" (the largest) or for the first `limit` items. */
export declare const pageSizeFor: (limit: number | undefined) => number;
/**
 * The service's side: which items page `page` (1-based) of `pageSize` holds out of `totalItems`
 * (`start` to `end`, end exclusive), and the `pagination` its answer carries.
 */
export declare function pageWindow(page: number, pageSize: number, totalItems: number): {
    start: number;
    end: number;
    pagination: Pagination;
};
/** The next page to fetch after `page`, or undefined when the list is done. */
export declare function nextPage(page: number, result: {
    data: readonly unknown[];
    pagination: Pagination;
}): number | undefined;
/** Walks every page (or until `limit` items) with the caller's fetch; yields items. */
export declare function paginate<T, Q extends {
    page?: number | undefined;
    page_size?: number | undefined;
}>(query: Q, fetchPage: (query: Q) => Promise<{
    data: T[];
    pagination: Pagination;
}>, limit?: number): AsyncGenerator<T, void, undefined>;
