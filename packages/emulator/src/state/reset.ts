import type { App } from '../app.ts';
import { saveClock } from '../clock.ts';
import { plantSeed, type Seeded } from '../domain/seed.ts';
import { COLLECTION_INDEXES, type CollectionName } from '../store/store.ts';

/**
 * Back to the bootstrap state: every account, token, space, tracker, run and vault item goes; the
 * seeded account, token and space come back with the **same ids** (so a test's token keeps
 * working), without a webhook; fault rules, the inbox, the request journal and rate-limit windows
 * are emptied. A manual clock goes back to the instant it started at (nothing dated later is left);
 * a real one follows the system clock. Runs still executing finish into nothing (their records are gone).
 */
export function resetState(app: App, seeded: Seeded): Seeded {
  const { store } = app;
  store.transaction(() => {
    for (const name of Object.keys(COLLECTION_INDEXES) as CollectionName[]) {
      if (name === 'meta') continue;
      const collection = store[name] as { all(): { id: string }[]; delete(id: string): boolean };
      for (const record of collection.all()) collection.delete(record.id);
    }
    store.meta.delete('seed');
    app.clock.rewind();
    if (app.clock.mode === 'manual') saveClock(store, app.clock);
    plantSeed(app, seeded);
  });
  app.faults.clear();
  app.inbox.clear();
  app.journal.clear();
  app.limiter.clear();
  return seeded;
}
