import { describe, expect, it } from 'vitest';
import { advanceProblem, CLOCK_MAX, clockInstantOf, MAX_ADVANCE_MINUTES } from '../../src/clock.ts';
import { catchUp } from '../../src/domain/schedule.ts';

const T0 = Date.parse('2030-01-01T00:00:00Z');
const MIN = 60_000;

describe('advanceProblem', () => {
  const cases: [string, { given: [number, unknown]; want: string | null }][] = [
    ['an hour', { given: [T0, 60], want: null }],
    ['zero', { given: [T0, 0], want: null }],
    ['the maximum', { given: [T0, MAX_ADVANCE_MINUTES], want: null }],
    ['one past the maximum', { given: [T0, MAX_ADVANCE_MINUTES + 1], want: 'less_than_equal' }],
    ['1e12', { given: [T0, 1e12], want: 'less_than_equal' }],
    ['negative', { given: [T0, -1], want: 'greater_than_equal' }],
    ['Infinity', { given: [T0, Number.POSITIVE_INFINITY], want: 'finite_number' }],
    ['NaN', { given: [T0, Number.NaN], want: 'finite_number' }],
    ['a string', { given: [T0, '60'], want: 'number_type' }],
    ['up to the last instant', { given: [CLOCK_MAX - 60 * MIN, 60], want: null }],
    ['past year 9999', { given: [CLOCK_MAX - 60 * MIN, 61], want: 'less_than_equal' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(advanceProblem(...given)?.type ?? null).toBe(want);
  });
});

describe('clockInstantOf', () => {
  const cases: [string, { given: string | number; want: number | null }][] = [
    ['an ISO instant', { given: '2030-01-01T00:00:00Z', want: T0 }],
    ['epoch milliseconds', { given: T0, want: T0 }],
    ['not a date', { given: 'soon', want: null }],
    ['before 1970', { given: '1969-12-31T23:59:59Z', want: null }],
    ['after year 9999', { given: '+010000-01-01T00:00:00Z', want: null }],
    ['beyond any date', { given: 1e17, want: null }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(clockInstantOf(given)).toBe(want);
  });
});

describe('catchUp', () => {
  const every = (minutes: number, end: string | null = null) => ({
    start_time: '2030-01-01T00:00:00Z',
    interval_minutes: minutes,
    end_time: end,
  });
  const cases: [
    string,
    { given: [ReturnType<typeof every>, number, number, number]; want: { from: number; skipped: number } },
  ][] = [
    ['fewer due than the cap', { given: [every(1), T0, T0 + 9 * MIN, 100], want: { from: T0, skipped: 0 } }],
    ['exactly the cap', { given: [every(1), T0, T0 + 99 * MIN, 100], want: { from: T0, skipped: 0 } }],
    [
      'one more than the cap',
      { given: [every(1), T0, T0 + 100 * MIN, 100], want: { from: T0 + MIN, skipped: 1 } },
    ],
    [
      'ten years of minutes keep the latest 100',
      {
        given: [every(1), T0, T0 + MAX_ADVANCE_MINUTES * MIN, 100],
        want: { from: T0 + (MAX_ADVANCE_MINUTES - 99) * MIN, skipped: MAX_ADVANCE_MINUTES - 99 },
      },
    ],
    [
      'end_time bounds what is due',
      {
        given: [every(1, '2030-01-01T00:04:00Z'), T0, T0 + 1000 * MIN, 2],
        want: { from: T0 + 3 * MIN, skipped: 3 },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(catchUp(...given)).toEqual(want);
  });
});
