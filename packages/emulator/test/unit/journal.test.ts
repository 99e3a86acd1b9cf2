import { describe, expect, it } from 'vitest';
import { RequestJournal } from '../../src/journal/journal.ts';
import type { JournalEntry } from '../../src/journal/journal-entry.ts';

const entry = (journal: RequestJournal, over: Partial<JournalEntry> = {}): JournalEntry => ({
  seq: journal.nextSeq(),
  at: '2030-01-01T00:00:00.000Z',
  method: 'POST',
  path: '/v1/api/trackers/trk_1/vault/sources',
  operation_id: 'uploadVaultData',
  params: { tracker_id: 'trk_1' },
  query: {},
  headers: {},
  account_id: 'acc_1',
  body: null,
  status: 201,
  fault: null,
  duration_ms: 1,
  ...over,
});

describe('RequestJournal', () => {
  it('keeps the newest `capacity` entries and counts the dropped ones', () => {
    const journal = new RequestJournal(3);
    for (let i = 0; i < 5; i++) journal.record(entry(journal));
    expect(journal.list().map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(journal.dropped).toBe(2);
    expect(journal.clear()).toBe(3);
    expect([journal.list(), journal.dropped]).toEqual([[], 0]);
    journal.record(entry(journal));
    expect(journal.list().map((e) => e.seq)).toEqual([6]); // seq is not reset: `since` keeps working
  });

  it('keeps nothing with capacity 0', () => {
    const journal = new RequestJournal(0);
    journal.record(entry(journal));
    expect([journal.list(), journal.count()]).toEqual([[], 0]);
  });

  it('lists in arrival order though answered out of order', () => {
    const journal = new RequestJournal(10);
    const slow = entry(journal);
    const fast = entry(journal);
    journal.record(fast);
    journal.record(slow);
    expect(journal.list().map((e) => e.seq)).toEqual([1, 2]);
  });

  it.each<[string, { filter: Parameters<RequestJournal['list']>[0]; want: number[] }]>([
    ['operation', { filter: { operation_id: 'getTracker' }, want: [2] }],
    ['tracker path parameter', { filter: { tracker_id: 'trk_2' }, want: [3] }],
    ['space_id as a path parameter or the list query', { filter: { space_id: 'spc_1' }, want: [4, 5] }],
    ['status among several', { filter: { status: [429, 503] }, want: [3] }],
    ['method in any case', { filter: { method: 'get' }, want: [2, 5] }],
    ['since a seq', { filter: { since: 3 }, want: [4, 5] }],
    ['all narrowing together', { filter: { operation_id: 'uploadVaultData', status: 201 }, want: [1] }],
  ])('filters by %s', (_name, { filter, want }) => {
    const journal = new RequestJournal(10);
    journal.record(entry(journal));
    journal.record(entry(journal, { method: 'GET', operation_id: 'getTracker' }));
    journal.record(entry(journal, { params: { tracker_id: 'trk_2' }, status: 429 }));
    journal.record(entry(journal, { operation_id: 'createTracker', params: { space_id: 'spc_1' } }));
    journal.record(
      entry(journal, {
        method: 'GET',
        operation_id: 'listTrackers',
        params: {},
        query: { space_id: 'spc_1' },
      }),
    );
    expect(journal.list(filter).map((e) => e.seq)).toEqual(want);
    expect(journal.count(filter)).toBe(want.length);
  });

  it('verify returns the matches, or throws naming what it expected and what came', () => {
    const journal = new RequestJournal(10);
    journal.record(entry(journal));
    journal.record(entry(journal, { status: 429 }));
    const filter = { operation_id: 'uploadVaultData', tracker_id: 'trk_1' };
    expect(journal.verify(filter, { count: 2 })).toHaveLength(2);
    expect(() => journal.verify(filter, { count: 3, notStatus: 429 })).toThrow(
      /expected 3 request\(s\), got 2; expected none answered 429, got 1\n {2}#1 .* → 201\n {2}#2 .* → 429/,
    );
    expect(() => journal.verify(filter, { min: 1, max: 1 })).toThrow(/at most 1 request\(s\), got 2/);
  });
});
