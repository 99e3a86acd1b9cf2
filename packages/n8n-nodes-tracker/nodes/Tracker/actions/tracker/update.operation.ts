import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { checkTrackerUpdate } from '../../../shared/checks';
import {
  completeTrackerUpdate,
  LIMITS,
  RUN_MODES,
  type TrackerUpdate,
  updateNeedsStored,
} from '../../../shared/generated/core';
import { show, trackerLocator } from '../../../shared/locators';
import { buildTrackerUpdate, type TrackerUpdateParams } from '../../../shared/mapping';
import { idParameter, mapParams, throwIfProblems } from '../../../shared/node-errors';
import { optionsOf } from '../../../shared/properties';
import { trackerRequest } from '../../../shared/transport';
import {
  inVersion,
  linkedTrackersField,
  notificationCollection,
  readNotification,
  reasoningModeField,
  skillFieldsV2,
} from './fields';

const here = show('tracker', ['update']);

// Update Fields exists once per node version: only its skill fields differ (see inVersion).
const skillFields: Record<1 | 2, INodeProperties[]> = {
  1: [
    {
      displayName: 'Skills',
      name: 'skills',
      type: 'string',
      default: '',
      placeholder: 'e.g. web_research, stock_research',
      description: 'Comma-separated skill IDs; replaces the list',
    },
  ],
  // In a collection n8n lists the options by name: Custom Skill IDs, then Skills.
  2: skillFieldsV2({
    skills:
      'Replaces the list, with any Custom Skill IDs; none (and no custom skill) leaves the analyst only the vault and linked trackers',
    custom:
      "Comma-separated skill IDs not in the Skills list (the service's catalogue is not published); with Skills, the list that replaces the stored one",
  }).reverse(),
};

// The fields of Update Fields in both versions.
const commonFields: INodeProperties[] = [
  {
    displayName: 'Clear Schedule',
    name: 'clearSchedule',
    type: 'boolean',
    default: false,
    description: 'Whether to remove the schedule (sends schedule: null)',
  },
  {
    displayName: 'Clear Vault TTL',
    name: 'clearVaultTtl',
    type: 'boolean',
    default: false,
    description: 'Whether to keep vault data forever (sends vault_ttl_days: null)',
  },
  {
    displayName: 'Description',
    name: 'description',
    type: 'string',
    default: '',
    description: `1-${LIMITS.trackerDescriptionMax} characters`,
  },
  {
    displayName: 'Instruction',
    name: 'instruction',
    type: 'string',
    typeOptions: { rows: 4 },
    default: '',
    description: `How to analyze (1-${LIMITS.instructionMax} characters)`,
  },
  linkedTrackersField('trackerId'),
  {
    displayName: 'Name',
    name: 'name',
    type: 'string',
    default: '',
    description: `1-${LIMITS.trackerNameMax} characters`,
  },
  reasoningModeField,
  {
    displayName: 'Run Mode',
    name: 'runMode',
    type: 'options',
    options: optionsOf(RUN_MODES),
    default: 'manual',
    description: 'Switching to scheduled needs a schedule, sent now or already stored',
  },
  {
    displayName: 'Schedule End Time',
    name: 'scheduleEndTime',
    type: 'dateTime',
    default: '',
    description: 'With a new schedule: no run after this instant',
  },
  {
    displayName: 'Schedule Interval (Minutes)',
    name: 'scheduleIntervalMinutes',
    type: 'number',
    typeOptions: { minValue: LIMITS.intervalMinutesMin, maxValue: LIMITS.intervalMinutesMax },
    default: 1440,
    description: 'With Schedule Start Time: replaces the schedule',
  },
  {
    displayName: 'Schedule Start Time',
    name: 'scheduleStartTime',
    type: 'dateTime',
    default: '',
    description: 'With Schedule Interval: replaces the schedule (UTC)',
  },
  { displayName: 'Score Meaning', name: 'scoreMeaning', type: 'string', default: '' },
  {
    displayName: 'Vault TTL (Days)',
    name: 'vaultTtlDays',
    type: 'number',
    typeOptions: { minValue: LIMITS.vaultTtlDaysMin, maxValue: LIMITS.vaultTtlDaysMax },
    default: 30,
  },
];

/** Sorted by name, as n8n's lint wants a collection's options. */
const updateFields = (version: 1 | 2): INodeProperties[] =>
  [...commonFields, ...skillFields[version]].sort((a, b) => a.displayName.localeCompare(b.displayName));

const updateFieldsCollection = (version: 1 | 2): INodeProperties => ({
  displayName: 'Update Fields',
  name: 'updateFields',
  type: 'collection',
  placeholder: 'Add Field',
  default: {},
  description: 'Only the fields set here change',
  displayOptions: inVersion(here, version),
  options: updateFields(version),
});

export const description: INodeProperties[] = [
  trackerLocator(here),
  updateFieldsCollection(1),
  updateFieldsCollection(2),
  ...notificationCollection('tracker', 'update'),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const fields = this.getNodeParameter('updateFields', i, {}) as TrackerUpdateParams;
  const body = mapParams(this, i, () =>
    buildTrackerUpdate({
      ...fields,
      notification: readNotification(
        this.getNodeParameter('notification', i, {}),
        this.getNodeParameter('legacyThreshold', i, {}),
      ),
    }),
  );
  // Checked as sent first: a bad field is reported before any request.
  throwIfProblems(this.getNode(), i, checkTrackerUpdate(body));
  // The spec does not say how the service merges nested objects: each one the change touches is sent
  // complete (the stored one with the change over it, the core's rule), so adding an upper bound never
  // drops the webhook or the lower bound. The completed body is checked again: the stored values may
  // now conflict with the change (an upper bound below the stored lower one).
  let complete: Record<string, unknown> = body;
  if (updateNeedsStored(body)) {
    const stored = await trackerRequest(this, 'GET', '/api/trackers/{tracker_id}', {
      params: { tracker_id: trackerId },
      itemIndex: i,
    });
    complete = completeTrackerUpdate(stored, body);
    throwIfProblems(this.getNode(), i, checkTrackerUpdate(complete));
  }
  const tracker = await trackerRequest(this, 'PATCH', '/api/trackers/{tracker_id}', {
    params: { tracker_id: trackerId },
    body: complete as TrackerUpdate,
    itemIndex: i,
  });
  return [{ json: tracker, pairedItem: { item: i } }];
}
