import { type AlertEvent, eventData } from '../events/types.ts';

/** Alertmanager's four matcher operators. */
export type MatchOperator = '=' | '!=' | '=~' | '!~';

export interface LabelMatcher {
  name: string;
  op: MatchOperator;
  value: string;
  /** For `=~` and `!~`: the value anchored at both ends, as Alertmanager compiles it. */
  re?: RegExp;
}

// Alertmanager's classic matcher grammar (pkg/labels/parse.go): name, operator, value that may
// be double-quoted with `\"`, `\\` and `\n` escapes.
const MATCHER = /^\s*([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(=~|=|!=|!~)\s*([\s\S]*?)\s*$/;

/** Parses `name<op>value` (e.g. `signal=~"Poor|Negative"`); throws an Error saying what is wrong. */
export function parseMatcher(text: string): LabelMatcher {
  const m = MATCHER.exec(text);
  if (!m) throw new Error(`bad matcher ${JSON.stringify(text)} (want name=value, !=, =~ or !~)`);
  const [, name, op, raw] = m as unknown as [string, string, MatchOperator, string];
  const quoted = raw.startsWith('"');
  const body = quoted ? raw.slice(1) : raw;
  let value = '';
  let closed = !quoted;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\' && i < body.length - 1) {
      const next = body[++i]!;
      value += next === 'n' ? '\n' : next === '"' || next === '\\' ? next : `\\${next}`;
    } else if (c === '"') {
      if (!quoted || i < body.length - 1) {
        throw new Error(`matcher ${JSON.stringify(text)} has an unescaped double quote in its value`);
      }
      closed = true;
    } else {
      value += c;
    }
  }
  if (!closed) throw new Error(`matcher ${JSON.stringify(text)} has an unescaped double quote in its value`);
  const matcher: LabelMatcher = { name, op, value };
  if (op === '=~' || op === '!~') {
    try {
      matcher.re = new RegExp(`^(?:${value})$`, 'u');
    } catch (error) {
      throw new Error(
        `matcher ${JSON.stringify(text)}: invalid regular expression (${(error as Error).message})`,
      );
    }
  }
  return matcher;
}

/**
 * One `matchers:` entry, which Alertmanager reads as a comma-separated list (optionally in
 * braces): `'{signal="Poor", bound!=upper}'` is two matchers. Commas inside quotes are values.
 */
export function parseMatchers(text: string): LabelMatcher[] {
  let s = text.startsWith('{') ? text.slice(1) : text;
  if (s.endsWith('}')) s = s.slice(0, -1);
  const tokens: string[] = [];
  let token = '';
  let quoted = false;
  let escaped = false;
  for (const c of s) {
    if (c === ',') {
      if (!quoted) {
        tokens.push(token);
        token = '';
        continue;
      }
    } else if (c === '"') {
      if (escaped) escaped = false;
      else quoted = !quoted;
    } else if (c === '\\') {
      escaped = !escaped;
    } else {
      escaped = false;
    }
    token += c;
  }
  if (token.trim() !== '') tokens.push(token.trim());
  return tokens.map(parseMatcher);
}

/** Whether a label value (absent = empty string, as in Alertmanager) satisfies the matcher. */
export function matchesLabel(matcher: LabelMatcher, value: string | undefined): boolean {
  const v = value ?? '';
  switch (matcher.op) {
    case '=':
      return v === matcher.value;
    case '!=':
      return v !== matcher.value;
    case '=~':
      return matcher.re!.test(v);
    case '!~':
      return !matcher.re!.test(v);
  }
}

/**
 * The labels an alert is routed on, named as Alertmanager would see them: `event`, `tracker_id`,
 * `tracker_name`, `space_id`, `signal`, `bound` (`lower`, `upper`, or `none` when the alert has
 * none) and `score`. A field the alert lacks is no label (it matches as the empty string).
 */
export function alertLabels(event: AlertEvent): Record<string, string> {
  const data = eventData(event);
  const labels: Record<string, string> = { event: event.type };
  for (const key of ['tracker_id', 'tracker_name', 'space_id', 'signal'] as const) {
    const v = data[key];
    if (typeof v === 'string') labels[key] = v;
  }
  labels.bound = typeof data.bound === 'string' ? data.bound : 'none';
  if (typeof data.score === 'number') labels.score = String(data.score);
  return labels;
}
