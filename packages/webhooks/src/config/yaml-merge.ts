// YAML merge keys (`<<: *anchor`) as Alertmanager's YAML reader (Go's yaml.v2, strict) applies
// them, which is not quite the YAML 1.1 draft: a mapping's keys are read in the order written, a
// merge writing the merged mapping's keys at its place, so a key written after `<<` overrides the
// merged one and a key written before it is overridden. And Go decodes into what is already there:
// a label map (`match`, `source_match_re`...) gains the labels it is given rather than being
// replaced (a label given twice is refused: "already set in map"), and a `matchers` list is
// appended to. So
//
//     - &team {receiver: ops, match: {env: production}}
//     - <<: *team
//       match: {code: 500}
//
// routes `{env="production", code="500"}`, as `amtool config routes test` shows.
import { invalidConfig } from '../errors.ts';

/** The merge key as parsed (the document is read without the parser's own merging). */
const MERGE_KEY = '<<';

/** The keys whose value is a map of label name → value (or regex): routes' and inhibit rules'. */
export const LABEL_MAPS = new Set([
  'match',
  'match_re',
  'source_match',
  'source_match_re',
  'target_match',
  'target_match_re',
]);

/** Lists Go's Matchers type appends to when read twice. */
const MATCHER_LISTS = new Set(['matchers', 'source_matchers', 'target_matchers']);

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => typeof v === 'object' && v !== null && !Array.isArray(v);

const twice = (label: string) =>
  invalidConfig([
    `(file): label ${JSON.stringify(label)} is given twice to one label map through a merge key (<<), which Alertmanager refuses: key already set in map`,
  ]);

/** `value` written at `key` over what the mapping holds there already, as Go decodes it. */
function write(into: Mapping, key: string, value: unknown, labelMap: boolean): void {
  const before = into[key];
  if (labelMap && key in into) throw twice(key);
  if (LABEL_MAPS.has(key) && isMapping(before) && isMapping(value)) {
    for (const label of Object.keys(value)) if (label in before) throw twice(label);
    into[key] = { ...before, ...value };
  } else if (MATCHER_LISTS.has(key) && Array.isArray(before) && Array.isArray(value))
    into[key] = [...before, ...value];
  else into[key] = value;
}

/**
 * `value` with every merge key applied (`labelMap`: it is a label map, a Go map). A mapping
 * aliased in many places is expanded once (`done`), so the work stays linear in the document
 * whatever its aliases.
 */
export function applyMerges(
  value: unknown,
  done = new WeakMap<object, unknown>(),
  labelMap = false,
): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const known = labelMap ? undefined : done.get(value);
  if (known !== undefined) return known;
  let out: unknown;
  if (Array.isArray(value)) out = value.map((item) => applyMerges(item, done));
  else {
    const mapping: Mapping = {};
    for (const [key, item] of Object.entries(value)) {
      if (key !== MERGE_KEY) {
        write(mapping, key, applyMerges(item, done, LABEL_MAPS.has(key)), labelMap);
        continue;
      }
      // A list of mappings merges the last first, so the first listed wins (Go's order).
      const sources = Array.isArray(item) ? [...item].reverse() : [item];
      for (const source of sources) {
        const merged = applyMerges(source, done, labelMap);
        if (!isMapping(merged))
          throw invalidConfig(['(file): a merge key (<<) takes a mapping or a list of mappings']);
        for (const [k, v] of Object.entries(merged)) write(mapping, k, v, labelMap);
      }
    }
    out = mapping;
  }
  if (!labelMap) done.set(value, out);
  return out;
}
