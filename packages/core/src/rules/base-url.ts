// The service's base address: every operation's path is relative to the version segment, so an
// address without `/v1` reaches nothing (404 on every call). The client refuses one; the MCP
// server and any other caller check with the same rule and print the same words.

/** What a base URL must be, for messages: "baseUrl must be …". */
export const BASE_URL_RULE = 'an absolute URL ending in /v1';

/** True for `http(s)://host[:port][/prefix]/v1` (a trailing slash allowed). */
export function isServiceBaseUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return /\/v1\/*$/.test(url.pathname);
}
