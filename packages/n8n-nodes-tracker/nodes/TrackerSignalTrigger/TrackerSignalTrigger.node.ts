import type {
  IDataObject,
  INodeExecutionData,
  INodeType,
  INodeTypeDescription,
  IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { type Run, SIGNALS } from '../shared/generated/core';
import { spaceLocator } from '../shared/locators';
import { list } from '../shared/mapping';
import { maxScoreFilter, minScoreFilter, optionsOf } from '../shared/properties';
import { getTrackers, searchSpaces } from '../shared/search';
import { getMany } from '../shared/transport';
import {
  type EndStatus,
  later,
  lookbackStart,
  newestEnd,
  nextWatermark,
  pollStep,
  type SpaceWatermark,
  startingPoint,
  type TrackerCursor,
} from './cursor';

interface StaticState {
  /** Written by the first build of this node, which baselined only on the first poll; read by nothing now. */
  initialized?: boolean;
  /** Per tracker, for completed runs: the key every build has used, so saved cursors carry over. */
  cursors?: Record<string, TrackerCursor>;
  /** Per tracker, for failed runs (Events › Failed Runs). */
  failedCursors?: Record<string, TrackerCursor>;
  /** With every tracker of the space watched: per end state, the space's watermark (cursor.ts). */
  watermarks?: Partial<Record<EndStatus, SpaceWatermark>>;
}

const CURSOR_KEY = { completed: 'cursors', failed: 'failedCursors' } as const satisfies Record<
  EndStatus,
  keyof StaticState
>;

// The polling trigger under its first type name: hidden from the node picker, kept so that saved
// workflows run. New workflows get the same node as `trackerTrigger` version 2, which n8n's picker shows
// under the Tracker app (see TrackerTrigger.node.ts).
export class TrackerSignalTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Tracker Signal Trigger',
    name: 'trackerSignalTrigger',
    icon: { light: 'file:../Tracker/tracker.svg', dark: 'file:../Tracker/tracker.dark.svg' },
    group: ['trigger'],
    version: 1,
    hidden: true,
    description:
      'Starts the workflow for each newly completed (or failed) run of your trackers (polling; no public URL needed)',
    subtitle: 'Each new signal',
    defaults: { name: 'Tracker Signal Trigger' },
    polling: true,
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'trackerApi', required: true }],
    properties: [
      spaceLocator(),
      {
        displayName: 'Tracker Names or IDs',
        name: 'trackerIds',
        type: 'multiOptions',
        typeOptions: { loadOptionsMethod: 'getTrackers', loadOptionsDependsOn: ['spaceId.value'] },
        default: [],
        placeholder: 'All trackers of the space',
        hint: 'Leave empty to watch every tracker of the space, including trackers created later',
        description:
          'Trackers to watch; none selected watches every tracker of the space, including trackers created later. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
      },
      {
        displayName: 'Events',
        name: 'events',
        type: 'multiOptions',
        // Completed runs only by default: what workflows saved before this option keep doing.
        options: [
          {
            name: 'Completed Runs',
            value: 'completed',
            description: 'A run finished with a score and signal',
          },
          {
            name: 'Failed Runs',
            value: 'failed',
            description: 'A run ended without a result; the item carries its error_message',
          },
        ],
        default: ['completed'],
        description:
          'Which ended runs start the workflow. Choosing Failed Runs later does not replay runs that failed before.',
      },
      {
        displayName: 'Filters',
        name: 'filters',
        type: 'collection',
        placeholder: 'Add Filter',
        default: {},
        options: [
          maxScoreFilter,
          minScoreFilter,
          {
            displayName: 'Signals',
            name: 'signals',
            type: 'multiOptions',
            options: optionsOf(SIGNALS),
            default: [],
            description:
              'Only completed runs with one of these signals; none selected means all. Failed runs have no signal and are not filtered.',
          },
        ],
      },
    ],
  };

  methods = { listSearch: { searchSpaces }, loadOptions: { getTrackers } };

  async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
    const spaceId = this.getNodeParameter('spaceId', '', { extractValue: true }) as string;
    if (!spaceId) throw new NodeOperationError(this.getNode(), 'Space is required');
    const events = list(this.getNodeParameter('events', ['completed'])).filter(
      (event): event is EndStatus => event === 'completed' || event === 'failed',
    );
    if (events.length === 0)
      throw new NodeOperationError(this.getNode(), 'Events: choose Completed Runs, Failed Runs or both');
    const filters = this.getNodeParameter('filters', {}) as IDataObject;
    const signals = list(filters.signals);
    const minScore = filters.minScore === undefined ? undefined : Number(filters.minScore);
    const maxScore = filters.maxScore === undefined ? undefined : Number(filters.maxScore);
    const wanted = (run: Run) =>
      run.result !== null &&
      (signals.length === 0 || signals.includes(run.result.signal)) &&
      (minScore === undefined || run.result.score >= minScore) &&
      (maxScore === undefined || run.result.score <= maxScore);

    let trackerIds = list(this.getNodeParameter('trackerIds', []));
    const everyTracker = trackerIds.length === 0;
    if (everyTracker) {
      const trackers = await getMany(this, '/api/trackers', { qs: { space_id: spaceId } }, true, 0);
      trackerIds = trackers.map((tracker) => tracker.tracker_id);
    }

    const manual = this.getMode() === 'manual';
    const state = this.getWorkflowStaticData('node') as StaticState;
    // Only the trackers and events watched now keep a cursor: one dropped and added again later is new
    // again, and so are failed runs watched again after a pause.
    const next: Partial<Record<EndStatus, Record<string, TrackerCursor>>> = {};
    const watermarks: Partial<Record<EndStatus, SpaceWatermark>> = {};
    const emitted: Run[] = [];
    for (const status of events) {
      const watermark = everyTracker ? state.watermarks?.[status] : undefined;
      const since = watermark?.spaceId === spaceId ? watermark.settled : undefined;
      let seen: string | null = null;
      for (const trackerId of trackerIds) {
        const cursor = state[CURSOR_KEY[status]]?.[trackerId];
        const from = startingPoint(cursor, since);
        const start = from ? lookbackStart(from) : undefined;
        const runs = await getMany(
          this,
          '/api/trackers/{tracker_id}/runs',
          { params: { tracker_id: trackerId }, qs: { status, ...(start ? { start_date: start } : {}) } },
          true,
          0,
        );
        // The signal and score filters judge results; a failed run has none.
        const step = pollStep(runs, cursor, manual, {
          status,
          wanted: status === 'completed' ? wanted : undefined,
          since,
        });
        if (step.cursor) next[status] = { ...next[status], [trackerId]: step.cursor };
        emitted.push(...step.fresh);
        seen = later(seen, newestEnd(runs, status));
      }
      if (everyTracker) watermarks[status] = nextWatermark(watermark, spaceId, seen);
    }

    // A manual test leaves the cursors alone. The legacy one-flag `initialized` goes with the first save.
    // n8n saves these with a poll that starts the workflow, and at activation (cursor.ts says why a
    // poll that moved them without being saved loses nothing).
    if (!manual) {
      for (const status of ['completed', 'failed'] as const) {
        if (events.includes(status)) state[CURSOR_KEY[status]] = next[status] ?? {};
        else delete state[CURSOR_KEY[status]];
      }
      if (everyTracker) state.watermarks = watermarks;
      else delete state.watermarks;
      delete state.initialized;
    }
    if (emitted.length === 0) return null;
    return [this.helpers.returnJsonArray(emitted as unknown as IDataObject[])];
  }
}
