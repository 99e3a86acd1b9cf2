import type { LabelMatcher } from '../router/label-matcher.ts';
import { matchesLabel, parseMatcher, parseMatchers } from '../router/label-matcher.ts';

/** A matcher as Alertmanager's v2 API writes it. */
export interface ApiMatcher {
  name: string;
  value: string;
  isRegex: boolean;
  isEqual: boolean;
}

/** Alertmanager's silence: alerts whose labels satisfy every matcher send nothing while it is active. */
export interface Silence {
  id: string;
  matchers: ApiMatcher[];
  /** Epoch ms. */
  startsAt: number;
  endsAt: number;
  createdBy: string;
  comment: string;
  updatedAt: number;
}

export type SilenceState = 'pending' | 'active' | 'expired';

/** As Alertmanager: pending before startsAt, expired from endsAt on, active between. */
export function silenceState(silence: Pick<Silence, 'startsAt' | 'endsAt'>, now: number): SilenceState {
  if (now >= silence.endsAt) return 'expired';
  return now < silence.startsAt ? 'pending' : 'active';
}

const LABEL_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

/**
 * The matcher as routes compile it: written out and read back by the route matchers' own parser,
 * so a silence's regular expression means exactly what it would in a route (one engine, one set
 * of flags and refusals). Throws the parser's error for a bad expression.
 */
function toLabelMatcher(m: ApiMatcher): LabelMatcher {
  return parseMatcher(formatMatcher(m));
}

export function toApiMatcher(m: LabelMatcher): ApiMatcher {
  return { name: m.name, value: m.value, isRegex: m.op.includes('~'), isEqual: !m.op.startsWith('!') };
}

/** `name="value"` with `op`: the form `amtool` prints and `parseMatchers` reads back. */
export function formatMatcher(m: ApiMatcher): string {
  const op = m.isRegex ? (m.isEqual ? '=~' : '!~') : m.isEqual ? '=' : '!=';
  return `${m.name}${op}"${m.value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/**
 * A silence's `matchers` from the API or the CLI: each entry is Alertmanager's object
 * (`{name, value, isRegex, isEqual}`) or the string form route matchers take (`signal=~"Poor|Negative"`,
 * possibly several, comma-separated). Throws an Error naming the entry (`matchers.1: ...`).
 */
function parseSilenceMatchers(input: unknown): ApiMatcher[] {
  if (!Array.isArray(input) || input.length === 0) {
    throw new Error('matchers: required, a non-empty list of matchers');
  }
  const out: ApiMatcher[] = [];
  input.forEach((entry, i) => {
    const at = `matchers.${i}`;
    if (typeof entry === 'string') {
      try {
        const parsed = parseMatchers(entry);
        if (parsed.length === 0) throw new Error('empty matcher');
        out.push(...parsed.map(toApiMatcher));
      } catch (error) {
        throw new Error(`${at}: ${(error as Error).message}`);
      }
      return;
    }
    if (typeof entry !== 'object' || entry === null) {
      throw new Error(`${at}: must be a string such as signal="Poor" or {name, value, isRegex, isEqual}`);
    }
    const e = entry as Record<string, unknown>;
    if (typeof e.name !== 'string' || !LABEL_NAME.test(e.name)) {
      throw new Error(
        `${at}.name: must be a label name (letters, digits, _ and :, not starting with a digit)`,
      );
    }
    if (typeof e.value !== 'string') throw new Error(`${at}.value: must be a string`);
    for (const key of ['isRegex', 'isEqual'] as const) {
      if (e[key] !== undefined && typeof e[key] !== 'boolean')
        throw new Error(`${at}.${key}: must be a boolean`);
    }
    const m: ApiMatcher = {
      name: e.name,
      value: e.value,
      isRegex: e.isRegex === true,
      // Alertmanager's default: a matcher without isEqual is an equality matcher.
      isEqual: e.isEqual !== false,
    };
    try {
      toLabelMatcher(m);
    } catch (error) {
      throw new Error(`${at}.value: invalid regular expression (${(error as Error).message})`);
    }
    out.push(m);
  });
  // Alertmanager refuses a silence every alert matches: one matcher at least must need a label.
  const compiled = out.map(toLabelMatcher);
  if (compiled.every((m) => matchesLabel(m, ''))) {
    throw new Error(
      'matchers: at least one matcher must not match the empty string (this would silence every alert)',
    );
  }
  return out;
}

/** A silence ready to test labels against. */
export interface CompiledSilence extends Silence {
  compiled: LabelMatcher[];
}

export function compileSilence(silence: Silence): CompiledSilence {
  return { ...silence, compiled: silence.matchers.map(toLabelMatcher) };
}

/** Whether the silence is active at `now` and every matcher holds for the labels. */
export function silences(silence: CompiledSilence, labels: Record<string, string>, now: number): boolean {
  return (
    silenceState(silence, now) === 'active' && silence.compiled.every((m) => matchesLabel(m, labels[m.name]))
  );
}

export interface SilenceInput {
  /** Set on `POST /api/silences` to change that silence (see `canUpdate`). */
  id?: string;
  matchers: ApiMatcher[];
  startsAt: number;
  endsAt: number;
  createdBy: string;
  comment: string;
}

function time(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  const t = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(t))
    throw new Error(`${field}: must be an RFC 3339 date-time such as 2030-01-02T15:04:05Z`);
  return t;
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new Error(`${field}: required, a non-empty string`);
  if (value.length > 2000) throw new Error(`${field}: at most 2000 characters`);
  return value;
}

/**
 * The body of `POST /api/silences` (Alertmanager's postableSilence). A start in the past is
 * now (as Alertmanager). Throws an Error naming the field and the rule.
 */
export function parseSilenceInput(body: unknown, now: number): SilenceInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error('(body): must be a JSON object with matchers, startsAt, endsAt, createdBy, comment');
  }
  const b = body as Record<string, unknown>;
  // An empty id is a new silence, as Alertmanager reads it (Go clients send "" for none).
  const id = b.id === '' ? undefined : b.id;
  if (id !== undefined && typeof id !== 'string') {
    throw new Error('id: must be the id of the silence to update (a string)');
  }
  const matchers = parseSilenceMatchers(b.matchers);
  // An update keeps the start it names (an active silence's start is in the past); a new one
  // starts no earlier than now.
  const given = time(b.startsAt, 'startsAt') ?? now;
  const startsAt = id === undefined ? Math.max(given, now) : given;
  const endsAt = time(b.endsAt, 'endsAt');
  if (endsAt === undefined) throw new Error('endsAt: required');
  if (endsAt <= Math.max(startsAt, now)) throw new Error('endsAt: must be after startsAt (and after now)');
  return {
    ...(id === undefined ? {} : { id }),
    matchers,
    startsAt,
    endsAt,
    createdBy: text(b.createdBy, 'createdBy'),
    comment: text(b.comment, 'comment'),
  };
}

/**
 * Alertmanager's `canUpdate` (silence/silence.go): a silence is changed in place only when its
 * matchers stay the same and the change does not rewrite history: an active one keeps its start
 * and does not end in the past, a pending one does not start in the past, an expired one never
 * changes. Otherwise the old one is expired and the change becomes a new silence (a new id).
 */
export function canUpdate(prev: Silence, next: SilenceInput, now: number): boolean {
  if (JSON.stringify(prev.matchers) !== JSON.stringify(next.matchers)) return false;
  switch (silenceState(prev, now)) {
    case 'active':
      return next.startsAt === prev.startsAt && next.endsAt >= now;
    case 'pending':
      return next.startsAt >= now;
    default:
      return false;
  }
}

/** Alertmanager's gettableSilence. */
export function silenceJson(s: Silence, now: number) {
  return {
    id: s.id,
    status: { state: silenceState(s, now) },
    updatedAt: new Date(s.updatedAt).toISOString(),
    matchers: s.matchers,
    startsAt: new Date(s.startsAt).toISOString(),
    endsAt: new Date(s.endsAt).toISOString(),
    createdBy: s.createdBy,
    comment: s.comment,
  };
}
