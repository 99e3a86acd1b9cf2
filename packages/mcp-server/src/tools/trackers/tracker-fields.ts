// Input fields shared by create_tracker and update_tracker. agent_config's fields are flattened
// to the top level (models nest less reliably); the handlers nest them again for the API.
import { LIMITS } from '@trackerkit/client';
import { z } from 'zod';
import {
  REASONING_MODES,
  RUN_MODES,
  SIGNAL_LEVELS,
  SKILL_ID_MAX,
  SKILL_ID_PATTERN,
} from '../../document-values.ts';

const threshold = z.int().min(LIMITS.scoreMin).max(LIMITS.scoreMax).nullable();

export const agentFields = {
  instruction: z
    .string()
    .min(1)
    .max(LIMITS.instructionMax)
    .describe('HOW to analyse: method, sources, criteria. No score definitions (those go in score_meaning).'),
  score_meaning: z
    .string()
    .min(1)
    .describe('What the 0-10 score means, e.g. "10 = no risk, 0 = disruption".'),
  skills: z
    .array(z.string().regex(SKILL_ID_PATTERN).max(SKILL_ID_MAX))
    .describe('Additive skill ids, e.g. web_research, stock_research. [] = vault and linked trackers only.'),
  reasoning_mode: z.enum(REASONING_MODES).describe('Depth; multiplies cost. zen runs only asynchronously.'),
  linked_trackers: z
    .array(z.string().min(1))
    .max(LIMITS.linkedTrackersMax)
    .describe('Own trackers in the same space used as context.'),
};

export const trackerFields = {
  name: z.string().min(1).max(LIMITS.trackerNameMax),
  description: z.string().min(1).max(LIMITS.trackerDescriptionMax),
  run_mode: z.enum(RUN_MODES).describe('scheduled needs schedule.'),
  schedule: z
    .strictObject({
      start_time: z.iso.datetime({ offset: true }),
      interval_minutes: z.int().min(LIMITS.intervalMinutesMin).max(LIMITS.intervalMinutesMax),
      end_time: z.iso.datetime({ offset: true }).nullable().optional(),
    })
    .nullable(),
  vault_ttl_days: z
    .int()
    .min(LIMITS.vaultTtlDaysMin)
    .max(LIMITS.vaultTtlDaysMax)
    .nullable()
    .describe('Days vault data is kept; null = forever.'),
  notification_config: z
    .strictObject({
      email_enabled: z.boolean().optional(),
      webhook_enabled: z.boolean().optional(),
      notify_below: z.boolean().optional(),
      lower_threshold: threshold.optional(),
      notify_above: z.boolean().optional(),
      upper_threshold: threshold.optional(),
      signal_level: z.enum(SIGNAL_LEVELS).optional(),
    })
    .describe('Alerts: score <= lower_threshold (notify_below) and/or >= upper_threshold (notify_above).'),
};

/** The same fields, each optional (update_tracker changes only those given). */
export function optionalFields<S extends Record<string, z.ZodType>>(shape: S) {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof S]: z.ZodOptional<S[K]>;
  };
}

const AGENT_KEYS = Object.keys(agentFields) as (keyof typeof agentFields)[];

/** Splits flat arguments into the API's body with a nested agent_config (only keys given). */
export function nestAgentConfig<T extends Record<string, unknown>>(args: T) {
  const agent: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined) continue;
    if ((AGENT_KEYS as string[]).includes(key)) agent[key] = value;
    else rest[key] = value;
  }
  return { rest, agent };
}
