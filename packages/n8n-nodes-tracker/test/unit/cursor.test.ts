import { describe, expect, it } from 'vitest';
import {
  advance,
  lookbackStart,
  newestEnd,
  nextWatermark,
  pollStep,
  startingCursor,
} from '../../nodes/TrackerSignalTrigger/cursor';

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

  it('follows failed runs alone when asked, by the instant they failed', () => {
    const page = [
      run('c', '2026-11-21T08:00:09Z'),
      run('f2', '2026-11-21T08:00:05Z', 'failed'),
      run('f1', '2026-11-21T08:00:01Z', 'failed'),
      run('p', null, 'running'),
    ];
    const step = advance(page, { completedAt: null, ids: [] }, 'failed');
    expect(step.fresh.map((r) => r.run_id)).toEqual(['f1', 'f2']);
    expect(step.cursor).toEqual({ completedAt: '2026-11-21T08:00:05Z', ids: ['f2'] });
    expect(startingCursor(page, 'failed')).toEqual(step.cursor);
    expect(advance(page, step.cursor, 'failed').fresh).toEqual([]);
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
    const step = pollStep(later, seen, false, { wanted: (r) => r.run_id !== 'new-1' });
    expect(step.fresh).toEqual([]);
    expect(step.cursor?.ids).toEqual(['new-1']);
  });

  describe('failed runs (Events › Failed Runs)', () => {
    const failed = [
      run('ok-1', '2026-11-21T08:00:00Z'),
      run('fail-1', '2026-11-21T08:30:00Z', 'failed'),
      run('fail-2', '2026-11-21T09:00:00Z', 'failed'),
    ];
    const withNew = [
      ...failed,
      run('fail-3', '2026-11-21T10:00:00Z', 'failed'),
      run('ok-2', '2026-11-21T10:00:00Z'),
    ];

    it('baselines at the newest failed run the first time, so earlier failures are not replayed', () => {
      const step = pollStep(failed, undefined, false, { status: 'failed' });
      expect(step).toEqual({ fresh: [], cursor: { completedAt: '2026-11-21T09:00:00Z', ids: ['fail-2'] } });
    });

    it('then emits each new failed run once, and no completed run', () => {
      const seenFailed = pollStep(failed, undefined, false, { status: 'failed' }).cursor;
      const step = pollStep(withNew, seenFailed, false, { status: 'failed' });
      expect(step.fresh.map((r) => r.run_id)).toEqual(['fail-3']);
      expect(pollStep(withNew, step.cursor, false, { status: 'failed' }).fresh).toEqual([]);
    });

    it('a manual test shows the newest failed run and keeps no cursor', () => {
      expect(pollStep(withNew, undefined, true, { status: 'failed' })).toEqual({
        fresh: [withNew[3]],
        cursor: undefined,
      });
    });
  });
});

describe('the space watermark ("all trackers")', () => {
  const T = (minute: number) => `2026-11-21T08:${String(minute).padStart(2, '0')}:00Z`;
  const SPACE = 'spc_1';

  it.each([
    ['first poll: starts at what it saw', undefined, T(5), { settled: T(5), newest: T(5) }],
    ['an empty space: everything later is new', undefined, null, { settled: null, newest: null }],
    [
      'settles at what the poll before saw, never at what this one saw',
      { spaceId: SPACE, settled: T(1), newest: T(5) },
      T(9),
      { settled: T(5), newest: T(9) },
    ],
    [
      'never moves back when a poll sees less (lookback pages)',
      { spaceId: SPACE, settled: T(5), newest: T(9) },
      T(2),
      { settled: T(9), newest: T(9) },
    ],
    [
      'another space starts afresh',
      { spaceId: 'spc_other', settled: T(1), newest: T(2) },
      T(7),
      { settled: T(7), newest: T(7) },
    ],
  ])('%s', (_name, previous, seen, want) => {
    expect(nextWatermark(previous, SPACE, seen)).toEqual({ spaceId: SPACE, ...want });
  });

  it('a tracker without a cursor emits its runs at or after the watermark, filtered, and keeps a cursor', () => {
    const runs = [run('old', T(1)), run('tie', T(5)), run('late', T(8)), run('dropped', T(9))];
    const step = pollStep(runs, undefined, false, { since: T(5), wanted: (r) => r.run_id !== 'dropped' });
    expect(step.fresh.map((r) => r.run_id)).toEqual(['tie', 'late']);
    expect(step.cursor).toEqual({ completedAt: T(9), ids: ['dropped'] });
    expect(pollStep(runs, undefined, false, { since: null }).fresh).toHaveLength(4);
  });

  it('newestEnd reads the chosen end state only', () => {
    expect(newestEnd([run('a', T(3)), run('f', T(7), 'failed'), run('p', null, 'pending')])).toBe(T(3));
    expect(newestEnd([run('a', T(3))], 'failed')).toBeNull();
  });
});
