// The core's origin rule (originRefusal) at the receiver's operator endpoints: POST /-/reload,
// everything under /api and the /ui pages. Not at the sources' paths: those are server-to-server and
// every request there is signature-verified.
//
// What the defaults let in, as Alertmanager would: any client outside the browser (Prometheus,
// amtool, Grafana's and karma's back ends, curl) under any Host when the listener is reachable
// beyond loopback, and on a loopback-only listener under a loopback name. What they keep out: a web
// page changing anything (another site's, another port's of this machine, a DNS-rebound one)
// unless the request carries `Authorization: Bearer <server.admin_token>`, which no page adds by
// itself. README "Who may call the operator endpoints" says what protects what.
import { isLoopbackHost } from '@trackerkit/core';
import {
  allowedHostnames,
  type OriginPolicy,
  type OriginRefusal,
  originRefusal,
} from '@trackerkit/core/http';
import { safeEqual } from '@trackerkit/core/signing';
import type { RequestHandler, Response } from 'express';

export interface EdgeOptions {
  /** The address the server is bound to. */
  host: string;
  /** `server.allowed_hosts`: a reverse proxy's public name, the names a browser uses beyond loopback. */
  allowedHosts?: readonly string[] | undefined;
  /** `server.admin_token`; absent, the listener's reach is the only gate for clients outside a browser. */
  token?: string | undefined;
}

/** One kind of endpoint: the media types it reads from a body, and whether a browser sends its credential. */
export interface EdgeKind {
  accepts?: readonly string[];
  /** The UI's pages take the token as a Basic password, which a browser resends by itself. */
  browserCredentials?: boolean;
}

/** Whether `authorization` is `Bearer <token>` with the configured token (constant time; none configured: never). */
export function tokenGiven(authorization: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return false;
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  return safeEqual(given, token);
}

/** The policy of one kind of endpoint. */
function edgePolicy(options: EdgeOptions, kind: EdgeKind = {}): OriginPolicy {
  const loopback = isLoopbackHost(options.host);
  // Loopback-only without a token: the binding is the only gate, so only loopback names are
  // answered (a proxy on this machine forwarding a public name would open it to whoever reaches that).
  const closed = loopback && options.token === undefined;
  return {
    hosts: closed
      ? allowedHostnames(options.host).filter(isLoopbackHost)
      : allowedHostnames(options.host, options.allowedHosts ?? []),
    anyHost: !loopback,
    tokenFromAnyOrigin: true,
    ...(kind.accepts ? { accepts: kind.accepts } : {}),
    ...(kind.browserCredentials ? { browserCredentials: true } : {}),
    hostsSetting: closed ? 'server.allowed_hosts, which needs server.admin_token' : 'server.allowed_hosts',
  };
}

/** The rule for one kind of endpoint, given a request: the refusal to answer, or undefined. */
export function edgeCheck(
  options: EdgeOptions,
  kind: EdgeKind = {},
): (req: {
  method: string;
  headers: Record<string, string | string[] | undefined>;
}) => OriginRefusal | undefined {
  const policy = edgePolicy(options, kind);
  return (req) =>
    originRefusal(req.method, req.headers, policy, {
      token: tokenGiven(headerOf(req.headers.authorization), options.token),
    });
}

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The JSON answer: 403 or 415, naming the header and the rule. */
function refuseJson(res: Response, refusal: OriginRefusal): void {
  res.status(refusal.status).json({
    error: `@trackerkit/webhooks: ${refusal.message}`,
    reason: refusal.reason,
    header: refusal.header,
  });
}

/** Express middleware for JSON endpoints: refused requests never reach the handler. */
export function originGuard(options: EdgeOptions, kind: EdgeKind = {}): RequestHandler {
  const check = edgeCheck(options, kind);
  return (req, res, next) => {
    const refusal = check(req);
    if (refusal) return refuseJson(res, refusal);
    next();
  };
}
