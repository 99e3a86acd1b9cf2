// How deep a JSON body may nest. JSON.parse reads any depth, but JSON.stringify and
// structuredClone overflow the stack a few thousand levels down (6,000 nested arrays do), and so
// does any recursive walk: a deeper body is accepted and then fails later, when it is stored,
// answered, rendered or delivered, every time. So depth is checked on the text, before parsing.

/**
 * Deepest nesting of objects and arrays a request body of the service's API may have (the
 * emulator's limit; parsers of Python services also stop near a thousand levels).
 */
export const MAX_JSON_DEPTH = 512;

/**
 * Deepest nesting an alert webhook body may have (the receiver refuses deeper ones at ingest).
 * The document's alert events nest four levels; 64 leaves room for any sender's extra fields and
 * stays far from any stack limit in the renderers of every destination.
 */
export const MAX_ALERT_JSON_DEPTH = 64;

/** Whether `text` nests objects and arrays deeper than `max` (brackets inside strings do not count). */
export function jsonNestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The rule's text for an error, naming the limit (each layer adds its package prefix and field). */
export const jsonDepthRule = (max: number) => `nested deeper than ${max} levels of objects and arrays`;

/**
 * A copy of a parsed JSON value in which every object or array nested deeper than `max` is
 * replaced by a short note: for a value stored before its depth was checked, so that whatever
 * serializes or walks it (a renderer, a handler) cannot overflow the stack. The walk itself goes
 * `max` levels deep at most.
 */
export function clampJsonDepth(value: unknown, max: number): unknown {
  const note = `(${jsonDepthRule(max)}: left out)`;
  const walk = (v: unknown, above: number): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (above >= max) return note;
    if (Array.isArray(v)) return v.map((item) => walk(item, above + 1));
    return Object.fromEntries(Object.entries(v).map(([key, item]) => [key, walk(item, above + 1)]));
  };
  return walk(value, 0);
}
