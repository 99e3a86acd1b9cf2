// The Zapier app definition (the package's public API: `export default` is what Zapier loads).
// Built by scripts/build.ts into dist/index.js, one ES module with @trackerkit/client and
// @trackerkit/core inside, so the zip `zapier push` uploads needs only zapier-platform-core.

import type { App, Create, Search, Trigger } from 'zapier-platform-core';
import { authentication } from './authentication.ts';
import { runTracker } from './creates/run-tracker.ts';
import { createTracker, deleteTracker, updateTracker } from './creates/trackers.ts';
import { uploadFile } from './creates/upload-file.ts';
import { uploadRows } from './creates/upload-rows.ts';
import { findRun, findTracker } from './searches/find.ts';
import { spaceList, trackerList } from './triggers/dropdowns.ts';
import { newAlert, newSignal, runFailed } from './triggers/runs.ts';
import { platformVersion, version } from './version.ts';

const byKey = <T extends { key: string }>(...items: T[]): Record<string, T> =>
  Object.fromEntries(items.map((item) => [item.key, item]));

export const app = {
  version,
  platformVersion,
  authentication,
  triggers: byKey<Trigger>(newSignal, runFailed, newAlert, spaceList, trackerList),
  creates: byKey<Create>(createTracker, updateTracker, deleteTracker, runTracker, uploadRows, uploadFile),
  searches: byKey<Search>(findTracker, findRun),
  searchOrCreates: {
    find_tracker: {
      key: 'find_tracker',
      display: { label: 'Find or Create Tracker', description: 'Finds a tracker by name, or creates it.' },
      search: 'find_tracker',
      create: 'create_tracker',
    },
  },
} satisfies App<Record<string, Trigger>, Record<string, Create>, Record<string, Search>>;

export default app;
