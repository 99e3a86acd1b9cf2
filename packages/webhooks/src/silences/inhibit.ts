import type { LabelMatcher } from '../router/label-matcher.ts';
import { matchesLabel } from '../router/label-matcher.ts';

/** Alertmanager's inhibit rule: a firing source alert mutes target alerts with the same `equal` labels. */
export interface InhibitRule {
  sourceMatchers: LabelMatcher[];
  targetMatchers: LabelMatcher[];
  /** Label names whose values must be equal in source and target (absent = empty, as Alertmanager). */
  equal: string[];
}

export type Labels = Record<string, string>;

const matchesAll = (matchers: LabelMatcher[], labels: Labels) =>
  matchers.every((m) => matchesLabel(m, labels[m.name]));

/** The rules whose target matchers hold for `target`: only these need the firing sources read. */
export function targetingRules(rules: readonly InhibitRule[], target: Labels): InhibitRule[] {
  return rules.filter((rule) => matchesAll(rule.targetMatchers, target));
}

/**
 * Whether `source`, firing, inhibits `target` through `rule` (whose target matchers hold for it).
 * As Alertmanager (`hasEqual`): when the target matches the source matchers too, no source that
 * also matches the target matchers inhibits it (itself included), nor does an earlier alert of
 * the same tracker, which the target replaces.
 */
function inhibits(rule: InhibitRule, target: Labels, source: Labels): boolean {
  const twoSided = matchesAll(rule.sourceMatchers, target);
  const sameTracker = source.tracker_id !== undefined && source.tracker_id === target.tracker_id;
  return (
    matchesAll(rule.sourceMatchers, source) &&
    rule.equal.every((name) => (source[name] ?? '') === (target[name] ?? '')) &&
    !(twoSided && (sameTracker || matchesAll(rule.targetMatchers, source)))
  );
}

/**
 * Whether any rule inhibits the target: it matches the rule's target matchers and some firing
 * alert matches its source matchers with the `equal` labels alike (`inhibits`). `firing` is
 * called only when some rule's target matches.
 */
export function isInhibited(rules: readonly InhibitRule[], target: Labels, firing: () => Labels[]): boolean {
  let sources: Labels[] | undefined;
  for (const rule of rules) {
    if (!matchesAll(rule.targetMatchers, target)) continue;
    sources ??= firing();
    if (sources.some((source) => inhibits(rule, target, source))) return true;
  }
  return false;
}

/**
 * What inhibits `target` now, by the same rule as `isInhibited`: the firing sources that do (in
 * their order, each once) and the indexes of the rules through which they do. Empty when nothing
 * does.
 */
export function inhibitors<S extends { labels: Labels }>(
  rules: readonly InhibitRule[],
  target: Labels,
  firing: readonly S[],
): { sources: S[]; rules: number[] } {
  const sources = new Set<S>();
  const through: number[] = [];
  rules.forEach((rule, index) => {
    if (!matchesAll(rule.targetMatchers, target)) return;
    const found = firing.filter((source) => inhibits(rule, target, source.labels));
    if (found.length === 0) return;
    through.push(index);
    for (const source of found) sources.add(source);
  });
  return { sources: [...sources], rules: through };
}
