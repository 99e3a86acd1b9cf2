import { describe, expect, it } from 'vitest';
import { nextPage, pageWindow, paginate } from '../../src/index.ts';

describe('pageWindow (the service side)', () => {
  it.each<
    [
      string,
      {
        given: [page: number, size: number, total: number];
        want: [start: number, end: number, pages: number];
      },
    ]
  >([
    ['first page', { given: [1, 10, 25], want: [0, 10, 3] }],
    ['last, partial page', { given: [3, 10, 25], want: [20, 30, 3] }],
    ['past the end', { given: [4, 10, 25], want: [30, 40, 3] }],
    ['an exact fit', { given: [2, 5, 10], want: [5, 10, 2] }],
    ['nothing at all', { given: [1, 10, 0], want: [0, 10, 0] }],
  ])('%s', (_name, { given: [page, size, total], want: [start, end, pages] }) => {
    expect(pageWindow(page, size, total)).toEqual({
      start,
      end,
      pagination: { page, page_size: size, total_items: total, total_pages: pages },
    });
  });
});

describe('both sides of the rule together', () => {
  /** A list served by pageWindow, as the emulator serves one. */
  const served = (items: number[]) => async (q: { page?: number; page_size?: number }) => {
    const { start, end, pagination } = pageWindow(q.page ?? 1, q.page_size ?? 100, items.length);
    return { data: items.slice(start, end), pagination };
  };

  it('a client walking with nextPage gets every item once, for any total and page size', async () => {
    for (let total = 0; total <= 12; total++) {
      const items = Array.from({ length: total }, (_, i) => i);
      for (let size = 1; size <= 5; size++) {
        const seen: number[] = [];
        for await (const item of paginate({ page_size: size }, served(items))) seen.push(item);
        expect(seen).toEqual(items);
      }
    }
  });

  it('the last page served says there is no next one', () => {
    const { pagination } = pageWindow(3, 10, 25);
    expect(nextPage(3, { data: [1], pagination })).toBeUndefined();
    expect(nextPage(2, { data: [1], pagination: pageWindow(2, 10, 25).pagination })).toBe(3);
  });
});
