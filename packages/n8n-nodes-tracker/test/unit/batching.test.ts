import { LIMITS } from '@trackerkit/client';
import { describe, expect, it } from 'vitest';
import { batchRows, envelopeBytes } from '../../nodes/shared/batching';
import { ParamError } from '../../nodes/shared/param-error';

const rows = (count: number, size = 10) =>
  Array.from({ length: count }, (_, i) => ({ row: { i, pad: 'x'.repeat(size) }, itemIndex: i }));
const bodyBytes = (sourceName: string, batch: Array<Record<string, unknown>>) =>
  new TextEncoder().encode(JSON.stringify({ source_name: sourceName, data: batch })).length;

describe('batchRows', () => {
  it.each([
    ['2,500 rows → 1,000 + 1,000 + 500', { given: 2500, want: [1000, 1000, 500] }],
    ['exactly 1,000 rows → one batch', { given: 1000, want: [1000] }],
    ['1,001 rows → two batches', { given: 1001, want: [1000, 1] }],
    ['one row', { given: 1, want: [1] }],
    ['no rows → no request', { given: 0, want: [] }],
  ])('%s', (_, { given, want }) => {
    const batches = batchRows({
      rows: rows(given),
      sourceName: 's',
      maxRows: LIMITS.uploadRowsMax,
      maxBytes: LIMITS.uploadBytesMax,
    });
    expect(batches.map((b) => b.rows.length)).toEqual(want);
    expect(batches.flatMap((b) => b.itemIndexes)).toEqual(Array.from({ length: given }, (_, i) => i));
  });

  it('splits on bytes before rows, and every body stays within the byte limit exactly as sent', () => {
    const maxBytes = 5000;
    const batches = batchRows({ rows: rows(100, 200), sourceName: 'deliveries', maxRows: 1000, maxBytes });
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      expect(bodyBytes('deliveries', batch.rows)).toBe(batch.bytes);
      expect(batch.bytes).toBeLessThanOrEqual(maxBytes);
    }
    // Greedy: adding the next batch's first row would have crossed the limit.
    const [first, second] = batches;
    expect(
      bodyBytes('deliveries', [...(first?.rows ?? []), second?.rows[0] as Record<string, unknown>]),
    ).toBeGreaterThan(maxBytes);
  });

  it('counts multi-byte characters as bytes', () => {
    const wide = [{ row: { t: 'é'.repeat(100) }, itemIndex: 0 }];
    const [batch] = batchRows({ rows: wide, sourceName: 's', maxRows: 10, maxBytes: 1000 });
    expect(batch?.bytes).toBe(bodyBytes('s', [{ t: 'é'.repeat(100) }]));
  });

  it('refuses a single row larger than the limit, naming the item, before any batch is sent', () => {
    const input = {
      rows: [...rows(2), { row: { big: 'x'.repeat(300) }, itemIndex: 7 }],
      sourceName: 's',
      maxRows: 10,
      maxBytes: 200,
    };
    expect(() => batchRows(input)).toThrow(ParamError);
    expect(() => batchRows(input)).toThrow(/item 7/);
  });

  it('includes the description in the envelope', () => {
    expect(envelopeBytes('s', 'a description')).toBeGreaterThan(envelopeBytes('s'));
  });
});
