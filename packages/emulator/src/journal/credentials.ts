// What the journal, the recordings and the log never keep: credentials, wherever a request put
// them. Two rules: a value under a credential's name (a header such as `X-Auth-Token` or `Api-Key`,
// a parameter such as `?access_token=`, a JSON field such as `"password"`) is replaced whole; and
// any value the emulator knows as a credential (its API tokens and webhook secrets, the passwords
// of the URLs it was given, and every value it has seen under a credential's name) is cut out of
// every other text: a path id, a query value, a header, a JSON string or key, an upstream's answer,
// a log line. One place, so the journal and a recording cannot disagree, and a replay matches a
// request by the same redacted values it recorded.
import type { IncomingHttpHeaders } from 'node:http';
import { decodeSegment } from '../routing/request-target.ts';

export const REDACTED = '[redacted]';

/** Words that make a header's name a credential's (`X-Auth-Token`, `Api-Key`, `Proxy-Authorization`). */
const HEADER_WORDS = new Set([
  'authorization',
  'auth',
  'token',
  'secret',
  'password',
  'passwd',
  'cookie',
  'session',
  'credential',
  'credentials',
  'signature',
  'apikey',
  'key',
  'jwt',
  'csrf',
  'xsrf',
]);
/** Headers whose names say key but whose values are no secret: kept, as tests read them. */
const NOT_CREDENTIAL_HEADERS = new Set(['idempotency-key']);

/**
 * Parameter and JSON field names of credentials, compared without case, `-`, `_` or `.`
 * (`access_token`, `accessToken` and `Access-Token` alike). Whole names: `token_count` is a count.
 */
const CREDENTIAL_FIELDS = new Set([
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'authtoken',
  'apitoken',
  'bearertoken',
  'sessiontoken',
  'securitytoken',
  'csrftoken',
  'xsrftoken',
  'apikey',
  'xapikey',
  'xauthtoken',
  'xapitoken',
  'key',
  'accesskey',
  'secretkey',
  'privatekey',
  'secret',
  'clientsecret',
  'apisecret',
  'webhooksecret',
  'signingsecret',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'authorization',
  'auth',
  'cookie',
  'session',
  'sessionid',
  'signature',
  'sig',
  'credential',
  'credentials',
  'jwt',
]);

/** Shorter known values are not cut out of other text: `?token=a` must not erase every `a`. */
const MIN_CUT_LENGTH = 8;
/** Values remembered from requests (the oldest go first), and the longest one remembered. */
const MAX_REMEMBERED = 256;
const MAX_REMEMBERED_LENGTH = 4096;
/** JSON deeper than this is not walked: what lies below is replaced whole. */
const MAX_DEPTH = 128;

export function isCredentialHeader(name: string): boolean {
  const lower = name.toLowerCase();
  if (NOT_CREDENTIAL_HEADERS.has(lower)) return false;
  return lower.split(/[-_\s]+/).some((word) => HEADER_WORDS.has(word)) || isCredentialField(lower);
}

export function isCredentialField(name: string): boolean {
  return CREDENTIAL_FIELDS.has(name.toLowerCase().replace(/[-_.]/g, ''));
}

const headerText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : (value ?? '');

/** The credential values a request carries: its credential headers' and parameters' values, and their parts. */
export function credentialValues(headers: IncomingHttpHeaders, search?: URLSearchParams): string[] {
  const values: string[] = [];
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined || !isCredentialHeader(name)) continue;
    const value = headerText(raw).trim();
    values.push(value);
    // `Bearer X`, `Basic b64(user:password)`, `Token X`: the credential after the scheme.
    const [, scheme, rest] = /^(\S+)\s+(.+)$/.exec(value) ?? [];
    if (rest) values.push(rest);
    if (scheme?.toLowerCase() === 'basic' && rest) {
      const decoded = Buffer.from(rest, 'base64').toString('utf8');
      values.push(decoded, decoded.slice(decoded.indexOf(':') + 1));
    }
    if (name === 'cookie')
      values.push(...value.split(';').map((pair) => pair.slice(pair.indexOf('=') + 1).trim()));
  }
  for (const [name, value] of search ?? []) if (isCredentialField(name)) values.push(value);
  return values.filter((v) => v !== '');
}

/** How one text, path, header set, query, or JSON value is kept. */
export interface Redaction {
  text(value: string): string;
  /** A raw path: each segment as sent, or, when its decoded form holds a known value, that form cut. */
  path(raw: string): string;
  headers(headers: IncomingHttpHeaders): Record<string, string>;
  query(search: URLSearchParams): Record<string, string | string[]>;
  params(params: Record<string, string>): Record<string, string>;
  json(value: unknown): unknown;
}

/** The redaction that cuts `known` values (each also as percent-encoded and as written in JSON). */
export function redaction(known: Iterable<string>): Redaction {
  const cut = new Set<string>();
  for (const value of known) {
    if (value.length < MIN_CUT_LENGTH) continue;
    cut.add(value);
    cut.add(encodeURIComponent(value));
  }
  // Longest first, so a value that contains another is cut whole.
  const values = [...cut].sort((a, b) => b.length - a.length);
  const text = (value: string) => {
    let out = value;
    for (const secret of values) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  };
  const json = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return text(value);
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_DEPTH) return REDACTED;
    if (Array.isArray(value)) return value.map((item) => json(item, depth + 1));
    // fromEntries defines each key as data, `__proto__` included.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        text(key),
        isCredentialField(key) && item !== null && item !== '' ? REDACTED : json(item, depth + 1),
      ]),
    );
  };
  return {
    text,
    path: (raw) =>
      raw
        .split('/')
        .map((segment) => {
          const decoded = decodeSegment(segment);
          const kept = text(decoded);
          return kept !== decoded ? kept : text(segment);
        })
        .join('/'),
    headers: (headers) => {
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined) continue;
        out[text(name)] = isCredentialHeader(name) ? REDACTED : text(headerText(value));
      }
      return out;
    },
    query: (search) => {
      const out: Record<string, string | string[]> = {};
      for (const name of new Set(search.keys())) {
        const all = search.getAll(name).map((v) => (isCredentialField(name) ? REDACTED : text(v)));
        out[text(name)] = all.length === 1 ? (all[0] as string) : all;
      }
      return out;
    },
    params: (params) => Object.fromEntries(Object.entries(params).map(([k, v]) => [k, text(v)])),
    json: (value) => json(value, 0),
  };
}

/**
 * The credentials the emulator knows: `known()` reads its state (tokens, webhook secrets) when a
 * redaction is made, and the values requests carried under a credential's name are remembered, so
 * a token seen in one request's header is cut from another's body or from an upstream's answer.
 */
export class Credentials {
  readonly #known: () => Iterable<string>;
  readonly #seen = new Set<string>();

  constructor(known: () => Iterable<string>) {
    this.#known = known;
  }

  /** The redaction for one request, which also remembers the credentials it carries. */
  of(headers: IncomingHttpHeaders, search?: URLSearchParams): Redaction {
    const carried = credentialValues(headers, search);
    for (const value of carried) this.#remember(value);
    return redaction([...this.#known(), ...this.#seen, ...carried]);
  }

  /** The redaction of every value known now (for log lines). */
  all(): Redaction {
    return redaction([...this.#known(), ...this.#seen]);
  }

  #remember(value: string): void {
    if (value.length < MIN_CUT_LENGTH || value.length > MAX_REMEMBERED_LENGTH || this.#seen.has(value))
      return;
    this.#seen.add(value);
    if (this.#seen.size > MAX_REMEMBERED) this.#seen.delete(this.#seen.values().next().value as string);
  }
}
