import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { checkTrackerCreate } from '../../../shared/checks';
import { LIMITS, RUN_MODES } from '../../../shared/generated/core';
import { show, spaceLocator } from '../../../shared/locators';
import { buildTrackerCreate, skillsOf } from '../../../shared/mapping';
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

const here = show('tracker', ['create']);
const scheduled = { show: { resource: ['tracker'], operation: ['create'], runMode: ['scheduled'] } };

export const description: INodeProperties[] = [
  spaceLocator(here),
  {
    displayName: 'Name',
    name: 'name',
    type: 'string',
    required: true,
    default: '',
    description: `1-${LIMITS.trackerNameMax} characters`,
    displayOptions: here,
  },
  {
    displayName: 'Description',
    name: 'description',
    type: 'string',
    required: true,
    default: '',
    typeOptions: { rows: 2 },
    description: `What the tracker watches, 1-${LIMITS.trackerDescriptionMax} characters`,
    displayOptions: here,
  },
  {
    displayName: 'Instruction',
    name: 'instruction',
    type: 'string',
    required: true,
    default: '',
    typeOptions: { rows: 4 },
    description: `How to analyze: methodology, data sources, criteria (1-${LIMITS.instructionMax} characters, no score definitions)`,
    displayOptions: here,
  },
  {
    displayName: 'Score Meaning',
    name: 'scoreMeaning',
    type: 'string',
    required: true,
    default: '',
    placeholder: 'e.g. 10 means no supply risk; 0 means imminent disruption',
    description: 'What the 0-10 score represents',
    displayOptions: here,
  },
  {
    displayName: 'Skills',
    name: 'skills',
    type: 'string',
    default: '',
    placeholder: 'e.g. web_research, stock_research',
    description:
      'Comma-separated skill IDs; empty makes a general analyst using only the vault and linked trackers',
    displayOptions: inVersion(here, 1),
  },
  ...skillFieldsV2({
    skills:
      'Skills the analyst uses; none (and no custom skill) makes a general analyst using only the vault and linked trackers',
    custom:
      "Comma-separated skill IDs not in the Skills list (the service's catalogue is not published), added to the chosen skills",
  }).map((field) => ({ ...field, displayOptions: inVersion(here, 2) })),
  {
    displayName: 'Run Mode',
    name: 'runMode',
    type: 'options',
    options: optionsOf(RUN_MODES),
    default: 'manual',
    displayOptions: here,
  },
  {
    displayName: 'Schedule Start Time',
    name: 'scheduleStartTime',
    type: 'dateTime',
    required: true,
    default: '',
    description: 'First run, UTC',
    displayOptions: scheduled,
  },
  {
    displayName: 'Schedule Interval (Minutes)',
    name: 'scheduleIntervalMinutes',
    type: 'number',
    required: true,
    typeOptions: { minValue: LIMITS.intervalMinutesMin, maxValue: LIMITS.intervalMinutesMax },
    default: 1440,
    displayOptions: scheduled,
  },
  {
    displayName: 'Schedule End Time',
    name: 'scheduleEndTime',
    type: 'dateTime',
    default: '',
    description: 'No run after this instant; empty runs forever',
    displayOptions: scheduled,
  },
  {
    displayName: 'Additional Fields',
    name: 'additionalFields',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    displayOptions: here,
    options: [
      linkedTrackersField('spaceId'),
      reasoningModeField,
      {
        displayName: 'Vault TTL (Days)',
        name: 'vaultTtlDays',
        type: 'number',
        typeOptions: { minValue: LIMITS.vaultTtlDaysMin, maxValue: LIMITS.vaultTtlDaysMax },
        default: 30,
        description: 'Days vault data is kept; omit to keep it forever',
      },
    ],
  },
  ...notificationCollection('tracker', 'create'),
];

/** Version 1: one comma-separated text. Version 2: the chosen skills, then the custom ids, each once. */
function skillsParameter(ctx: IExecuteFunctions, i: number): string[] {
  const chosen = ctx.getNodeParameter('skills', i, '');
  if (ctx.getNode().typeVersion < 2) return skillsOf(chosen);
  return skillsOf(chosen, ctx.getNodeParameter('customSkills', i, ''));
}

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const spaceId = idParameter(this, 'spaceId', i, 'Space');
  const runMode = this.getNodeParameter('runMode', i) as string;
  const additional = this.getNodeParameter('additionalFields', i, {}) as IDataObject;
  const body = mapParams(this, i, () =>
    buildTrackerCreate({
      name: this.getNodeParameter('name', i) as string,
      description: this.getNodeParameter('description', i) as string,
      instruction: this.getNodeParameter('instruction', i) as string,
      scoreMeaning: this.getNodeParameter('scoreMeaning', i) as string,
      skills: skillsParameter(this, i),
      runMode,
      schedule:
        runMode === 'scheduled'
          ? {
              startTime: this.getNodeParameter('scheduleStartTime', i, '') as string,
              intervalMinutes: this.getNodeParameter('scheduleIntervalMinutes', i) as number,
              endTime: this.getNodeParameter('scheduleEndTime', i, '') as string,
            }
          : undefined,
      reasoningMode: additional.reasoningMode as string | undefined,
      linkedTrackers: additional.linkedTrackers as string[] | undefined,
      vaultTtlDays: additional.vaultTtlDays as number | undefined,
      notification: readNotification(
        this.getNodeParameter('notification', i, {}),
        this.getNodeParameter('legacyThreshold', i, {}),
      ),
    }),
  );
  throwIfProblems(this.getNode(), i, checkTrackerCreate(body));
  const tracker = await trackerRequest(this, 'POST', '/api/spaces/{space_id}/trackers', {
    params: { space_id: spaceId },
    body,
    itemIndex: i,
  });
  return [{ json: tracker, pairedItem: { item: i } }];
}
