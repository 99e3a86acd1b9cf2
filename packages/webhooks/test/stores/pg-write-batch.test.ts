import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { turnBatch } from '../../src/store/postgres/turn-batch.ts';

type Result = { ok: true; value: string } | { ok: false; error: unknown };

/** A flush whose calls the test ends by hand, recording each group and how many ran at once. */
function manualFlush() {
  const groups: number[][] = [];
  const pending: Array<(results?: Result[]) => void> = [];
  let running = 0;
  let mostAtOnce = 0;
  const flush = (items: number[]) =>
    new Promise<Result[]>((resolve, reject) => {
      groups.push(items);
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      pending.push((results) => {
        running -= 1;
        if (results) resolve(results);
        else reject(new Error(`group ${items.join(',')} failed`));
      });
    });
  const ok = (items: number[]): Result[] => items.map((n) => ({ ok: true, value: `stored ${n}` }));
  return { flush, groups, pending, ok, mostAtOnce: () => mostAtOnce };
}

describe('turnBatch', () => {
  it('hands the calls of one turn to one flush, each call its own result', async () => {
    const m = manualFlush();
    const add = turnBatch<number, string>(m.flush);
    const calls = [add(1), add(2), add(3)];
    await nextTurn();
    expect(m.groups).toEqual([[1, 2, 3]]);
    m.pending[0]?.(m.ok([1, 2, 3]));
    expect(await Promise.all(calls)).toEqual(['stored 1', 'stored 2', 'stored 3']);
  });

  it('gathers what comes while a flush runs into the next flush, one flush at a time', async () => {
    const m = manualFlush();
    const add = turnBatch<number, string>(m.flush);
    const first = add(1);
    await nextTurn();
    // Three more turns while the first flush runs: none starts a flush of its own.
    const later = [add(2)];
    await nextTurn();
    later.push(add(3));
    await nextTurn();
    later.push(add(4));
    await nextTurn();
    expect(m.groups).toEqual([[1]]);
    m.pending[0]?.(m.ok([1]));
    expect(await first).toBe('stored 1');
    await nextTurn();
    expect(m.groups).toEqual([[1], [2, 3, 4]]);
    m.pending[1]?.(m.ok([2, 3, 4]));
    expect(await Promise.all(later)).toEqual(['stored 2', 'stored 3', 'stored 4']);
    expect(m.mostAtOnce()).toBe(1);
  });

  it('a flush that fails rejects its own calls only, and the gathered ones still go', async () => {
    const m = manualFlush();
    const add = turnBatch<number, string>(m.flush);
    const failing = add(1);
    await nextTurn();
    const waiting = add(2);
    await nextTurn();
    m.pending[0]?.();
    await expect(failing).rejects.toThrow('group 1 failed');
    await nextTurn();
    expect(m.groups).toEqual([[1], [2]]);
    m.pending[1]?.(m.ok([2]));
    expect(await waiting).toBe('stored 2');
  });

  it('settles each call by its own result', async () => {
    const m = manualFlush();
    const add = turnBatch<number, string>(m.flush);
    const calls = [add(1), add(2)].map((p) =>
      p.then(
        (v) => v,
        (e: unknown) => `refused: ${e}`,
      ),
    );
    await nextTurn();
    m.pending[0]?.([
      { ok: true, value: 'stored 1' },
      { ok: false, error: 'duplicate' },
    ]);
    expect(await Promise.all(calls)).toEqual(['stored 1', 'refused: duplicate']);
  });
});
