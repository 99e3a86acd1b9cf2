import { isAlertmanagerAlert } from '../events/alertmanager-alert.ts';
import { type AlertEvent, eventData } from '../events/types.ts';
import { compileAnchored, type Re2 } from './re2.ts';

/** Alertmanager's four matcher operators. */
export type MatchOperator = '=' | '!=' | '=~' | '!~';

export interface LabelMatcher {
  name: string;
  op: MatchOperator;
  value: string;
  /** For `=~` and `!~`: the value anchored at both ends (`^(?:value)$`), compiled as Go's RE2. */
  re?: Re2;
}

/**
 * Alertmanager's NewMatcher: a regex operator compiles its value once, here, with Go's RE2
 * semantics; an expression Go refuses throws (Go's message).
 */
export function newMatcher(op: MatchOperator, name: string, value: string): LabelMatcher {
  const matcher: LabelMatcher = { name, op, value };
  // Not enumerable: a matcher copied, compared or printed is its name, operator and value.
  if (op === '=~' || op === '!~')
    Object.defineProperty(matcher, 're', { value: compileAnchored(value), enumerable: false });
  return matcher;
}

// Alertmanager's classic matcher grammar (pkg/labels/parse.go): name, operator, value that may
// be double-quoted with `\"`, `\\` and `\n` escapes. The blanks around the tokens are Go's `\s`,
// ASCII only: a no-break space stays part of the value.
const MATCHER =
  /^[\t\n\f\r ]*([a-zA-Z_:][a-zA-Z0-9_:]*)[\t\n\f\r ]*(=~|=|!=|!~)[\t\n\f\r ]*([\s\S]*?)[\t\n\f\r ]*$/;

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
  try {
    return newMatcher(op, name, value);
  } catch (error) {
    throw new Error(
      `matcher ${JSON.stringify(text)}: invalid regular expression (${(error as Error).message})`,
    );
  }
}

// Go's unicode.IsSpace, which strings.TrimSpace uses: Latin-1's blanks (NEL and no-break space
// included) and the White_Space property beyond. JavaScript's trim() also cuts U+FEFF, Go's not.
const GO_SPACE =
  /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

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
  const last = token.replace(GO_SPACE, '');
  if (last !== '') tokens.push(last);
  return tokens.map(parseMatcher);
}

/** A regex matcher's expression: a copy made with `{ ...matcher }` (or by hand) compiles it once. */
function expression(matcher: LabelMatcher): Re2 {
  if (!matcher.re)
    Object.defineProperty(matcher, 're', { value: compileAnchored(matcher.value), enumerable: false });
  return matcher.re!;
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
      return expression(matcher).test(v);
    case '!~':
      return !expression(matcher).test(v);
  }
}

/** Go's string order (UTF-8 bytes, which is code point order; UTF-16 units are not). */
function compareGo(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

const OP_ORDER: Record<MatchOperator, number> = { '=': 0, '!=': 1, '=~': 2, '!~': 3 };

/** Alertmanager's matcher order (labels.Matchers.Less): name, then value, then operator. */
export function compareMatchers(a: LabelMatcher, b: LabelMatcher): number {
  return compareGo(a.name, b.name) || compareGo(a.value, b.value) || OP_ORDER[a.op] - OP_ORDER[b.op];
}

/** Alertmanager's Matcher.String(): `name<op>"value"`, the value escaped as OpenMetrics does. */
export function matcherString(m: LabelMatcher): string {
  return `${m.name}${m.op}"${m.value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`;
}

/** Alertmanager's Matchers.String(): `{a="b",c=~"d"}` in the order given. */
export function matchersString(ms: readonly LabelMatcher[]): string {
  return `{${ms.map(matcherString).join(',')}}`;
}

/**
 * The labels an alert is routed on, named as Alertmanager would see them: `event`, `tracker_id`,
 * `tracker_name`, `space_id`, `signal`, `bound` (`lower`, `upper`, or `none` when the alert has
 * none) and `score`. A field the alert lacks is no label (it matches as the empty string). An
 * alert posted in Alertmanager's shape (`POST /api/v2/alerts`) has its own labels, as given.
 */
export function alertLabels(event: AlertEvent): Record<string, string> {
  // An alert posted to /api/v2/alerts is routed on its own labels, exactly as Alertmanager would.
  if (isAlertmanagerAlert(event)) return { ...event.data.labels };
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
