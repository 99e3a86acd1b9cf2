import type { Store } from '../store/store.ts';

/** Removes a source with its data items. */
export function deleteSourceCascade(store: Store, sourceId: string): void {
  store.transaction(() => {
    for (const item of store.items.by('source_id', sourceId)) store.items.delete(item.id);
    store.sources.delete(sourceId);
  });
}

/**
 * Removes a tracker with its schedule, runs, results, vault and sources, and its id from the
 * `linked_trackers` of the trackers that linked it (linked trackers are same-space, so only that
 * space is looked at): a link to nothing would otherwise stay visible forever.
 */
export function deleteTrackerCascade(store: Store, trackerId: string): void {
  store.transaction(() => {
    const doomed = store.trackers.get(trackerId);
    for (const run of store.runs.by('tracker_id', trackerId)) store.runs.delete(run.id);
    for (const source of store.sources.by('tracker_id', trackerId)) deleteSourceCascade(store, source.id);
    store.trackers.delete(trackerId);
    if (!doomed) return;
    for (const other of store.trackers.by('space_id', doomed.space_id)) {
      const links = other.agent_config.linked_trackers;
      if (!links.includes(trackerId)) continue;
      store.trackers.put({
        ...other,
        agent_config: { ...other.agent_config, linked_trackers: links.filter((id) => id !== trackerId) },
      });
    }
  });
}

/** Removes a space and everything in it (console only). */
export function deleteSpaceCascade(store: Store, spaceId: string): void {
  store.transaction(() => {
    for (const tracker of store.trackers.by('space_id', spaceId)) deleteTrackerCascade(store, tracker.id);
    store.spaces.delete(spaceId);
  });
}
