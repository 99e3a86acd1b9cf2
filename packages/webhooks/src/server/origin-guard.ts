// The core's origin rule (originRefusal) at the receiver's operator endpoints: the silences API
// and anything else under /api, POST /-/reload and the /ui pages. Not at the sources' paths: those
// are server-to-server and every request there is signature-verified.
import {
  allowedHostnames,
  isLoopbackHost,
  type OriginPolicy,
  type OriginRefusal,
  originRefusal,
} from '@trackerkit/core';
import type { RequestHandler, Response } from 'express';

export interface EdgeOptions {
  /** The address the server is bound to. */
  host: string;
  /** `server.allowed_hosts`: a reverse proxy's public name. */
  allowedHosts?: readonly string[] | undefined;
  /**
   * No admin token: the loopback binding is the only gate, so only loopback names are answered
   * (a proxy in front would open the operator endpoints to everyone who reaches it).
   */
  tokenless: boolean;
}

/** The policy of one kind of endpoint; `accepts`: the media types it reads from a body. */
export function edgePolicy(options: EdgeOptions, accepts?: readonly string[]): OriginPolicy {
  const hosts = options.tokenless
    ? allowedHostnames(options.host).filter(isLoopbackHost)
    : allowedHostnames(options.host, options.allowedHosts ?? []);
  return {
    hosts,
    ...(accepts ? { accepts } : {}),
    hostsSetting: options.tokenless
      ? 'server.allowed_hosts, which needs server.admin_token'
      : 'server.allowed_hosts',
  };
}

/** The JSON answer: 403 or 415, naming the header and the rule. */
function refuseJson(res: Response, refusal: OriginRefusal): void {
  res.status(refusal.status).json({
    error: `@trackerkit/webhooks: ${refusal.message}`,
    reason: refusal.reason,
    header: refusal.header,
  });
}

/** Express middleware for JSON endpoints: refused requests never reach the handler. */
export function originGuard(policy: OriginPolicy): RequestHandler {
  return (req, res, next) => {
    const refusal = originRefusal(req.method, req.headers, policy);
    if (refusal) return refuseJson(res, refusal);
    next();
  };
}
