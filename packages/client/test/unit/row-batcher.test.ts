// The batcher through its own seam (the function that sends one serialized batch): no sockets.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS, type VaultRow } from '../../src/index.ts';
import { uploadRows } from '../../src/vault/row-batcher.ts';
import { uploadResponse } from '../helpers/fixtures.ts';

async function run(rows: Iterable<VaultRow> | AsyncIterable<VaultRow>, description?: string) {
  const bodies: string[] = [];
  const result = await uploadRows({ source_name: 'src', rows, description }, async (body) => {
    bodies.push(body);
    return uploadResponse((JSON.parse(body) as { data: unknown[] }).data.length);
  });
  return {
    result,
    bodies,
    sent: bodies.map((b) => JSON.parse(b) as { source_name: string; data: VaultRow[] }),
  };
}

describe('uploadRows batching', () => {
  it.each<[string, { given: number; want: number[] }]>([
    ['one row', { given: 1, want: [1] }],
    ['exactly one full batch', { given: LIMITS.uploadRowsMax, want: [LIMITS.uploadRowsMax] }],
    ['one more than a batch', { given: LIMITS.uploadRowsMax + 1, want: [LIMITS.uploadRowsMax, 1] }],
    ['2,500 rows', { given: 2_500, want: [LIMITS.uploadRowsMax, LIMITS.uploadRowsMax, 500] }],
  ])('%s', async (_name, { given, want }) => {
    const { sent, result } = await run(Array.from({ length: given }, (_, i) => ({ i })));
    expect(sent.map((s) => s.data.length)).toEqual(want);
    expect(result.rows_processed).toBe(given);
  });

  it('keeps every row once, in order, within both limits, for any mix of row sizes', async () => {
    // Up to ~1.2 MB per heavy row: a few dozen rows cross the byte limit; 1,500 tiny ones the row limit.
    const heavy = fc.array(fc.oneof(fc.nat(64), fc.nat(4_000), fc.integer({ min: 300_000, max: 600_000 })), {
      minLength: 10,
      maxLength: 60,
      size: 'max',
    });
    const tiny = fc.array(fc.nat(16), { minLength: 900, maxLength: 1_500, size: 'max' });
    const sizes = fc.oneof(heavy, tiny);
    let cutByBytes = 0;
    await fc.assert(
      fc.asyncProperty(sizes, fc.boolean(), async (lengths, async) => {
        const rows = lengths.map((n, i) => ({ i, pad: 'é'.repeat(n) })); // 2 bytes per char in UTF-8
        const source = async
          ? (async function* () {
              yield* rows;
            })()
          : rows;
        const { sent, bodies } = await run(source, 'desc');
        expect(sent.flatMap((s) => s.data.map((r) => r.i))).toEqual(rows.map((r) => r.i));
        for (const [k, body] of bodies.entries()) {
          expect(Buffer.byteLength(body)).toBeLessThanOrEqual(LIMITS.uploadBytesMax);
          expect(sent[k]!.data.length).toBeLessThanOrEqual(LIMITS.uploadRowsMax);
          expect(sent[k]!.source_name).toBe('src');
        }
        // Greedy packing: a batch is cut only when the next row would not fit.
        for (let k = 0; k + 1 < bodies.length; k++) {
          const next = JSON.stringify(sent[k + 1]!.data[0]);
          const full = sent[k]!.data.length === LIMITS.uploadRowsMax;
          expect(
            full || Buffer.byteLength(bodies[k]!) + 1 + Buffer.byteLength(next) > LIMITS.uploadBytesMax,
          ).toBe(true);
          if (!full) cutByBytes += 1;
        }
      }),
      // Besides the random mixes, one that always crosses the byte limit (12 rows of 1.2 MB against
      // 10 MB): generated ones do only most of the time, and a run without a cut checked nothing.
      { numRuns: 20, examples: [[Array.from({ length: 12 }, () => 600_000), false]] },
    );
    // The byte limit was reached, so the packing checks above ran.
    expect(cutByBytes).toBeGreaterThan(0);
    // 20 runs of megabytes of rows: CPU only, but about 2 s alone and more beside other workers.
  }, 30_000);
});
