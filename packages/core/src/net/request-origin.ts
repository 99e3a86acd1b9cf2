// One origin rule for every server of the suite (the receiver's API, reload and UI; the MCP
// endpoint; the emulator's console), judged on the headers alone, before a byte of body is read.
// A web page can send a POST to any address without asking first (a form, or fetch with a
// text/plain body), and a DNS-rebound page reaches a loopback server under its own host name; a
// browser marks both, so: the Host must be one of this server's names, an Origin one of them (or
// an origin the operator listed), a state-changing request must not come from another site, and
// its body must be a type the endpoint reads (JSON needs a CORS preflight, which nothing here
// answers for a foreign page). A request with no Origin and no Sec-Fetch-Site (curl, amtool,
// another server) passes every check only a browser could trip. The token, where there is one,
// is checked after this and does not replace it.

import { contentTypeRefusal } from './content-type.ts';
import { getHeader, type HeaderSource } from './headers.ts';

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
  /** Whole origins (`scheme://host[:port]`, as a browser writes them) accepted besides, also cross-site. */
  origins?: readonly string[];
  /**
   * The media types the endpoint reads from a body (`application/json` also stands for
   * `application/*+json`): a state-changing request carrying a body must declare one, in UTF-8.
   * Absent: the endpoint reads no body and its type is not checked.
   */
  accepts?: readonly string[];
  /** Where the operator adds a name (`server.allowed_hosts`, `--allowed-hosts`), for the message. */
  hostsSetting?: string;
}

export interface OriginRefusal {
  /** 403 for Host, Origin and Sec-Fetch-Site; 415 for Content-Type. */
  status: 403 | 415;
  header: 'host' | 'origin' | 'sec-fetch-site' | 'content-type';
  reason:
    | 'missing_host'
    | 'foreign_host'
    | 'foreign_origin'
    | 'cross_site'
    | 'unsupported_media_type'
    | 'unsupported_charset';
  /** Names the header and the rule, without a package prefix (each layer adds its own). */
  message: string;
}

/** Methods that change nothing: only Host and Origin are checked (a link from another site is fine). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A Host header is `host[:port]`: anything a URL would read as a user, path or query is not one. */
const HOST_SHAPE = /^[^\s/\\?#@]+$/;

function hostnameOfHost(host: string): string | undefined {
  if (!HOST_SHAPE.test(host)) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

function hostnameOfOrigin(origin: string): string | undefined {
  try {
    return new URL(origin).hostname || undefined;
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

/**
 * Why a request must not reach the endpoint (the header, the rule and the status to answer), or
 * undefined when it may. `method` decides what is checked: Host and Origin always; for a
 * state-changing method also Sec-Fetch-Site and, where the endpoint reads a body, Content-Type.
 */
export function originRefusal(
  method: string,
  headers: HeaderSource,
  policy: OriginPolicy,
): OriginRefusal | undefined {
  const hosts = policy.hosts.map(asHostname);
  const setting = policy.hostsSetting ? ` (add a proxy's or public name with ${policy.hostsSetting})` : '';
  const host = getHeader(headers, 'host');
  if (!host) {
    return {
      status: 403,
      header: 'host',
      reason: 'missing_host',
      message: 'Host: required, naming this server (DNS-rebinding check)',
    };
  }
  const hostname = hostnameOfHost(host);
  if (hostname === undefined || !hosts.includes(hostname)) {
    return {
      status: 403,
      header: 'host',
      reason: 'foreign_host',
      message: `Host: ${shown(host)} is not a name of this server; a DNS-rebound page would send such a name${setting}`,
    };
  }
  const origin = getHeader(headers, 'origin');
  const listed = origin !== undefined && (policy.origins ?? []).includes(origin);
  if (origin !== undefined && origin !== '' && !listed) {
    const originHost = hostnameOfOrigin(origin);
    if (originHost === undefined || !hosts.includes(originHost)) {
      return {
        status: 403,
        header: 'origin',
        reason: 'foreign_origin',
        message: `Origin: ${shown(origin)} is not this server nor an allowed origin; a page of another site may not use this endpoint`,
      };
    }
  }
  if (SAFE_METHODS.has(method.toUpperCase())) return undefined;
  // A listed origin is another site by design (a browser client the operator allowed).
  const site = getHeader(headers, 'sec-fetch-site')?.trim().toLowerCase();
  if (site === 'cross-site' && !listed) {
    return {
      status: 403,
      header: 'sec-fetch-site',
      reason: 'cross_site',
      message: `Sec-Fetch-Site: a ${method.toUpperCase()} from another site is refused; use this server's own address, or a client outside the browser`,
    };
  }
  if (policy.accepts && hasBody(headers)) {
    const refused = contentTypeRefusal(getHeader(headers, 'content-type'), policy.accepts);
    if (refused) return { status: 415, header: 'content-type', ...refused };
  }
  return undefined;
}
