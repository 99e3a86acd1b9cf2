// A configuration file's text → the value the schema reads, as Alertmanager's YAML reader (Go's
// yaml.v2) would see it: merge keys (`<<: *anchor`) are applied as Go applies them (yaml-merge.ts),
// and a label map's values are strings as written, so `match: {code: 500}` matches the label
// `code="500"` and `{v: 1.50}` the value `1.50` (Go copies a scalar's text into a string field; a
// parsed number would lose it).
import { extname } from 'node:path';
import { isMap, isPair, isScalar, parseDocument, Scalar, visit } from 'yaml';
import { invalidConfig } from '../errors.ts';
import { applyMerges, LABEL_MAPS } from './yaml-merge.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A YAML scalar as Go copies it into a string: its text as written, a null as empty. */
function asWritten(node: Scalar): Scalar {
  if (typeof node.value === 'string') return node;
  return new Scalar(node.value === null ? '' : (node.source ?? String(node.value)));
}

/** Parses `text` (YAML, or JSON when `file` ends in .json); errors name the format. */
export function parseConfigText(text: string, file: string): unknown {
  if (extname(file) === '.json') {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw invalidConfig([`(file): not valid JSON: ${(error as Error).message}`]);
    }
  }
  // Merges are applied after, as Go applies them, not by the parser.
  const doc = parseDocument(text, { merge: false });
  if (doc.errors.length > 0) throw invalidConfig([`(file): not valid YAML: ${doc.errors[0]!.message}`]);
  visit(doc, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || !LABEL_MAPS.has(String(pair.key.value)) || !isMap(pair.value)) return;
      for (const item of pair.value.items) {
        if (!isPair(item)) continue;
        if (isScalar(item.key)) item.key = asWritten(item.key);
        if (isScalar(item.value)) item.value = asWritten(item.value);
      }
    },
  });
  let value: unknown;
  try {
    value = doc.toJS();
  } catch (error) {
    // More aliases than the parser expands (a document built to explode when read).
    throw invalidConfig([`(file): not valid YAML: ${(error as Error).message}`]);
  }
  return applyMerges(value);
}

/**
 * The same rule for a configuration given as an object (or JSON): a label map's numbers and
 * booleans become their text, a null the empty value (which matches an absent label).
 */
export function labelMapsAsText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(labelMapsAsText);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      LABEL_MAPS.has(key) && isObject(v)
        ? Object.fromEntries(
            Object.entries(v).map(([name, x]) => [
              name,
              x === null ? '' : typeof x === 'number' || typeof x === 'boolean' ? String(x) : x,
            ]),
          )
        : labelMapsAsText(v),
    ]),
  );
}
