// Node parameters → request bodies and queries. Only their shape is made here: lists split, numbers
// read from text (expressions give text), instants written in UTC. Whether a value is allowed is the
// core's answer (checks.ts), never this file's; it throws ParamError only for parameter combinations
// the node itself cannot send.
import {
  LIMITS,
  type ListRunsQuery,
  type NotificationConfig,
  type Schedule,
  type TrackerCreate,
  type TrackerUpdate,
  toUtc,
  type VaultRecentQuery,
} from './generated/core';
import { ParamError } from './param-error';

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
  /** Node version 2 only: comma-separated ids the Skills list lacks. */
  customSkills?: string;
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

/** A list given as an array or as comma-separated text (what expressions and AI tools tend to send). */
export function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.map((item) => String(item).trim()).filter((item) => item.length > 0);
}

/**
 * Skills as sent: version 1's one text (custom undefined) split as given; version 2's chosen skills,
 * then its custom ids, each once (a custom id may repeat a chosen one).
 */
export function skillsOf(chosen: unknown, custom?: unknown): string[] {
  if (custom === undefined) return list(chosen);
  return [...new Set([...list(chosen), ...list(custom)])];
}

/** A number given as text becomes a number; anything else is left for the core to judge. */
function numeric<T>(value: unknown): T {
  const text = typeof value === 'string' ? value.trim() : '';
  return (text !== '' && Number.isFinite(Number(text)) ? Number(text) : value) as T;
}

/** An instant in any form Date.parse reads, written in UTC; unreadable text is left for the core. */
function instant(value: unknown): string {
  return (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? toUtc(value) : value) as string;
}

/** A schedule from its parameters; values not set are left out, so the core names them. */
function buildSchedule(params: ScheduleParams): Schedule {
  const schedule = { end_time: isSet(params.endTime) ? instant(params.endTime) : null } as Schedule;
  if (isSet(params.startTime)) schedule.start_time = instant(params.startTime);
  if (isSet(params.intervalMinutes)) schedule.interval_minutes = numeric(params.intervalMinutes);
  return schedule;
}

/** notification_config from the node's collection; undefined when nothing was set. */
export function buildNotification(
  params: NotificationParams | undefined,
): Partial<NotificationConfig> | undefined {
  if (!params) return undefined;
  const config: Partial<NotificationConfig> = {};
  if (isSet(params.signalLevel))
    config.signal_level = params.signalLevel as NotificationConfig['signal_level'];
  if (params.emailEnabled !== undefined) config.email_enabled = Boolean(params.emailEnabled);
  if (params.webhookEnabled !== undefined) config.webhook_enabled = Boolean(params.webhookEnabled);
  if (params.notifyBelow !== undefined) config.notify_below = Boolean(params.notifyBelow);
  if (isSet(params.lowerThreshold)) config.lower_threshold = numeric(params.lowerThreshold);
  if (params.notifyAbove !== undefined) config.notify_above = Boolean(params.notifyAbove);
  if (isSet(params.upperThreshold)) config.upper_threshold = numeric(params.upperThreshold);
  if (isSet(params.scoreThreshold)) config.score_threshold = numeric(params.scoreThreshold);
  if (isSet(params.thresholdDirection)) {
    config.threshold_direction = params.thresholdDirection as NotificationConfig['threshold_direction'];
  }
  return Object.keys(config).length > 0 ? config : undefined;
}

export function buildTrackerCreate(params: TrackerCreateParams): TrackerCreate {
  const body = {
    name: params.name,
    description: params.description,
    run_mode: params.runMode,
    agent_config: {
      instruction: params.instruction,
      score_meaning: params.scoreMeaning,
      skills: list(params.skills),
    },
  } as TrackerCreate;
  if (isSet(params.reasoningMode)) {
    body.agent_config.reasoning_mode =
      params.reasoningMode as TrackerCreate['agent_config']['reasoning_mode'];
  }
  const linked = list(params.linkedTrackers);
  if (linked.length > 0) body.agent_config.linked_trackers = linked;
  if (params.runMode === 'scheduled') body.schedule = buildSchedule(params.schedule ?? {});
  if (isSet(params.vaultTtlDays)) body.vault_ttl_days = numeric(params.vaultTtlDays);
  const notification = buildNotification(params.notification);
  if (notification) body.notification_config = notification as NotificationConfig;
  return body;
}

export function buildTrackerUpdate(params: TrackerUpdateParams): TrackerUpdate {
  const body: TrackerUpdate = {};
  if (isSet(params.name)) body.name = params.name;
  if (isSet(params.description)) body.description = params.description;
  if (isSet(params.runMode)) body.run_mode = params.runMode as TrackerUpdate['run_mode'];

  const agent: NonNullable<TrackerUpdate['agent_config']> = {};
  if (isSet(params.instruction)) agent.instruction = params.instruction;
  if (isSet(params.scoreMeaning)) agent.score_meaning = params.scoreMeaning;
  // Adding either field to Update Fields replaces the list, even with nothing in it.
  if (params.skills !== undefined || params.customSkills !== undefined) {
    agent.skills = skillsOf(params.skills, params.customSkills);
  }
  if (isSet(params.reasoningMode)) agent.reasoning_mode = params.reasoningMode as typeof agent.reasoning_mode;
  if (params.linkedTrackers !== undefined) agent.linked_trackers = list(params.linkedTrackers);
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
  if (isSet(params.vaultTtlDays)) body.vault_ttl_days = numeric(params.vaultTtlDays);
  const notification = buildNotification(params.notification);
  if (notification) body.notification_config = notification as NotificationConfig;
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

/** Run › Get Many filters as the listRuns query. */
export function buildRunFilters(params: RunFilterParams): ListRunsQuery {
  const qs: Record<string, unknown> = {};
  if (isSet(params.status)) qs.status = params.status;
  if (isSet(params.signal)) qs.signal = params.signal;
  if (isSet(params.notificationStatus)) qs.notification_status = params.notificationStatus;
  if (isSet(params.startDate)) qs.start_date = instant(params.startDate);
  if (isSet(params.endDate)) qs.end_date = instant(params.endDate);
  if (isSet(params.minScore)) qs.min_score = numeric(params.minScore);
  if (isSet(params.maxScore)) qs.max_score = numeric(params.maxScore);
  return qs as ListRunsQuery;
}

export interface RecentParams {
  limit?: number;
  contentTypes?: string[];
  sinceHours?: number;
}

/** Vault › Get Recent as the getVaultRecent query (content types joined, as the document asks). */
export function buildRecentQuery(params: RecentParams): VaultRecentQuery {
  const qs: Record<string, unknown> = { limit: numeric(params.limit ?? LIMITS.recentLimitDefault) };
  const types = list(params.contentTypes);
  if (types.length > 0) qs.content_types = types.join(',');
  if (isSet(params.sinceHours)) qs.since_hours = numeric(params.sinceHours);
  return qs as VaultRecentQuery;
}
