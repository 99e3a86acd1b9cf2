// The part of @trackerkit/client's API the tools use, picked from the client's own types so the two
// cannot drift. Still structural: a test or a benchmark can hand in any object with these methods.
import type { TrackerClient } from '@trackerkit/client';

export interface TrackerClientLike {
  spaces: Pick<TrackerClient['spaces'], 'list' | 'get'>;
  trackers: Pick<
    TrackerClient['trackers'],
    'list' | 'get' | 'create' | 'update' | 'updateComplete' | 'delete'
  >;
  runs: Pick<TrackerClient['runs'], 'trigger' | 'list' | 'get' | 'delete' | 'wait'>;
  vault: Pick<
    TrackerClient['vault'],
    'recent' | 'uploadRows' | 'uploadFile' | 'listSources' | 'getSource' | 'updateSource' | 'deleteSource'
  >;
  /** The client with every call ended by a tool call's signal (absent on a hand-made stand-in). */
  withSignal?(signal: AbortSignal): TrackerClientLike;
}
