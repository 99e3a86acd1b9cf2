// The JSON every destination sends, and what its size is measured on. JSON.stringify writes a lone
// surrogate as an escape (`\ud800`) that the service decodes back into invalid Unicode, which some
// refuse outright: each one, in a value or a key, goes as U+FFFD, as a UTF-8 decoder reads a
// broken sequence. Replacing one code unit by one keeps every length a destination counted.

type WellFormedString = { isWellFormed(): boolean; toWellFormed(): string };

/** `text` with each lone surrogate as U+FFFD (String#toWellFormed, Node 20 and later). */
export function wellFormed(text: string): string {
  return (text as unknown as WellFormedString).toWellFormed();
}

const isWellFormed = (text: string) => (text as unknown as WellFormedString).isWellFormed();

function replacer(_key: string, value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.every(isWellFormed)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(keys.map((key) => [wellFormed(key), record[key]]));
}

/** `value` as the JSON text sent: valid Unicode throughout. */
export function wireJson(value: unknown): string {
  return JSON.stringify(value, replacer);
}

/** The UTF-8 bytes of `wireJson(value)`: what a limit in bytes is measured on. */
export function wireBytes(value: unknown): number {
  return Buffer.byteLength(wireJson(value));
}

/**
 * The bytes of `text` as the inside of a JSON string written by `wireJson` (quotes aside): `"`,
 * `\` and the short-escaped controls take 2, other controls 6 (`\u0001`), a lone surrogate 3
 * (U+FFFD), a pair 4, the rest their UTF-8. Read one character at a time, up to `maxBytes`: `end`
 * is where the longest prefix within them ends (never inside a pair), `bytes` what it takes. The
 * cost follows what is read, never the serialization of the whole value.
 */
export function jsonCut(text: string, maxBytes: number): { end: number; bytes: number } {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    let units = 1;
    let size: number;
    if (c === 0x22 || c === 0x5c || c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d)
      size = 2;
    else if (c < 0x20) size = 6;
    else if (c < 0x80) size = 1;
    else if (c < 0x800) size = 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        units = 2;
        size = 4;
      } else size = 3;
    } else size = 3;
    if (bytes + size > maxBytes) break;
    bytes += size;
    i += units;
  }
  return { end: i, bytes };
}
