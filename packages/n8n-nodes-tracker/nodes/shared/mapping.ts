// Node parameters → request bodies and queries, validated against the document's limits before any
// request. Pure functions; they throw ParamError naming the field and the rule.
import type { IDataObject } from 'n8n-workflow';
import {
  CONTENT_TYPES,
  LIMITS,
  NOTIFICATION_STATUSES,
  REASONING_MODES,
  RUN_MODES,
  RUN_STATUSES,
  SIGNAL_LEVELS,
  SIGNALS,
} from './generated/limits';
import { ParamError } from './param-error';
import type { NotificationConfigBody, Schedule, TrackerCreateBody, TrackerUpdateBody } from './types';

export interface NotificationParams {
  signalLevel?: string;
  emailEnabled?: boolean;
  webhookEnabled?: boolean;
  notifyBelow?: boolean;
  lowerThreshold?: number;
  notifyAbove?: boolean;
  upperThreshold?: number;
  scoreThreshold?: number;
  thresholdDirection?: string;
}

export interface ScheduleParams {
  startTime?: string;
  intervalMinutes?: number;
  endTime?: string;
}

export interface TrackerCreateParams {
  name: string;
  description: string;
  runMode: string;
  instruction: string;
  scoreMeaning: string;
  skills: string | string[];
  schedule?: ScheduleParams;
  reasoningMode?: string;
  linkedTrackers?: string | string[];
  vaultTtlDays?: number;
  notification?: NotificationParams;
}

export interface TrackerUpdateParams {
  name?: string;
  description?: string;
  runMode?: string;
  instruction?: string;
  scoreMeaning?: string;
  skills?: string | string[];
  reasoningMode?: string;
  linkedTrackers?: string | string[];
  vaultTtlDays?: number;
  clearVaultTtl?: boolean;
  scheduleStartTime?: string;
  scheduleIntervalMinutes?: number;
  scheduleEndTime?: string;
  clearSchedule?: boolean;
  notification?: NotificationParams;
}

const isSet = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

export function text(field: string, value: unknown, min: number, max?: number): string {
  if (typeof value !== 'string') throw new ParamError(field, 'must be text');
  const length = [...value].length;
  if (length < min) throw new ParamError(field, `must have at least ${min} character${min === 1 ? '' : 's'}`);
  if (max !== undefined && length > max) throw new ParamError(field, `must have at most ${max} characters`);
  return value;
}

export function integer(field: string, value: unknown, min: number, max?: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number))
    throw new ParamError(field, 'must be a whole number');
  if (number < min || (max !== undefined && number > max)) {
    throw new ParamError(
      field,
      max === undefined ? `must be at least ${min}` : `must be between ${min} and ${max}`,
    );
  }
  return number;
}

export function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw new ParamError(field, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** A list given as an array or as comma-separated text (what expressions and AI tools tend to send). */
export function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.map((item) => String(item).trim()).filter((item) => item.length > 0);
}

function dateTime(field: string, value: unknown): string {
  const parsed = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(parsed)) throw new ParamError(field, 'must be an ISO 8601 date and time');
  return new Date(parsed).toISOString();
}

const skillPattern = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

function skills(value: unknown): string[] {
  const ids = list(value);
  for (const id of ids) {
    if (!skillPattern.test(id)) throw new ParamError('Skills', `"${id}" is not a snake_case skill ID`);
  }
  return ids;
}

function linkedTrackers(value: unknown): string[] {
  const ids = list(value);
  if (ids.length > LIMITS.linkedTrackersMax) {
    throw new ParamError('Linked Trackers', `at most ${LIMITS.linkedTrackersMax} trackers`);
  }
  return ids;
}

export function buildSchedule(params: ScheduleParams): Schedule {
  const schedule: Schedule = {
    start_time: dateTime('Schedule Start Time', params.startTime),
    interval_minutes: integer(
      'Schedule Interval (Minutes)',
      params.intervalMinutes,
      LIMITS.intervalMinutesMin,
      LIMITS.intervalMinutesMax,
    ),
    end_time: isSet(params.endTime) ? dateTime('Schedule End Time', params.endTime) : null,
  };
  if (schedule.end_time && Date.parse(schedule.end_time) <= Date.parse(schedule.start_time)) {
    throw new ParamError('Schedule End Time', 'must be after the start time');
  }
  return schedule;
}

const score = (field: string, value: unknown) => integer(field, value, LIMITS.scoreMin, LIMITS.scoreMax);

/** notification_config from the node's collection; undefined when nothing was set. */
export function buildNotification(
  params: NotificationParams | undefined,
): NotificationConfigBody | undefined {
  if (!params) return undefined;
  const config: NotificationConfigBody = {};
  if (isSet(params.signalLevel))
    config.signal_level = oneOf('Signal Level', params.signalLevel, SIGNAL_LEVELS);
  if (params.emailEnabled !== undefined) config.email_enabled = Boolean(params.emailEnabled);
  if (params.webhookEnabled !== undefined) config.webhook_enabled = Boolean(params.webhookEnabled);
  if (params.notifyBelow !== undefined) config.notify_below = Boolean(params.notifyBelow);
  if (isSet(params.lowerThreshold)) config.lower_threshold = score('Lower Threshold', params.lowerThreshold);
  if (params.notifyAbove !== undefined) config.notify_above = Boolean(params.notifyAbove);
  if (isSet(params.upperThreshold)) config.upper_threshold = score('Upper Threshold', params.upperThreshold);
  if (isSet(params.scoreThreshold))
    config.score_threshold = score('Score Threshold (Legacy)', params.scoreThreshold);
  if (isSet(params.thresholdDirection)) {
    config.threshold_direction = oneOf('Threshold Direction (Legacy)', params.thresholdDirection, [
      'below',
      'above',
    ] as const);
  }
  if (Object.keys(config).length === 0) return undefined;

  if (config.notify_below && config.lower_threshold === undefined) {
    throw new ParamError('Lower Threshold', 'is required when Notify Below is on');
  }
  if (config.notify_above && config.upper_threshold === undefined) {
    throw new ParamError('Upper Threshold', 'is required when Notify Above is on');
  }
  if (
    config.notify_below &&
    config.notify_above &&
    (config.lower_threshold as number) > (config.upper_threshold as number)
  ) {
    throw new ParamError('Lower Threshold', 'must not exceed the upper threshold when both bounds are on');
  }
  const hasV03 = ['notify_below', 'notify_above', 'lower_threshold', 'upper_threshold'].some(
    (key) => key in config,
  );
  if (
    hasV03 &&
    (config.email_enabled || config.webhook_enabled) &&
    !config.notify_below &&
    !config.notify_above
  ) {
    throw new ParamError(
      'Notify Below',
      'or Notify Above must be on when e-mail or webhook alerts use thresholds',
    );
  }
  if ((config.score_threshold === undefined) !== (config.threshold_direction === undefined)) {
    throw new ParamError('Score Threshold (Legacy)', 'and Threshold Direction (Legacy) go together');
  }
  return config;
}

const vaultTtlDays = (value: unknown): number =>
  integer('Vault TTL (Days)', value, LIMITS.vaultTtlDaysMin, LIMITS.vaultTtlDaysMax);

export function buildTrackerCreate(params: TrackerCreateParams): TrackerCreateBody {
  const runMode = oneOf('Run Mode', params.runMode, RUN_MODES);
  const body: TrackerCreateBody = {
    name: text('Name', params.name, 1, LIMITS.trackerNameMax),
    description: text('Description', params.description, 1, LIMITS.trackerDescriptionMax),
    run_mode: runMode,
    agent_config: {
      instruction: text('Instruction', params.instruction, 1, LIMITS.instructionMax),
      score_meaning: text('Score Meaning', params.scoreMeaning, 1),
      skills: skills(params.skills),
    },
  };
  if (isSet(params.reasoningMode)) {
    body.agent_config.reasoning_mode = oneOf('Reasoning Mode', params.reasoningMode, REASONING_MODES);
  }
  const linked = linkedTrackers(params.linkedTrackers);
  if (linked.length > 0) body.agent_config.linked_trackers = linked;
  if (runMode === 'scheduled') {
    body.schedule = buildSchedule(params.schedule ?? {});
  }
  if (isSet(params.vaultTtlDays)) {
    body.vault_ttl_days = vaultTtlDays(params.vaultTtlDays);
  }
  const notification = buildNotification(params.notification);
  if (notification) body.notification_config = notification;
  return body;
}

export function buildTrackerUpdate(params: TrackerUpdateParams): TrackerUpdateBody {
  const body: TrackerUpdateBody = {};
  if (isSet(params.name)) body.name = text('Name', params.name, 1, LIMITS.trackerNameMax);
  if (isSet(params.description)) {
    body.description = text('Description', params.description, 1, LIMITS.trackerDescriptionMax);
  }
  if (isSet(params.runMode)) body.run_mode = oneOf('Run Mode', params.runMode, RUN_MODES);

  const agent: NonNullable<TrackerUpdateBody['agent_config']> = {};
  if (isSet(params.instruction))
    agent.instruction = text('Instruction', params.instruction, 1, LIMITS.instructionMax);
  if (isSet(params.scoreMeaning)) agent.score_meaning = text('Score Meaning', params.scoreMeaning, 1);
  if (params.skills !== undefined) agent.skills = skills(params.skills);
  if (isSet(params.reasoningMode))
    agent.reasoning_mode = oneOf('Reasoning Mode', params.reasoningMode, REASONING_MODES);
  if (params.linkedTrackers !== undefined) agent.linked_trackers = linkedTrackers(params.linkedTrackers);
  if (Object.keys(agent).length > 0) body.agent_config = agent;

  const settingSchedule = isSet(params.scheduleStartTime) || isSet(params.scheduleIntervalMinutes);
  if (params.clearSchedule && settingSchedule) {
    throw new ParamError('Clear Schedule', 'cannot be combined with new schedule values');
  }
  if (params.clearSchedule) body.schedule = null;
  if (settingSchedule) {
    body.schedule = buildSchedule({
      startTime: params.scheduleStartTime,
      intervalMinutes: params.scheduleIntervalMinutes,
      endTime: params.scheduleEndTime,
    });
  }
  if (params.clearVaultTtl && isSet(params.vaultTtlDays)) {
    throw new ParamError('Clear Vault TTL', 'cannot be combined with Vault TTL (Days)');
  }
  if (params.clearVaultTtl) body.vault_ttl_days = null;
  if (isSet(params.vaultTtlDays)) {
    body.vault_ttl_days = vaultTtlDays(params.vaultTtlDays);
  }
  const notification = buildNotification(params.notification);
  if (notification) body.notification_config = notification;
  if (Object.keys(body).length === 0)
    throw new ParamError('Update Fields', 'set at least one field to change');
  return body;
}

export interface RunFilterParams {
  status?: string;
  signal?: string;
  notificationStatus?: string;
  startDate?: string;
  endDate?: string;
  minScore?: number;
  maxScore?: number;
}

export function buildRunFilters(params: RunFilterParams): IDataObject {
  const qs: IDataObject = {};
  if (isSet(params.status)) qs.status = oneOf('Status', params.status, RUN_STATUSES);
  if (isSet(params.signal)) qs.signal = oneOf('Signal', params.signal, SIGNALS);
  if (isSet(params.notificationStatus)) {
    qs.notification_status = oneOf('Notification Status', params.notificationStatus, NOTIFICATION_STATUSES);
  }
  if (isSet(params.startDate)) qs.start_date = dateTime('Start Date', params.startDate);
  if (isSet(params.endDate)) qs.end_date = dateTime('End Date', params.endDate);
  if (isSet(params.minScore)) qs.min_score = score('Min Score', params.minScore);
  if (isSet(params.maxScore)) qs.max_score = score('Max Score', params.maxScore);
  if (
    qs.min_score !== undefined &&
    qs.max_score !== undefined &&
    (qs.min_score as number) > (qs.max_score as number)
  ) {
    throw new ParamError('Min Score', 'must not exceed Max Score');
  }
  if (
    qs.start_date &&
    qs.end_date &&
    Date.parse(qs.start_date as string) > Date.parse(qs.end_date as string)
  ) {
    throw new ParamError('Start Date', 'must not be after End Date');
  }
  return qs;
}

export interface RecentParams {
  limit?: number;
  contentTypes?: string[];
  sinceHours?: number;
}

export function buildRecentQuery(params: RecentParams): IDataObject {
  const qs: IDataObject = {
    limit: integer('Limit', params.limit ?? LIMITS.recentLimitDefault, 1, LIMITS.recentLimitMax),
  };
  const types = list(params.contentTypes).map((type) => oneOf('Content Types', type, CONTENT_TYPES));
  if (types.length > 0) qs.content_types = types.join(',');
  if (isSet(params.sinceHours)) qs.since_hours = integer('Since (Hours)', params.sinceHours, 1);
  return qs;
}
