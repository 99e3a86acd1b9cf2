import type { ItemRecord, TrackerRecord } from '../store/records.ts';
import type { Store } from '../store/store.ts';

const DAY = 86_400_000;

/** When an item expires under its tracker's vault_ttl_days, or null when it never does. */
function expiresAt(item: ItemRecord, tracker: TrackerRecord): number | null {
  return tracker.vault_ttl_days === null ? null : item.created_at + tracker.vault_ttl_days * DAY;
}

/** The tracker's items that have not expired at `now`. */
export function liveItems(store: Store, tracker: TrackerRecord, now: number): ItemRecord[] {
  return store.items.by('tracker_id', tracker.id).filter((item) => {
    const at = expiresAt(item, tracker);
    return at === null || at > now;
  });
}

/** The earliest pending expiry across all trackers, or null. */
export function nextExpiry(store: Store): number | null {
  let earliest: number | null = null;
  for (const tracker of store.trackers.all()) {
    if (tracker.vault_ttl_days === null) continue;
    for (const item of store.items.by('tracker_id', tracker.id)) {
      const at = expiresAt(item, tracker) as number;
      if (earliest === null || at < earliest) earliest = at;
    }
  }
  return earliest;
}

/** Deletes every item expired at `now`; sources left empty go with them. */
export function expireItems(store: Store, now: number): void {
  store.transaction(() => {
    for (const tracker of store.trackers.all()) {
      if (tracker.vault_ttl_days === null) continue;
      const touched = new Set<string>();
      for (const item of store.items.by('tracker_id', tracker.id)) {
        if ((expiresAt(item, tracker) as number) <= now) {
          store.items.delete(item.id);
          touched.add(item.source_id);
        }
      }
      for (const sourceId of touched) {
        if (store.items.by('source_id', sourceId).length === 0) store.sources.delete(sourceId);
      }
    }
  });
}
