// The console (`/_emulator` and everything under it) has no auth: it is local. So the suite's one
// origin rule (the core's originRefusal, as the receiver's operator endpoints and the MCP endpoint)
// is its gate: a DNS-rebound page must not read the page (it shows the API token) nor reset, seed
// or move the clock, and no page (another site's, or another port's of this machine) may change
// anything: a page's state change needs this origin and a JSON body, and the console has no token
// to lift that. curl and the test harnesses send no Origin or Sec-Fetch-Site and are unaffected.

import type { IncomingMessage } from 'node:http';
import { JSON_MEDIA_TYPE } from '@trackerkit/core';
import { allowedHostnames, type OriginPolicy, originRefusal } from '@trackerkit/core/http';
import type { Reply } from '../http/types.ts';

/** What the console reads from a body: JSON, or YAML for fixtures (both need a CORS preflight). */
const CONSOLE_MEDIA_TYPES = [JSON_MEDIA_TYPE, 'application/yaml', 'application/x-yaml', 'text/yaml'];

export function consoleOriginPolicy(options: {
  host: string;
  allowedHosts: readonly string[];
}): OriginPolicy {
  return {
    hosts: allowedHostnames(options.host, options.allowedHosts),
    accepts: CONSOLE_MEDIA_TYPES,
    hostsSetting: '--allowed-hosts',
  };
}

/** The 403 or 415 for a refused request (`{detail, reason, header}`), or undefined. */
export function consoleRefusal(req: IncomingMessage, policy: OriginPolicy): Reply | undefined {
  const refusal = originRefusal(req.method ?? 'GET', req.headers, policy);
  if (!refusal) return undefined;
  return {
    status: refusal.status,
    body: {
      detail: `@trackerkit/emulator: ${refusal.message}`,
      reason: refusal.reason,
      header: refusal.header,
    },
  };
}
