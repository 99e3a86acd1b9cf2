// Malformed requests from a seed: the same seed gives the same requests, so a failure found in CI
// is replayed by hand with TRACKERKIT_FUZZ_SEED. Framing is always valid HTTP/1.1 (a request line, a
// Content-Length that matches), so every request deserves an answer; what is malformed is what a
// server must judge: methods, paths and ids, query values, headers, charsets and bodies.

/** mulberry32: small, fast, and the same on every platform. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const chance = (rng: Rng, p: number) => rng() < p;

export interface RawRequest {
  method: string;
  /** The request target exactly as sent (already percent-encoded where it must be). */
  target: string;
  headers: [string, string][];
  body: Uint8Array;
}

/** A route the fuzzer aims at: `{name}` segments are path parameters. */
export interface Route {
  method: string;
  path: string;
}

/** Path parameter values a server could never have issued, or ones that walk the path. */
const BAD_IDS = [
  '..',
  '.',
  '%2E%2E',
  '%2e',
  '..%2F..',
  '%2F',
  '%5C',
  '%00',
  '%0A',
  '%',
  '%zz',
  '%ff%fe',
  '%F0%9F%92%A9',
  ';',
  '~',
  '-1',
  '0',
  'null',
  '%20',
  'x'.repeat(3000),
  'trk_%2E%2E',
];

const QUERY_VALUES = [
  '-1',
  '0',
  'abc',
  '1e309',
  '1.5',
  '',
  '%',
  '%zz',
  '999999999999999999999',
  'true',
  '[]',
];
const QUERY_NAMES = ['page', 'page_size', 'since_hours', 'signal', 'status', 'min_score', 'event', 'fields'];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/merge-patch+json',
  'application/json; charset',
  '',
];

const JSON_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e',
  '<script>',
  '..',
  '../../etc/passwd',
  'ü'.repeat(40),
  '%00',
];

/** A JSON value of random shape, `depth` levels at most. */
export function jsonValue(rng: Rng, depth: number, names: readonly string[]): unknown {
  const kind = depth <= 0 ? Math.floor(rng() * 5) : Math.floor(rng() * 7);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return chance(rng, 0.5);
    case 2:
      return pick(rng, [0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, 10, 11, 101, 1441]);
    case 3:
      return pick(rng, JSON_STRINGS);
    case 4:
      return 'x'.repeat(Math.floor(rng() * 3) === 0 ? 20_000 : 5);
    case 5:
      return Array.from({ length: Math.floor(rng() * 4) }, () => jsonValue(rng, depth - 1, names));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(rng() * 5); i > 0; i--) {
        object[pick(rng, [...names, '__proto__', 'constructor', ''])] = jsonValue(rng, depth - 1, names);
      }
      return object;
    }
  }
}

const encoder = new TextEncoder();

function body(rng: Rng, names: readonly string[]): Uint8Array {
  switch (Math.floor(rng() * 8)) {
    case 0:
      return new Uint8Array();
    case 1: {
      // Deep nesting: what a recursive reader or writer cannot survive.
      const depth = pick(rng, [65, 200, 6000, 20_000]);
      const open = pick(rng, ['[', '{"a":']);
      const close = open === '[' ? ']' : '}';
      return encoder.encode(`${open.repeat(depth)}1${close.repeat(depth)}`);
    }
    case 2:
      return encoder.encode(pick(rng, ['{', 'nul', '{"a":1,}', "{'a':1}", '[1,2', '"', '{"a":1}{"b":2}']));
    case 3:
      // Not UTF-8: a lone continuation byte, an overlong form, a surrogate.
      return Uint8Array.from([
        0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x80, 0x22, 0x7d,
      ]);
    case 4:
      return encoder.encode(`{"a":"${'y'.repeat(pick(rng, [1000, 300_000]))}"}`);
    case 5:
      return encoder.encode(JSON.stringify([jsonValue(rng, 3, names)]));
    default:
      return encoder.encode(JSON.stringify(jsonValue(rng, 4, names)) ?? 'null');
  }
}

function target(rng: Rng, route: Route, ids: Record<string, string>): string {
  const path = route.path.replace(/\{([^}]+)\}/g, (_whole, name: string) =>
    chance(rng, 0.4) && ids[name] ? encodeURIComponent(ids[name]) : pick(rng, BAD_IDS),
  );
  if (!chance(rng, 0.4)) return path;
  const pairs = Array.from(
    { length: 1 + Math.floor(rng() * 3) },
    () => `${pick(rng, QUERY_NAMES)}=${pick(rng, QUERY_VALUES)}`,
  );
  return `${path}?${pairs.join('&')}`;
}

export interface FuzzTarget {
  routes: readonly Route[];
  /** Values that reach past the id checks (never the witness's: it must stay untouched). */
  ids: Record<string, string>;
  /** Field names the bodies borrow, so some reach past the JSON parser into validation. */
  fieldNames: readonly string[];
  /** The headers a well-formed request carries (authorization, accept). */
  headers: readonly [string, string][];
  host: string;
}

/** One malformed request for `t`. */
export function malformedRequest(rng: Rng, t: FuzzTarget): RawRequest {
  const route = pick(rng, t.routes);
  const method = chance(rng, 0.85)
    ? route.method
    : pick(rng, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'BREW']);
  const headers: [string, string][] = [];
  headers.push(['host', chance(rng, 0.9) ? t.host : pick(rng, ['evil.example', '', 'localhost:1', '[::1'])]);
  for (const header of t.headers) if (chance(rng, 0.85)) headers.push([...header]);
  if (chance(rng, 0.1))
    headers.push(['authorization', pick(rng, ['Bearer', 'Bearer x', 'Basic Og==', 'qapi_'])]);
  if (chance(rng, 0.1))
    headers.push(['origin', pick(rng, ['http://evil.example', 'null', `http://${t.host}`])]);
  if (chance(rng, 0.1)) headers.push(['sec-fetch-site', pick(rng, ['cross-site', 'same-origin', 'none'])]);
  if (chance(rng, 0.05)) headers.push(['content-encoding', pick(rng, ['gzip', 'br', 'identity'])]);
  const payload = method === 'GET' || method === 'HEAD' ? new Uint8Array() : body(rng, t.fieldNames);
  const type = pick(rng, CONTENT_TYPES);
  if (payload.length > 0 && type !== '') headers.push(['content-type', type]);
  headers.push(['content-length', String(payload.length)], ['connection', 'close']);
  return { method, target: target(rng, route, t.ids), headers, body: payload };
}
