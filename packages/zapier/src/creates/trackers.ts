// Create, update and delete a tracker. The flat fields are nested by body.ts; the client checks the
// body against the document (and the v0.3 notification rules) before anything is sent.
import type { Bundle, Create, ZObject } from 'zapier-platform-core';
import { trackerCreateBody, trackerUpdateBody } from '../body.ts';
import { spaceField, spaceFilterField, trackerField, trackerSettingsFields } from '../fields.ts';
import { trackerOutputFields, trackerSample, withTrackerId } from '../samples.ts';
import { withClient } from '../tracker-client.ts';

export const createTracker = {
  key: 'create_tracker',
  noun: 'Tracker',
  display: { label: 'Create Tracker', description: 'Creates a tracker in a space.' },
  operation: {
    inputFields: [spaceField, ...trackerSettingsFields(true)],
    perform: (z: ZObject, bundle: Bundle) =>
      withClient(z, bundle, async (client) =>
        withTrackerId(
          await client.trackers.create(
            bundle.inputData.space_id as string,
            trackerCreateBody(bundle.inputData),
          ),
        ),
      ),
    sample: trackerSample,
    outputFields: trackerOutputFields,
  },
} satisfies Create;

export const updateTracker = {
  key: 'update_tracker',
  noun: 'Tracker',
  display: {
    label: 'Update Tracker',
    description: "Changes a tracker's settings; fields left empty stay as they are.",
  },
  operation: {
    inputFields: [spaceFilterField, trackerField, ...trackerSettingsFields(false)],
    perform: (z: ZObject, bundle: Bundle) =>
      withClient(z, bundle, async (client) =>
        // Checked as given; a changed agent or alert setting is sent with the stored ones it leaves
        // out (the client's updateComplete, the core's rule), so they are not lost.
        withTrackerId(
          await client.trackers.updateComplete(
            bundle.inputData.tracker_id as string,
            trackerUpdateBody(bundle.inputData),
          ),
        ),
      ),
    sample: trackerSample,
    outputFields: trackerOutputFields,
  },
} satisfies Create;

export const deleteTracker = {
  key: 'delete_tracker',
  noun: 'Tracker',
  display: { label: 'Delete Tracker', description: 'Deletes a tracker with its runs and vault.' },
  operation: {
    inputFields: [spaceFilterField, trackerField],
    perform: (z: ZObject, bundle: Bundle) =>
      withClient(z, bundle, async (client) => {
        const trackerId = bundle.inputData.tracker_id as string;
        const answer = await client.trackers.delete(trackerId);
        return { id: trackerId, success: answer.success, message: answer.message };
      }),
    sample: { id: trackerSample.id, success: true, message: 'Deleted' },
    outputFields: [
      { key: 'id', label: 'Tracker ID' },
      { key: 'success', label: 'Deleted', type: 'boolean' as const },
      { key: 'message', label: 'Message' },
    ],
  },
} satisfies Create;
