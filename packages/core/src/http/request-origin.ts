// One rule for every server of the suite (the receiver's API, reload and UI; the MCP endpoint; the
// emulator's console): who may reach an endpoint and who may change state through it, judged on the
// headers alone, before a byte of body is read.
//
// A web page can send a request to any address without asking first (a form, or fetch with a
// text/plain body or none at all), and a DNS-rebound page reaches a server under its own host name.
// What the browser adds marks both: an `Origin` on every request that is not a plain GET or HEAD
// (all current browsers), and `Sec-Fetch-Site` where the address is trustworthy (https, loopback).
// So:
// - Host must be one of this server's names: what a DNS-rebound page cannot send. A listener
//   reachable beyond loopback (`anyHost`) has names it cannot list (a cluster's service name, an
//   address), so there only a page needs one of the listed names.
// - An Origin must name one of those hosts (or be an origin the operator listed).
// - A state change from a page must come from this very origin (host and port: a page on another
//   port of the same machine is another origin), never same-site or cross-site, and carry a body
//   that no other page could send without a CORS preflight (JSON), unless the endpoint is a form of
//   this server's own pages.
// - The token lifts the page checks: `Authorization: Bearer` is a header no page can add without a
//   preflight that no foreign origin is granted, so a request carrying the valid one comes from a
//   client acting on purpose (a proxy such as karma's, forwarding its page's Origin, or a script).
//   Only where the server says so does it lift the Origin check too (the MCP endpoint must refuse a
//   foreign Origin whatever else the request carries).
// A request with no Origin and no Sec-Fetch-Site (curl, Prometheus, amtool, another server, a proxy
// that drops Origin as Grafana's does) passes every check only a browser could trip.

import { contentTypeRefusal } from '../net/content-type.ts';
import { getHeader, type HeaderSource } from '../net/headers.ts';

/** The names a loopback server answers to whatever it is bound to (the SDK's `localhostAllowedHostnames`). */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** A host name as a Host header's is compared: lower case, IPv6 in brackets, no port. */
export function asHostname(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/**
 * The host names a server answers to: the loopback names, the address it is bound to (unless it
 * is every interface) and the operator's `extra` (a proxy's public name, the public URL's host).
 */
export function allowedHostnames(bindHost: string, extra: readonly string[] = []): string[] {
  const wildcard = bindHost === '' || bindHost === '0.0.0.0' || bindHost === '::' || bindHost === '[::]';
  return [...new Set([...LOOPBACK_HOSTNAMES, ...(wildcard ? [] : [bindHost]), ...extra].map(asHostname))];
}

export interface OriginPolicy {
  /** Host names (see `allowedHostnames`) accepted in Host, and as the host of an Origin. */
  hosts: readonly string[];
  /**
   * The listener is reachable beyond loopback, under names it cannot list: a client that is not a
   * page may send any Host. A page still needs one of `hosts` (DNS rebinding), unless it has the token.
   */
  anyHost?: boolean;
  /** Whole origins (`scheme://host[:port]`, as a browser writes them) a page may read from besides. */
  origins?: readonly string[];
  /**
   * The token also lifts the Origin check: a client with the token may forward any page's Origin
   * (karma's proxy forwards its own page's). Without it, an Origin must be one of this server's or
   * listed even with the token, as the MCP specification requires of its endpoint.
   */
  tokenFromAnyOrigin?: boolean;
  /**
   * The media types the endpoint reads from a body (`application/json` also stands for
   * `application/*+json`): a state-changing request carrying a body must declare one, in UTF-8.
   * One a form can send (`application/x-www-form-urlencoded`) makes it a form of this server's own
   * pages, which a page of this origin may post without a body type a form cannot send.
   * Absent: the endpoint reads no body, and a page may change nothing through it without the token.
   */
  accepts?: readonly string[];
  /**
   * The browser sends this endpoint's credential by itself (HTTP Basic): a state change without
   * the token must show it comes from this very origin even when it has no Origin header
   * (`Sec-Fetch-Site: same-origin`), as an older browser's form post may not.
   */
  browserCredentials?: boolean;
  /** Where the operator adds a name (`server.allowed_hosts`, `--allowed-hosts`), for the message. */
  hostsSetting?: string;
}

/** What the caller knows of the request beyond its headers. */
export interface OriginCredentials {
  /**
   * The request carries the endpoint's token as `Authorization: Bearer`, and the caller refuses it
   * when the token is wrong (checked first, or checked before anything is done).
   */
  token?: boolean;
}

export interface OriginRefusal {
  /** 403 for Host, Origin, Sec-Fetch-Site and a page's missing body; 415 for Content-Type. */
  status: 403 | 415;
  header: 'host' | 'origin' | 'sec-fetch-site' | 'content-type';
  reason:
    | 'missing_host'
    | 'foreign_host'
    | 'foreign_origin'
    | 'cross_site'
    | 'body_required'
    | 'unsupported_media_type'
    | 'unsupported_charset';
  /** Names the header and the rule, without a package prefix (each layer adds its own). */
  message: string;
}

/** Methods that change nothing: only Host and Origin are checked (a link from another site is fine). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Body types a page may send to any address without a CORS preflight (the Fetch standard's list). */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/** A Host header is `host[:port]`: anything a URL would read as a user, path or query is not one. */
const HOST_SHAPE = /^[^\s/\\?#@]+$/;

/** `host[:port]` of a Host header as a URL of `scheme` reads it (a default port dropped), or undefined. */
function hostOf(host: string, scheme = 'http:'): URL | undefined {
  if (!HOST_SHAPE.test(host)) return undefined;
  try {
    return new URL(`${scheme}//${host}`);
  } catch {
    return undefined;
  }
}

function urlOf(origin: string): URL | undefined {
  try {
    return new URL(origin);
  } catch {
    return undefined;
  }
}

const shown = (value: string) => JSON.stringify(value.slice(0, 100));

/** Whether a request carries a body, by its framing headers (HTTP/1.1 §6.3; HTTP/2 sends a length or none). */
function hasBody(headers: HeaderSource): boolean {
  const length = getHeader(headers, 'content-length');
  if (length !== undefined) return length.trim() !== '0';
  return getHeader(headers, 'transfer-encoding') !== undefined;
}

const refusal = (
  status: OriginRefusal['status'],
  header: OriginRefusal['header'],
  reason: OriginRefusal['reason'],
  message: string,
): OriginRefusal => ({ status, header, reason, message });

/**
 * Why a request must not reach the endpoint (the header, the rule and the status to answer), or
 * undefined when it may. `method` decides what is checked: Host and Origin always; for a
 * state-changing method also where a page's request comes from and what it carries.
 */
export function originRefusal(
  method: string,
  headers: HeaderSource,
  policy: OriginPolicy,
  credentials: OriginCredentials = {},
): OriginRefusal | undefined {
  const token = credentials.token === true;
  const hosts = policy.hosts.map(asHostname);
  const setting = policy.hostsSetting ? ` (add a proxy's or public name with ${policy.hostsSetting})` : '';
  const rawOrigin = getHeader(headers, 'origin');
  const origin = rawOrigin === '' ? undefined : rawOrigin;
  const host = getHeader(headers, 'host');
  if (!host)
    return refusal(403, 'host', 'missing_host', 'Host: required, naming this server (DNS-rebinding check)');
  const hostname = hostOf(host)?.hostname;
  const named = hostname !== undefined && hosts.includes(hostname);
  if (!named && !(hostname !== undefined && policy.anyHost && (origin === undefined || token))) {
    const who = policy.anyHost ? 'a page may use' : 'this server answers to';
    return refusal(
      403,
      'host',
      'foreign_host',
      `Host: ${shown(host)} is not a name ${who}; a DNS-rebound page would send such a name${setting}`,
    );
  }
  const safe = SAFE_METHODS.has(method.toUpperCase());
  const foreign = token && policy.tokenFromAnyOrigin ? undefined : readRefusal(origin, hosts, policy);
  if (foreign) return foreign;
  if (!token && !safe) {
    const refused = changeRefusal(method, headers, host, origin, policy);
    if (refused) return refused;
  }
  if (!safe && policy.accepts && hasBody(headers)) {
    const type = contentTypeRefusal(getHeader(headers, 'content-type'), policy.accepts);
    if (type) return { status: 415, header: 'content-type', ...type };
  }
  return undefined;
}

/** Any request from a page: its Origin names one of this server's hosts, or is listed. */
function readRefusal(origin: string | undefined, hosts: readonly string[], policy: OriginPolicy) {
  if (origin === undefined || (policy.origins ?? []).includes(origin)) return undefined;
  const originHost = urlOf(origin)?.hostname;
  if (originHost && hosts.includes(originHost)) return undefined;
  return refusal(
    403,
    'origin',
    'foreign_origin',
    `Origin: ${shown(origin)} is not this server nor an allowed origin; a page of another site may not use this endpoint`,
  );
}

/** A state change without the token: never from another site, and from a page only its own origin's. */
function changeRefusal(
  method: string,
  headers: HeaderSource,
  host: string,
  origin: string | undefined,
  policy: OriginPolicy,
): OriginRefusal | undefined {
  const verb = method.toUpperCase();
  const site = getHeader(headers, 'sec-fetch-site')?.trim().toLowerCase();
  if (site === 'cross-site' || site === 'same-site') {
    return refusal(
      403,
      'sec-fetch-site',
      'cross_site',
      `Sec-Fetch-Site: a ${verb} from ${site === 'same-site' ? 'another origin of this site (another port)' : 'another site'} is refused without the token (Authorization: Bearer); use this server's own address, or a client outside the browser`,
    );
  }
  if (origin === undefined) {
    if (!policy.browserCredentials || site === 'same-origin') return undefined;
    return refusal(
      403,
      'origin',
      'foreign_origin',
      `Origin: a ${verb} must come from this server's own pages (Origin or Sec-Fetch-Site: same-origin) or carry Authorization: Bearer <token>`,
    );
  }
  const from = urlOf(origin);
  const own = from === undefined ? undefined : hostOf(host, from.protocol);
  if (from === undefined || own === undefined || from.host !== own.host) {
    return refusal(
      403,
      'origin',
      'foreign_origin',
      `Origin: ${shown(origin)} is not this server's own origin; a page of another site or port may not ${verb} here without the token (Authorization: Bearer)`,
    );
  }
  const accepts = policy.accepts ?? [];
  const form = accepts.some((type) => FORM_TYPES.has(type));
  if (form || (accepts.length > 0 && hasBody(headers))) return undefined;
  return refusal(
    403,
    'content-type',
    'body_required',
    `a ${verb} from a web page needs ${accepts.length > 0 ? `a body of ${accepts[0]} or ` : ''}the token (Authorization: Bearer) to change anything here`,
  );
}
