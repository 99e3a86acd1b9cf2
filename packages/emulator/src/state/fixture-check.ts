import type { ValidationIssue } from '@trackerkit/core';
import { checkTrackerConfig } from '../api/tracker-rules.ts';
import type { App } from '../app.ts';
import { Refusal, ValidationFailure } from '../errors/errors.ts';
import type { AccountRecord } from '../store/records.ts';
import { problemsAgainst } from '../validation/schemas.ts';
import type { Fixtures } from './fixture-types.ts';

type Loc = (string | number)[];
const SPACE_KEYS = [
  'space_id',
  'name',
  'description',
  'category',
  'capacity_gb',
  'throughput_per_hour',
  'monthly_cost',
  'storage_cost',
  'throughput_cost',
  'rate_limit_per_hour',
  'is_active',
  'trackers',
];
const RUN_KEYS = [
  'run_id',
  'status',
  'score',
  'signal',
  'analysis',
  'trigger_type',
  'completed_at',
  'started_at',
  'error_message',
];
const SOURCE_KEYS = [
  'source_id',
  'source_name',
  'description',
  'source_type',
  'uploaded_at',
  'data',
  'texts',
  'images',
];
const SIGNALS = ['Poor', 'Negative', 'Neutral', 'Positive', 'Excellent'];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isDate = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));

/**
 * Checks a whole fixtures document before anything is written, naming each problem by its place in
 * the file (`["fixtures","spaces",0,"trackers",1,"agent_config","skills",0]`): 422 for wrong values,
 * 409 for an id that already exists. Trackers are checked by the same rules as a create request.
 */
export function checkFixtures(app: App, account: AccountRecord, input: unknown): Fixtures {
  const issues: ValidationIssue[] = [];
  const bad = (loc: Loc, msg: string, type = 'value_error') =>
    issues.push({ loc: ['fixtures', ...loc], msg, type });
  const unknownKeys = (value: Record<string, unknown>, allowed: string[], loc: Loc) => {
    for (const key of Object.keys(value))
      if (!allowed.includes(key)) bad([...loc, key], 'Unknown field', 'extra_forbidden');
  };
  const taken = new Set<string>();
  const { store } = app;
  const conflict = (id: unknown, exists: boolean, loc: Loc) => {
    if (id === undefined) return;
    if (typeof id !== 'string' || id === '') {
      bad(loc, 'Input should be a non-empty string', 'string_type');
      return;
    }
    const stored =
      store.trackers.get(id) ?? store.runs.get(id) ?? store.sources.get(id) ?? store.spaces.get(id);
    if (exists || stored || taken.has(id))
      throw new Refusal('conflict', `fixtures.${loc.join('.')}: ${id} already exists`);
    taken.add(id);
  };
  if (!isObject(input) || !Array.isArray(input.spaces)) {
    bad(['spaces'], 'Input should be an object with a list of spaces', 'list_type');
    throw new ValidationFailure(issues);
  }
  unknownKeys(input, ['spaces'], []);
  /** The entries of an optional list (a non-list is reported and read as empty). */
  const list = (value: unknown, loc: Loc): [number, unknown][] => {
    if (value === undefined) return [];
    if (Array.isArray(value)) return [...value.entries()];
    bad(loc, 'Input should be a valid list', 'list_type');
    return [];
  };
  for (const [si, space] of list(input.spaces, ['spaces'])) {
    const sLoc: Loc = ['spaces', si];
    if (!isObject(space)) {
      bad(sLoc, 'Input should be an object', 'dict_type');
      continue;
    }
    unknownKeys(space, SPACE_KEYS, sLoc);
    const existing = typeof space.space_id === 'string' ? app.store.spaces.get(space.space_id) : undefined;
    if (existing && existing.account_id !== account.id)
      throw new Refusal('conflict', `fixtures.spaces.${si}.space_id: taken`);
    if (!existing) conflict(space.space_id, false, [...sLoc, 'space_id']);
    if (!existing && (typeof space.name !== 'string' || space.name === ''))
      bad([...sLoc, 'name'], 'Field required for a new space', 'missing');
    const declared = new Set<string>();
    for (const [ti, tracker] of list(space.trackers, [...sLoc, 'trackers'])) {
      const tLoc: Loc = [...sLoc, 'trackers', ti];
      if (!isObject(tracker)) {
        bad(tLoc, 'Input should be an object', 'dict_type');
        continue;
      }
      const { tracker_id, runs, vault, created_at, updated_at, ...create } = tracker;
      conflict(tracker_id, false, [...tLoc, 'tracker_id']);
      for (const [key, value] of [
        ['created_at', created_at],
        ['updated_at', updated_at],
      ] as const)
        if (value !== undefined && !isDate(value))
          bad([...tLoc, key], 'Input should be an ISO 8601 datetime', 'datetime_parsing');
      const found = problemsAgainst('TrackerCreate', create, []);
      for (const p of found) bad([...tLoc, ...p.path], p.message, p.type);
      if (found.length === 0) checkTracker(app, account, create, existing?.id, declared, tLoc, bad);
      if (typeof tracker_id === 'string') declared.add(tracker_id);
      for (const [ri, run] of list(runs, [...tLoc, 'runs']))
        checkRun(run, [...tLoc, 'runs', ri], bad, conflict);
      for (const [vi, src] of list(vault, [...tLoc, 'vault']))
        checkSource(src, [...tLoc, 'vault', vi], bad, conflict);
    }
  }
  if (issues.length > 0) throw new ValidationFailure(issues);
  return input as unknown as Fixtures;
}

function checkTracker(
  app: App,
  account: AccountRecord,
  create: Record<string, unknown>,
  spaceId: string | undefined,
  declared: Set<string>,
  loc: Loc,
  bad: (loc: Loc, msg: string, type?: string) => void,
) {
  const agent = create.agent_config as { skills: string[]; linked_trackers?: string[] };
  try {
    checkTrackerConfig(app, account, {
      trackerId: null,
      spaceId: spaceId ?? '',
      runMode: String(create.run_mode),
      schedule: (create.schedule ?? null) as never,
      agentConfig: { reasoning_mode: 'basic', ...agent, linked_trackers: [] } as never,
      notificationConfig: (create.notification_config ?? null) as never,
      sent: { skills: true, linkedTrackers: false },
    });
  } catch (error) {
    if (!(error instanceof ValidationFailure)) throw error;
    for (const issue of error.issues) bad([...loc, ...issue.loc.slice(1)], issue.msg, issue.type);
  }
  (agent.linked_trackers ?? []).forEach((id, i) => {
    const other = app.store.trackers.get(id);
    const ownHere = other?.account_id === account.id && other.space_id === spaceId;
    if (!declared.has(id) && !ownHere)
      bad([...loc, 'agent_config', 'linked_trackers', i], `${id} is not an earlier tracker of this space`);
  });
}

function checkRun(
  run: unknown,
  loc: Loc,
  bad: (loc: Loc, msg: string, type?: string) => void,
  conflict: (id: unknown, exists: boolean, loc: Loc) => void,
) {
  if (!isObject(run)) return bad(loc, 'Input should be an object', 'dict_type');
  for (const key of Object.keys(run))
    if (!RUN_KEYS.includes(key)) bad([...loc, key], 'Unknown field', 'extra_forbidden');
  conflict(run.run_id, false, [...loc, 'run_id']);
  const status = run.status ?? 'completed';
  if (status !== 'completed' && status !== 'failed')
    bad([...loc, 'status'], "Input should be 'completed' or 'failed'", 'enum');
  const score = run.score;
  if (
    status === 'completed' &&
    !(Number.isInteger(score) && (score as number) >= 0 && (score as number) <= 10)
  )
    bad([...loc, 'score'], 'A completed run needs an integer score from 0 to 10');
  if (run.signal !== undefined && !SIGNALS.includes(String(run.signal)))
    bad([...loc, 'signal'], `Input should be ${SIGNALS.join(', ')}`, 'enum');
  for (const key of ['completed_at', 'started_at'])
    if (run[key] !== undefined && !isDate(run[key]))
      bad([...loc, key], 'Input should be an ISO 8601 datetime', 'datetime_parsing');
  if (run.trigger_type !== undefined && run.trigger_type !== 'manual' && run.trigger_type !== 'scheduled')
    bad([...loc, 'trigger_type'], "Input should be 'manual' or 'scheduled'", 'enum');
}

function checkSource(
  src: unknown,
  loc: Loc,
  bad: (loc: Loc, msg: string, type?: string) => void,
  conflict: (id: unknown, exists: boolean, loc: Loc) => void,
) {
  if (!isObject(src)) return bad(loc, 'Input should be an object', 'dict_type');
  for (const key of Object.keys(src))
    if (!SOURCE_KEYS.includes(key)) bad([...loc, key], 'Unknown field', 'extra_forbidden');
  conflict(src.source_id, false, [...loc, 'source_id']);
  if (typeof src.source_name !== 'string' || src.source_name.length < 1 || src.source_name.length > 200)
    bad([...loc, 'source_name'], 'Input should be a string of 1-200 characters');
  if (src.uploaded_at !== undefined && !isDate(src.uploaded_at))
    bad([...loc, 'uploaded_at'], 'Input should be an ISO 8601 datetime', 'datetime_parsing');
  const rows = src.data ?? [];
  if (!Array.isArray(rows) || !rows.every(isObject))
    bad([...loc, 'data'], 'Input should be a list of objects', 'list_type');
  for (const key of ['texts', 'images']) {
    const list = src[key] ?? [];
    if (!Array.isArray(list) || !list.every((t) => typeof t === 'string'))
      bad([...loc, key], 'Input should be a list of strings', 'list_type');
  }
}
