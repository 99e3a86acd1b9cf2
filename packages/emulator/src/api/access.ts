import type { App } from '../app.ts';
import { notFound, Refusal } from '../errors/errors.ts';
import type { AccountRecord, SpaceRecord, TrackerRecord } from '../store/records.ts';

// Another account's ids answer exactly like unknown ids (no existence leak).

export function ownSpace(app: App, account: AccountRecord, spaceId: string): SpaceRecord {
  const space = app.store.spaces.get(spaceId);
  if (!space || space.account_id !== account.id) throw notFound('Space');
  return space;
}

export function requireActive(space: SpaceRecord): void {
  if (!space.is_active) throw new Refusal('forbidden', 'Space is not active');
}

/** The caller's tracker, in an active space. */
export function ownTracker(app: App, account: AccountRecord, trackerId: string): TrackerRecord {
  const tracker = app.store.trackers.get(trackerId);
  if (!tracker || tracker.account_id !== account.id) throw notFound('Tracker');
  const space = app.store.spaces.get(tracker.space_id);
  if (space) requireActive(space);
  return tracker;
}
