// Checks every HTTP request before it reaches MCP: Host and Origin against DNS rebinding (a web
// page must not reach a local server through a hostile domain), and the bearer token.

import type { IncomingHttpHeaders } from 'node:http';
import { isLoopbackHost, safeEqual } from '@trackerkit/core';

export interface GuardOptions {
  /** The address the server is bound to. */
  host: string;
  /** Host names (without port) accepted besides loopback names and the bound host. */
  allowedHosts?: readonly string[];
  /** Origins (scheme://host[:port]) accepted besides loopback origins. */
  allowedOrigins?: readonly string[];
  /** Bearer token every request must carry (the HTTP server always has one). */
  authToken: string;
}

export interface GuardRejection {
  status: 401 | 403;
  message: string;
  headers?: Record<string, string>;
}

function hostnameOf(hostHeader: string): string {
  try {
    return new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** The core's constant-time comparison: neither the token's content nor its length leaks. */
const sameSecret = (given: string, expected: string): boolean => safeEqual(given, expected);

export function createRequestGuard(options: GuardOptions) {
  const wildcard = options.host === '0.0.0.0' || options.host === '::';
  const named = new Set([
    ...(wildcard ? [] : [hostnameOf(options.host.includes(':') ? `[${options.host}]` : options.host)]),
    ...(options.allowedHosts ?? []).map((name) => name.toLowerCase()),
  ]);
  const allowed = (hostname: string) => isLoopbackHost(hostname) || named.has(hostname);
  const origins = new Set(options.allowedOrigins ?? []);
  /** Host and Origin only: a CORS preflight is checked by these, as it never carries a token. */
  function checkOrigin(headers: IncomingHttpHeaders): GuardRejection | undefined {
    const host = hostnameOf(headers.host ?? '');
    if (!allowed(host)) return { status: 403, message: `Host "${headers.host ?? ''}" is not allowed` };
    const origin = headers.origin;
    if (origin !== undefined && !origins.has(origin)) {
      let originHost = '';
      try {
        originHost = new URL(origin).hostname.toLowerCase();
      } catch {}
      if (!allowed(originHost)) return { status: 403, message: `Origin "${origin}" is not allowed` };
    }
    return undefined;
  }
  function check(headers: IncomingHttpHeaders): GuardRejection | undefined {
    const rejected = checkOrigin(headers);
    if (rejected) return rejected;
    const match = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '');
    if (!match?.[1] || !sameSecret(match[1].trim(), options.authToken)) {
      return {
        status: 401,
        message: 'Missing or invalid bearer token',
        headers: { 'WWW-Authenticate': 'Bearer' },
      };
    }
    return undefined;
  }
  return Object.assign(check, { checkOrigin });
}
