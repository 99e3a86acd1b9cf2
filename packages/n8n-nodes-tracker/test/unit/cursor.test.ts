import { describe, expect, it } from 'vitest';
import { advance, lookbackStart, pollStep, startingCursor } from '../../nodes/TrackerSignalTrigger/cursor';

const run = (id: string, at: string | null, status = 'completed') => ({
  run_id: id,
  status,
  completed_at: at,
});

describe('polling cursor', () => {
  it('starts after the history', () => {
    const cursor = startingCursor([run('a', '2026-11-21T08:00:00Z'), run('b', '2026-11-21T09:00:00Z')]);
    expect(cursor).toEqual({ completedAt: '2026-11-21T09:00:00Z', ids: ['b'] });
    expect(
      advance([run('a', '2026-11-21T08:00:00Z'), run('b', '2026-11-21T09:00:00Z')], cursor).fresh,
    ).toEqual([]);
  });

  it('emits each new run once, oldest first, including runs completed in the same second as the cursor', () => {
    let cursor = startingCursor([run('a', '2026-11-21T08:00:00Z')]);
    const page = [
      run('c', '2026-11-21T08:00:05Z'),
      run('b', '2026-11-21T08:00:00Z'),
      run('a', '2026-11-21T08:00:00Z'),
    ];
    const first = advance(page, cursor);
    expect(first.fresh.map((r) => r.run_id)).toEqual(['b', 'c']);
    cursor = first.cursor;
    expect(advance(page, cursor).fresh).toEqual([]);
  });

  it('never emits pending, running or failed runs', () => {
    const step = advance([run('p', null, 'pending'), run('f', '2026-11-21T08:00:00Z', 'failed')], {
      completedAt: null,
      ids: [],
    });
    expect(step.fresh).toEqual([]);
  });

  it('asks for runs started up to two hours before the cursor', () => {
    expect(lookbackStart({ completedAt: '2026-11-21T10:00:00Z', ids: [] })).toBe('2026-11-21T08:00:00.000Z');
    expect(lookbackStart({ completedAt: null, ids: [] })).toBeUndefined();
  });
});

describe('one tracker per poll (pollStep)', () => {
  const history = [run('old-1', '2026-11-21T08:00:00Z'), run('old-2', '2026-11-21T09:00:00Z')];
  const later = [...history, run('new-1', '2026-11-21T10:00:00Z')];
  const seen = startingCursor(history);
  it.each([
    ['a tracker seen for the first time is baselined at its newest run', history, undefined, false, [], seen],
    [
      'a tracker without runs starts empty, so its first run is new',
      [],
      undefined,
      false,
      [],
      { completedAt: null, ids: [] },
    ],
    [
      'a known tracker emits only what completed after its cursor',
      later,
      seen,
      false,
      ['new-1'],
      { completedAt: '2026-11-21T10:00:00Z', ids: ['new-1'] },
    ],
    ['a manual test shows the newest run and keeps no cursor', later, undefined, true, ['new-1'], undefined],
  ] as const)('%s', (_name, runs, cursor, manual, fresh, next) => {
    const step = pollStep([...runs], cursor, manual);
    expect(step.fresh.map((r) => r.run_id)).toEqual(fresh);
    expect(step.cursor).toEqual(next);
  });

  it('moves the cursor past runs the filters drop', () => {
    const step = pollStep(later, seen, false, (r) => r.run_id !== 'new-1');
    expect(step.fresh).toEqual([]);
    expect(step.cursor?.ids).toEqual(['new-1']);
  });
});
