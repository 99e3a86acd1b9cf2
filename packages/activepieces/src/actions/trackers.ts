// Tracker actions: create, update, delete, get, find by name. Bodies go through the client, which
// validates them against the document (and the core's cross-field rules) before sending.
import { createAction, Property } from '@activepieces/pieces-framework';
import type { TrackerCreate, TrackerUpdate } from '@trackerkit/client';
import { DEFAULT_SKILL_COSTS, REASONING_MODES, RUN_MODES } from '@trackerkit/core';
import { clientOf, trackerAuth } from '../auth.ts';
import { given, jsonObject } from '../inputs.ts';
import { spaceDropdown, trackerDropdown } from '../props.ts';

const choices = (values: readonly string[]) => ({
  options: values.map((value) => ({ label: value, value })),
});

const OTHER_FIELDS = Property.Json({
  displayName: 'Other fields (JSON)',
  description:
    'Any other field of the tracker as the API takes it, e.g. {"schedule": {"interval_minutes": 60}, "notification_config": {"webhook_enabled": true, "notify_below": true, "lower_threshold": 3}}',
  required: false,
});

// The known skills; another id can be sent in "Other fields" as agent_config.skills.
const SKILLS = Property.StaticMultiSelectDropdown({
  displayName: 'Skills',
  required: false,
  options: { options: Object.keys(DEFAULT_SKILL_COSTS).map((value) => ({ label: value, value })) },
});

export const createTracker = createAction({
  auth: trackerAuth,
  name: 'create_tracker',
  displayName: 'Create Tracker',
  description: 'Creates a tracker in a space',
  props: {
    space: spaceDropdown(),
    name: Property.ShortText({ displayName: 'Name', required: true }),
    description: Property.LongText({ displayName: 'Description', required: true }),
    instruction: Property.LongText({ displayName: 'Instruction', required: true }),
    score_meaning: Property.ShortText({ displayName: 'Score meaning', required: true }),
    skills: SKILLS,
    reasoning_mode: Property.StaticDropdown({
      displayName: 'Reasoning mode',
      required: false,
      options: choices(REASONING_MODES),
    }),
    run_mode: Property.StaticDropdown({
      displayName: 'Run mode',
      required: true,
      defaultValue: 'manual',
      options: choices(RUN_MODES),
    }),
    other: OTHER_FIELDS,
  },
  async run({ auth, propsValue: p }) {
    const other = jsonObject(p.other, 'other');
    const otherAgent = (other.agent_config ?? {}) as Record<string, unknown>;
    // The chosen known skills plus any typed into Other fields (a list the client checks as sent).
    const typed = otherAgent.skills;
    const chosen = p.skills ?? [];
    const body = {
      ...other,
      name: p.name,
      description: p.description,
      run_mode: p.run_mode,
      agent_config: {
        ...otherAgent,
        instruction: p.instruction,
        score_meaning: p.score_meaning,
        skills: typed === undefined ? chosen : Array.isArray(typed) ? [...chosen, ...typed] : typed,
        ...given({ reasoning_mode: p.reasoning_mode }),
      },
    } as TrackerCreate;
    return clientOf(auth).trackers.create(p.space as string, body);
  },
});

export const updateTracker = createAction({
  auth: trackerAuth,
  name: 'update_tracker',
  displayName: 'Update Tracker',
  description: 'Changes the fields given; the others keep their value',
  props: {
    space: spaceDropdown(),
    tracker: trackerDropdown(),
    name: Property.ShortText({ displayName: 'Name', required: false }),
    description: Property.LongText({ displayName: 'Description', required: false }),
    instruction: Property.LongText({ displayName: 'Instruction', required: false }),
    score_meaning: Property.ShortText({ displayName: 'Score meaning', required: false }),
    reasoning_mode: Property.StaticDropdown({
      displayName: 'Reasoning mode',
      required: false,
      options: choices(REASONING_MODES),
    }),
    run_mode: Property.StaticDropdown({
      displayName: 'Run mode',
      required: false,
      options: choices(RUN_MODES),
    }),
    other: OTHER_FIELDS,
  },
  async run({ auth, propsValue: p }) {
    const client = clientOf(auth);
    const trackerId = p.tracker as string;
    const agent = given({
      instruction: p.instruction,
      score_meaning: p.score_meaning,
      reasoning_mode: p.reasoning_mode,
    });
    const other = jsonObject(p.other, 'other');
    const body: Record<string, unknown> = {
      ...other,
      ...given({ name: p.name, description: p.description, run_mode: p.run_mode }),
      ...(Object.keys(agent).length > 0
        ? { agent_config: { ...(other.agent_config as object | undefined), ...agent } }
        : {}),
    };
    // Checked as given, then each nested object it changes sent complete (the client, the core's rule).
    return client.trackers.updateComplete(trackerId, body as TrackerUpdate);
  },
});

export const deleteTracker = createAction({
  auth: trackerAuth,
  name: 'delete_tracker',
  displayName: 'Delete Tracker',
  description: 'Deletes a tracker with its runs and vault',
  props: { space: spaceDropdown(), tracker: trackerDropdown() },
  async run({ auth, propsValue: p }) {
    return clientOf(auth).trackers.delete(p.tracker as string);
  },
});

export const getTracker = createAction({
  auth: trackerAuth,
  name: 'get_tracker',
  displayName: 'Get Tracker',
  description: 'Reads one tracker',
  props: { space: spaceDropdown(), tracker: trackerDropdown() },
  async run({ auth, propsValue: p }) {
    return clientOf(auth).trackers.get(p.tracker as string);
  },
});

export const findTracker = createAction({
  auth: trackerAuth,
  name: 'find_tracker',
  displayName: 'Find Tracker',
  description: 'Finds the trackers of a space whose name matches (case-insensitive)',
  props: {
    space: spaceDropdown(),
    name: Property.ShortText({ displayName: 'Name', required: true }),
    exact: Property.Checkbox({
      displayName: 'Exact match',
      description: 'Off: the name only has to contain the text',
      required: false,
      defaultValue: false,
    }),
  },
  async run({ auth, propsValue: p }) {
    const wanted = p.name.toLowerCase();
    const found = [];
    for await (const tracker of clientOf(auth).trackers.listAll({ space_id: p.space as string })) {
      const name = tracker.name.toLowerCase();
      if (p.exact ? name === wanted : name.includes(wanted)) found.push(tracker);
    }
    return { found: found.length > 0, trackers: found };
  },
});
