// Input fields of create_tracker and update_tracker, taken from the document's TrackerCreate and
// TrackerUpdate. agent_config's fields are flattened to the top level (models nest less reliably);
// the tools nest them again for the API, and name the core's problems as the flat arguments.
import { fieldOf, type Problem } from '@trackerkit/core';
import { z } from 'zod';
import { documentField, withPlainItems } from '../shared/document-fields.ts';

const agentDescriptions = {
  instruction: 'HOW to analyse (method, sources, criteria); score definitions go in score_meaning.',
  score_meaning: 'What the 0-10 score means, e.g. "10 = no risk, 0 = disruption".',
  skills: 'Additive skill ids, e.g. web_research; [] = vault and linked trackers only.',
  reasoning_mode: 'Depth; multiplies cost. zen runs only asynchronously.',
  linked_trackers: 'Own trackers in this space, as context.',
};

/** AgentConfig's fields (create_tracker, estimate_run_cost). */
export const agentFields = {
  instruction: documentField('AgentConfig', 'instruction', agentDescriptions.instruction),
  score_meaning: documentField('AgentConfig', 'score_meaning', agentDescriptions.score_meaning),
  skills: withPlainItems(documentField('AgentConfig', 'skills', agentDescriptions.skills)),
  reasoning_mode: documentField('AgentConfig', 'reasoning_mode', agentDescriptions.reasoning_mode),
  linked_trackers: documentField('AgentConfig', 'linked_trackers', agentDescriptions.linked_trackers),
};

/** AgentConfigUpdate's fields (update_tracker). */
export const agentUpdateFields = {
  instruction: documentField('AgentConfigUpdate', 'instruction', agentDescriptions.instruction),
  score_meaning: documentField('AgentConfigUpdate', 'score_meaning', agentDescriptions.score_meaning),
  skills: withPlainItems(documentField('AgentConfigUpdate', 'skills', agentDescriptions.skills)),
  reasoning_mode: documentField('AgentConfigUpdate', 'reasoning_mode', agentDescriptions.reasoning_mode),
  linked_trackers: documentField('AgentConfigUpdate', 'linked_trackers', agentDescriptions.linked_trackers),
};

/**
 * notification_config without the base release's legacy threshold fields, which a model should
 * not mix with the v0.3 ones; the rules across these fields are the core's (the tools' `check`).
 */
const notificationConfig = z
  .strictObject({
    email_enabled: documentField('NotificationConfig', 'email_enabled', false).optional(),
    webhook_enabled: documentField('NotificationConfig', 'webhook_enabled', false).optional(),
    notify_below: documentField('NotificationConfig', 'notify_below', false).optional(),
    lower_threshold: documentField('NotificationConfig', 'lower_threshold', false).optional(),
    notify_above: documentField('NotificationConfig', 'notify_above', false).optional(),
    upper_threshold: documentField('NotificationConfig', 'upper_threshold', false).optional(),
    signal_level: documentField('NotificationConfig', 'signal_level', false).optional(),
  })
  .describe('Alerts: score <= lower_threshold (notify_below) and/or >= upper_threshold (notify_above).');

const runModeDescription = 'scheduled needs schedule.';

/** TrackerCreate's own fields. */
export const trackerFields = {
  name: documentField('TrackerCreate', 'name'),
  description: documentField('TrackerCreate', 'description'),
  run_mode: documentField('TrackerCreate', 'run_mode', runModeDescription),
  schedule: documentField('TrackerCreate', 'schedule', false),
  vault_ttl_days: documentField('TrackerCreate', 'vault_ttl_days'),
  notification_config: notificationConfig,
};

/** TrackerUpdate's own fields. */
export const trackerUpdateFields = {
  name: documentField('TrackerUpdate', 'name'),
  description: documentField('TrackerUpdate', 'description'),
  run_mode: documentField('TrackerUpdate', 'run_mode', runModeDescription),
  schedule: documentField('TrackerUpdate', 'schedule'),
  vault_ttl_days: documentField('TrackerUpdate', 'vault_ttl_days'),
  notification_config: notificationConfig,
};

/** The same fields, each optional (update_tracker changes only those given). */
export function optionalFields<S extends Record<string, z.ZodType>>(shape: S) {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof S]: z.ZodOptional<S[K]>;
  };
}

const AGENT_KEYS: readonly string[] = Object.keys(agentFields);

/** The API's body from flat arguments: agent_config nested, only keys given, `omit` left out. */
export function trackerBody(args: Record<string, unknown>, omit: string): Record<string, unknown> {
  const agent: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || key === omit) continue;
    if (AGENT_KEYS.includes(key)) agent[key] = value;
    else body[key] = value;
  }
  if (Object.keys(agent).length > 0) body.agent_config = agent;
  return body;
}

/** The core's problems on the body, named as the tool's flat arguments (`skills[0]`, not `agent_config.skills[0]`). */
export function asArguments(problems: Problem[]): Problem[] {
  return problems.map((p) => {
    if (p.path[0] !== 'agent_config' || p.path.length < 2) return p;
    const path = p.path.slice(1);
    return { ...p, path, field: fieldOf(path) };
  });
}
