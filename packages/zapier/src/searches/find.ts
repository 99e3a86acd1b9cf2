// Find Tracker (by name in a space) and Find Run (by id). A search returns a list; nothing found
// is an empty list, which Zapier shows as "no result" (and search-or-create then creates).
import type { Tracker } from '@trackerkit/client';
import type { Bundle, Search, ZObject } from 'zapier-platform-core';
import { spaceField, spaceFilterField, trackerField } from '../fields.ts';
import {
  runOutputFields,
  runSample,
  trackerOutputFields,
  trackerSample,
  withRunId,
  withTrackerId,
} from '../samples.ts';
import { orNothing, withClient } from '../tracker-client.ts';

export const findTracker = {
  key: 'find_tracker',
  noun: 'Tracker',
  display: { label: 'Find Tracker', description: 'Finds a tracker of a space by its name.' },
  operation: {
    inputFields: [
      spaceField,
      { key: 'name', label: 'Name', required: true, helpText: 'The exact name (case does not matter).' },
    ],
    perform: (z: ZObject, bundle: Bundle) =>
      withClient(z, bundle, async (client) => {
        const wanted = String(bundle.inputData.name).trim().toLowerCase();
        const found: Tracker[] = [];
        for await (const tracker of client.trackers.listAll({
          space_id: bundle.inputData.space_id as string,
        }))
          if (tracker.name.trim().toLowerCase() === wanted) found.push(tracker);
        return found.map(withTrackerId);
      }),
    sample: trackerSample,
    outputFields: trackerOutputFields,
  },
} satisfies Search;

export const findRun = {
  key: 'find_run',
  noun: 'Run',
  display: { label: 'Find Run', description: 'Finds a run of a tracker by its id.' },
  operation: {
    inputFields: [spaceFilterField, trackerField, { key: 'run_id', label: 'Run ID', required: true }],
    perform: (z: ZObject, bundle: Bundle) =>
      withClient(z, bundle, async (client) => {
        const runs = await orNothing(() =>
          client.runs.get(bundle.inputData.tracker_id as string, bundle.inputData.run_id as string),
        );
        return runs.map(withRunId);
      }),
    sample: runSample,
    outputFields: runOutputFields,
  },
} satisfies Search;
