import { type AlertEvent, eventData } from '../events/types.ts';
import { compileGlob } from './glob-to-regexp.ts';
import {
  compareMatchers,
  type LabelMatcher,
  matchersString,
  matchesLabel,
  newMatcher,
} from './label-matcher.ts';
import { quoteRe2 } from './re2.ts';
import type { RouteMatchers } from './types.ts';

/** A route's matchers, compiled once: the test an alert goes through and Alertmanager's string of them. */
export interface CompiledMatchers {
  test(event: AlertEvent, labels: Readonly<Record<string, string>>): boolean;
  /** `{a="b",c=~"d"}`, sorted as Alertmanager sorts a route's matchers: part of the route's key. */
  text: string;
}

type Test = (event: AlertEvent, labels: Readonly<Record<string, string>>) => boolean;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** An object-form list as Alertmanager would write it: `name="a"`, or `name=~"a|b"` for several. */
export function listMatcher(name: string, values: readonly string[]): LabelMatcher {
  return values.length === 1
    ? { name, op: '=', value: values[0]! }
    : { name, op: '=~', value: values.map(quoteRe2).join('|') };
}

/**
 * Compiles `matchers` (either form; absent matches everything). A regex matcher built in code
 * without its compiled expression is compiled here, so no alert meets an uncompiled one.
 */
export function compileRouteMatchers(matchers: RouteMatchers | undefined): CompiledMatchers {
  const tests: Test[] = [];
  const shown: LabelMatcher[] = [];
  if (matchers?.event) {
    const allowed = new Set<string>(matchers.event);
    tests.push((event) => allowed.has(event.type));
    shown.push(listMatcher('event', matchers.event));
  }
  const exact = [
    ['tracker_id', matchers?.trackerId],
    ['space_id', matchers?.spaceId],
    ['signal', matchers?.signal],
  ] as const;
  for (const [field, values] of exact) {
    if (!values) continue;
    const allowed = new Set<string>(values);
    tests.push((event) => {
      const v = str(eventData(event)[field]);
      return v !== undefined && allowed.has(v);
    });
    shown.push(listMatcher(field, values));
  }
  if (matchers?.trackerName) {
    const globs = matchers.trackerName.map(compileGlob);
    tests.push((event) => {
      const name = str(eventData(event).tracker_name);
      return name !== undefined && globs.some((g) => g.test(name));
    });
    shown.push({ name: 'tracker_name', op: '=~', value: matchers.trackerName.join('|') });
  }
  if (matchers?.score) {
    const { min, max } = matchers.score;
    tests.push((event) => {
      const score = eventData(event).score;
      if (typeof score !== 'number') return false;
      return (min === undefined || score >= min) && (max === undefined || score <= max);
    });
    shown.push({ name: 'score', op: '=~', value: `[${min ?? ''},${max ?? ''}]` });
  }
  if (matchers?.bound) {
    const allowed = new Set<unknown>(matchers.bound);
    tests.push((event) => {
      const bound = eventData(event).bound;
      return allowed.has(bound === null || bound === undefined ? 'none' : bound);
    });
    shown.push(listMatcher('bound', matchers.bound));
  }
  if (matchers?.labels?.length) {
    // A regex built in code without its expression is compiled now, not when an alert comes.
    const labels = matchers.labels.map((m) =>
      (m.op === '=~' || m.op === '!~') && !m.re ? newMatcher(m.op, m.name, m.value) : m,
    );
    tests.push((_event, values) => labels.every((m) => matchesLabel(m, values[m.name])));
    shown.push(...labels);
  }
  return {
    test: (event, labels) => tests.every((t) => t(event, labels)),
    text: matchersString(shown.sort(compareMatchers)),
  };
}
