// CORS for the origins the request guard accepts (loopback pages and --allowed-origins): without
// these headers a browser client on an allowed origin could send requests but never read answers.
import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Last-Event-ID',
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
].join(', ');
const EXPOSED_HEADERS = ['Mcp-Session-Id', 'Mcp-Protocol-Version', 'WWW-Authenticate', 'Retry-After'].join(
  ', ',
);

/** Adds the CORS response headers when the request came from a browser page (has an Origin). */
export function addCorsHeaders(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

/** Answers a preflight (OPTIONS) for an accepted origin; it carries no token, by the Fetch standard. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  addCorsHeaders(req, res);
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
  });
  res.end();
}
