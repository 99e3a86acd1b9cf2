// Parameters shared by Tracker › Create and Tracker › Update.
import type { IDataObject, IDisplayOptions, INodeProperties } from 'n8n-workflow';
import {
  DEFAULT_REASONING_MODE,
  DEFAULT_SIGNAL_LEVEL,
  LIMITS,
  REASONING_MODES,
  SIGNAL_LEVELS,
} from '../../../shared/generated/core';
import type { NotificationParams } from '../../../shared/mapping';
import { knownSkillOptions, optionsOf, scoreRange } from '../../../shared/properties';

/**
 * Skills changed form in version 2 of the node (Create's and Update's alike): version 1, the version
 * workflows saved before were given, keeps its comma-separated text field.
 */
export const inVersion = (here: IDisplayOptions, version: 1 | 2): IDisplayOptions => ({
  show: { ...here.show, '@version': version === 1 ? [1] : [{ _cnd: { gte: 2 } }] },
});

export const reasoningModeField: INodeProperties = {
  displayName: 'Reasoning Mode',
  name: 'reasoningMode',
  type: 'options',
  options: optionsOf(REASONING_MODES),
  default: DEFAULT_REASONING_MODE,
  description: 'Depth of analysis; scales the cost of a run. Zen runs are always asynchronous.',
};

/**
 * The list offers the trackers v0.3 accepts: those of the same space. Create has a Space parameter;
 * Update has the tracker, whose space the list is loaded from (it leaves the tracker itself out).
 */
export function linkedTrackersField(dependsOn: 'spaceId' | 'trackerId'): INodeProperties {
  return {
    displayName: 'Linked Tracker Names or IDs',
    name: 'linkedTrackers',
    type: 'multiOptions',
    typeOptions: { loadOptionsMethod: 'getTrackers', loadOptionsDependsOn: [`${dependsOn}.value`] },
    default: [],
    description: `Your own trackers in the same space used as context (at most ${LIMITS.linkedTrackersMax}). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
  };
}

const notificationFields: INodeProperties[] = [
  {
    displayName: 'Signal Level',
    name: 'signalLevel',
    type: 'options',
    options: optionsOf(SIGNAL_LEVELS),
    default: DEFAULT_SIGNAL_LEVEL,
    description: 'Base-release alert condition: alert at or below this signal',
  },
  {
    displayName: 'E-Mail Enabled',
    name: 'emailEnabled',
    type: 'boolean',
    default: false,
    description: "Whether to send alerts to the account's e-mail address",
  },
  {
    displayName: 'Webhook Enabled',
    name: 'webhookEnabled',
    type: 'boolean',
    default: false,
    description: "Whether to send alerts to the account's webhook endpoint (the Tracker Trigger node)",
  },
  {
    displayName: 'Notify Below',
    name: 'notifyBelow',
    type: 'boolean',
    default: false,
    description: 'Whether to alert when the score is at or below the lower threshold',
  },
  {
    displayName: 'Lower Threshold',
    name: 'lowerThreshold',
    type: 'number',
    typeOptions: scoreRange,
    default: 3,
    description: 'Alert when score <= this value (with Notify Below)',
  },
  {
    displayName: 'Notify Above',
    name: 'notifyAbove',
    type: 'boolean',
    default: false,
    description: 'Whether to alert when the score is at or above the upper threshold',
  },
  {
    displayName: 'Upper Threshold',
    name: 'upperThreshold',
    type: 'number',
    typeOptions: scoreRange,
    default: 8,
    description: 'Alert when score >= this value (with Notify Above)',
  },
];

// The base release's single threshold, kept apart from the v0.3 bounds it predates.
const legacyFields: INodeProperties[] = [
  {
    displayName: 'Score Threshold (Legacy)',
    name: 'scoreThreshold',
    type: 'number',
    typeOptions: scoreRange,
    default: 3,
    description: 'Base-release single threshold, used with Threshold Direction',
  },
  {
    displayName: 'Threshold Direction (Legacy)',
    name: 'thresholdDirection',
    type: 'options',
    options: [
      { name: 'Below', value: 'below' },
      { name: 'Above', value: 'above' },
    ],
    default: 'below',
    description: 'Base-release direction of the single threshold',
  },
];

export function notificationCollection(resource: string, operation: string): INodeProperties[] {
  const displayOptions = { show: { resource: [resource], operation: [operation] } };
  return [
    {
      displayName: 'Notification Settings',
      name: 'notification',
      type: 'collection',
      placeholder: 'Add Setting',
      default: {},
      description: 'Alert settings (notification_config); omitted settings keep their defaults',
      displayOptions,
      options: notificationFields,
    },
    {
      displayName: 'Legacy Threshold Settings',
      name: 'legacyThreshold',
      type: 'collection',
      placeholder: 'Add Legacy Setting',
      default: {},
      description:
        "The base release's single threshold (score_threshold, threshold_direction). Prefer Notify Below and Notify Above in Notification Settings.",
      displayOptions,
      options: legacyFields,
    },
  ];
}

/** Notification Settings and Legacy Threshold Settings as one notification_config; none set → undefined. */
export function readNotification(value: unknown, legacy: unknown = {}): NotificationParams | undefined {
  const collection = { ...((legacy ?? {}) as IDataObject), ...((value ?? {}) as IDataObject) };
  return Object.keys(collection).length > 0 ? (collection as NotificationParams) : undefined;
}

/**
 * Skills at node version 2, Create's and Update's: a multi-select of the known skill ids and a
 * text field for ids outside it (the service's catalogue is not published). Only what the two
 * mean differs (added to a new tracker, or replacing the stored list).
 */
export const skillFieldsV2 = (describe: { skills: string; custom: string }): INodeProperties[] => [
  {
    displayName: 'Skills',
    name: 'skills',
    type: 'multiOptions',
    options: knownSkillOptions,
    default: [],
    description: describe.skills,
  },
  {
    displayName: 'Custom Skill IDs',
    name: 'customSkills',
    type: 'string',
    default: '',
    placeholder: 'e.g. supplier_news, port_congestion',
    description: describe.custom,
  },
];
