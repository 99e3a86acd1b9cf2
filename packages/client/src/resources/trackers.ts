import type {
  DeleteEnvelope,
  PageQuery,
  Tracker,
  TrackerCreate,
  TrackerList,
  TrackerUpdate,
} from '@trackerkit/core';
import { completeTrackerUpdate, paginate, updateNeedsStored } from '@trackerkit/core';
import { type CallOptions, call } from '../http/typed.ts';
import { validateQuery, validateTrackerCreate, validateTrackerUpdate } from '../validate/requests.ts';
import type { ClientContext } from './context.ts';

export type ListTrackersQuery = PageQuery & { space_id: string };

export interface TrackersApi {
  create(spaceId: string, body: TrackerCreate, options?: CallOptions): Promise<Tracker>;
  list(query: ListTrackersQuery, options?: CallOptions): Promise<TrackerList>;
  listAll(query: ListTrackersQuery, options?: CallOptions): AsyncGenerator<Tracker, void, undefined>;
  get(trackerId: string, options?: CallOptions): Promise<Tracker>;
  update(trackerId: string, body: TrackerUpdate, options?: CallOptions): Promise<Tracker>;
  /**
   * `update`, with each nested object the change touches sent complete (the core's
   * `completeTrackerUpdate`: the stored object with the change over it), so no field left out is
   * lost whatever the service's merge rule. The body is checked as given before anything is sent;
   * the stored tracker is read only when a nested object changes, and the completed body is checked
   * again (the stored values may conflict with the change).
   */
  updateComplete(trackerId: string, body: TrackerUpdate, options?: CallOptions): Promise<Tracker>;
  delete(trackerId: string, options?: CallOptions): Promise<DeleteEnvelope>;
}

export function createTrackersApi({ transport }: ClientContext): TrackersApi {
  const list: TrackersApi['list'] = async (query, options) => {
    validateQuery('listTrackers', query ?? {});
    return call(
      transport,
      'GET',
      '/api/trackers',
      {
        query,
      },
      options,
    );
  };
  const api: TrackersApi = {
    async create(spaceId, body, options) {
      validateTrackerCreate(body);
      return call(
        transport,
        'POST',
        '/api/spaces/{space_id}/trackers',
        {
          params: { space_id: spaceId },
          body,
        },
        options,
      );
    },
    list,
    listAll: (query, options) => paginate(query, (q) => list(q, options)),
    get: (trackerId, options) =>
      call(
        transport,
        'GET',
        '/api/trackers/{tracker_id}',
        {
          params: { tracker_id: trackerId },
        },
        options,
      ),
    async update(trackerId, body, options) {
      validateTrackerUpdate(body);
      return call(
        transport,
        'PATCH',
        '/api/trackers/{tracker_id}',
        {
          params: { tracker_id: trackerId },
          body,
        },
        options,
      );
    },
    async updateComplete(trackerId, body, options) {
      validateTrackerUpdate(body);
      const fields = body as Record<string, unknown>;
      if (!updateNeedsStored(fields)) return api.update(trackerId, body, options);
      const stored = await api.get(trackerId, options);
      return api.update(trackerId, completeTrackerUpdate(stored, fields) as TrackerUpdate, options);
    },
    delete: (trackerId, options) =>
      call(
        transport,
        'DELETE',
        '/api/trackers/{tracker_id}',
        {
          params: { tracker_id: trackerId },
        },
        options,
      ),
  };
  return api;
}
