// Zapier's flat input → the document's nested request bodies. Only fields the user filled are sent,
// so an update changes nothing else; what the values may be is checked by the client (the core's
// validation from the document), not here.
import type { TrackerCreate, TrackerUpdate } from '@trackerkit/client';

type Input = Record<string, unknown>;

const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** Zapier hands booleans and integers over as typed values or as their text; both are accepted. */
function typed(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
  return value;
}

function pick(input: Input, keys: readonly string[], convert = false): Input | undefined {
  const out: Input = {};
  for (const key of keys) if (given(input[key])) out[key] = convert ? typed(input[key]) : input[key];
  return Object.keys(out).length === 0 ? undefined : out;
}

function skillsOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter(given);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((skill) => skill.trim())
      .filter(given);
  return value;
}

function schedule(input: Input): Input | undefined {
  const parts = pick(input, ['schedule_start_time', 'schedule_interval_minutes', 'schedule_end_time'], true);
  if (!parts) return undefined;
  const out: Input = {};
  for (const [key, value] of Object.entries(parts)) out[key.replace(/^schedule_/, '')] = value;
  return out;
}

function trackerBody(input: Input): Input {
  const body: Input = pick(input, ['name', 'description', 'run_mode']) ?? {};
  const agent = pick(input, ['instruction', 'score_meaning', 'reasoning_mode']) ?? {};
  if (given(input.skills)) agent.skills = skillsOf(input.skills);
  if (Object.keys(agent).length > 0) body.agent_config = agent;
  const notification = pick(
    input,
    [
      'email_enabled',
      'webhook_enabled',
      'notify_below',
      'lower_threshold',
      'notify_above',
      'upper_threshold',
    ],
    true,
  );
  if (notification) body.notification_config = notification;
  const when = schedule(input);
  if (when) body.schedule = when;
  return body;
}

export function trackerCreateBody(input: Input): TrackerCreate {
  const body = trackerBody(input);
  // A new tracker's skills are required by the document; none chosen means none.
  const agent = (body.agent_config ?? {}) as Input;
  body.agent_config = { skills: [], ...agent };
  return body as unknown as TrackerCreate;
}

export function trackerUpdateBody(input: Input): TrackerUpdate {
  return trackerBody(input) as TrackerUpdate;
}
