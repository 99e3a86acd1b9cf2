import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../nodes/shared/generated/core';
import { type ItemRow, planRows } from '../../nodes/shared/upload-plan';

// The core plans the requests; the node keeps each request paired with the input items of its rows.
const rows = (perItem: number[], size = 10): ItemRow[] =>
  perItem.flatMap((count, itemIndex) =>
    Array.from({ length: count }, (_, i) => ({ row: { i, pad: 'x'.repeat(size) }, itemIndex })),
  );
const head = { source_name: 'deliveries' };

describe('planRows', () => {
  it.each([
    ['2,500 rows → 1,000 + 1,000 + 500', { given: [2500], want: [1000, 1000, 500] }],
    ['exactly 1,000 rows → one request', { given: [LIMITS.uploadRowsMax], want: [1000] }],
    ['1,001 rows → two requests', { given: [1001], want: [1000, 1] }],
    ['no rows → no request', { given: [], want: [] }],
  ])('%s', (_, { given, want }) => {
    const plan = planRows(head, rows(given));
    expect('batches' in plan ? plan.batches.map((b) => b.rows) : plan).toEqual(want);
  });

  it('pairs every request with the items its rows came from, in order', () => {
    const plan = planRows(head, rows([600, 600, 1]));
    if (!('batches' in plan)) throw new Error('expected batches');
    expect(plan.batches.map((b) => [b.firstRow, b.rows, b.itemIndexes])).toEqual([
      [0, 1000, [0, 1]],
      [1000, 201, [1, 2]],
    ]);
    const sent = plan.batches.flatMap((b) => (JSON.parse(b.body) as { data: unknown[] }).data);
    expect(sent).toEqual(rows([600, 600, 1]).map((entry) => entry.row));
  });

  it('names the item of a row no request can carry', () => {
    const big = { row: { big: 'x'.repeat(LIMITS.uploadBytesMax) }, itemIndex: 7 };
    const plan = planRows(head, [...rows([2]), big]);
    expect('problem' in plan && [plan.itemIndex, plan.problem.field]).toEqual([7, 'rows[2]']);
  });
});
