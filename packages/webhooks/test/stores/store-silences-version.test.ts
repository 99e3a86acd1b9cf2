import { afterAll, describe, expect, it } from 'vitest';
import { ingestItem } from '../helpers/alerts.ts';
import { dropSchemas, STORES } from '../helpers/stores.ts';

afterAll(dropSchemas);

// An alert judged with the silences at `silencesVersion` is stored only if that is still the
// store's version; else nothing is written and the caller judges it again. Alone and beside other
// alerts of the same turn (PostgreSQL sends a turn as one statement), on both stores.
const silence = {
  matchers: [{ name: 'tracker_name', value: 'x', isRegex: false, isEqual: true }],
  startsAt: 0,
  endsAt: 9_999_999_999_999,
  createdBy: 'test',
  comment: 'moves the version',
};

describe.each(STORES)('ingest judged with a silences version (%s)', (_kind, open) => {
  it.each([
    ['the current version: stored', { moved: false, want: { stale: false, stored: 1 } }],
    ['a version since moved: stale, nothing stored', { moved: true, want: { stale: true, stored: 0 } }],
  ])('%s', async (_name, { moved, want }) => {
    const store = await open();
    const judged = await store.silences.version();
    if (moved) await store.silences.create(silence);
    const [result, neighbour] = await Promise.all([
      store.ingest(ingestItem('judged', { silencesVersion: judged })),
      store.ingest(ingestItem('neighbour')),
    ]);
    expect({ stale: result!.stale === true, stored: result!.pending.length }).toEqual(want);
    expect(result!.duplicate).toBe(false);
    // The alert stored nothing: sent again with the version as it is now, it is stored.
    if (moved) {
      const again = await store.ingest(
        ingestItem('judged', { silencesVersion: await store.silences.version() }),
      );
      expect(again).toMatchObject({ duplicate: false, deliveries: 1 });
    }
    expect(neighbour).toMatchObject({ duplicate: false, deliveries: 1 });
    await store.close();
  });
});
