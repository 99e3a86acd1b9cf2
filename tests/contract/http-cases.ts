// The HTTP-edge kind of the contract: one answer of the service (or no answer: the connection
// refused) and the outcome every layer that calls the service makes of it — the client and the n8n
// node, by the core's @trackerkit/core/http. `outcome` is what the retry rule is told (so whether the
// request is resent and after how long), `detail` the line the layer's error shows.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mayResend, type Outcome, parseRetryAfter } from '@trackerkit/core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Case } from './cases.ts';

export type HttpAnswer = { status: number; headers?: Record<string, string>; body: string } | 'refused';
export interface HttpWant {
  outcome: Outcome;
  detail?: string;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): HttpAnswer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const status = (code: number, detail: string, retryAfter: string | null = null): HttpWant => ({
  outcome: { kind: 'status', status: code, retryAfter },
  detail,
});
const http = (name: string, method: 'GET' | 'POST', answer: HttpAnswer, want: HttpWant): Case => [
  `http: ${name}`,
  { given: { kind: 'httpAnswer', method, answer }, want },
];

export const httpCases: Case[] = [
  http(
    '422 with the issues of a request',
    'POST',
    json(422, {
      detail: [{ loc: ['body', 'sync'], msg: 'Input should be a valid boolean', type: 'bool_parsing' }],
    }),
    status(422, 'body.sync: Input should be a valid boolean'),
  ),
  // The client wrote ": Invalid JSON" for an issue without loc.
  http(
    '422 with an issue without loc',
    'POST',
    json(422, { detail: [{ msg: 'Invalid JSON', type: 'json_invalid' }] }),
    status(422, 'Invalid JSON'),
  ),
  http(
    '429 with Retry-After',
    'POST',
    json(429, { detail: 'Upload rate limit exceeded' }, { 'retry-after': '1' }),
    status(429, 'Upload rate limit exceeded', '1'),
  ),
  http('404', 'GET', json(404, { detail: 'Space not found' }), status(404, 'Space not found')),
  http('401', 'GET', json(401, { detail: 'Invalid API token' }), status(401, 'Invalid API token')),
  // The client said "no detail"; the proxy's text is what the user can act on.
  http(
    'a non-JSON 502 from a proxy',
    'GET',
    {
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: '<html><body>502 Bad Gateway</body></html>\n',
    },
    status(502, '<html><body>502 Bad Gateway</body></html>'),
  ),
  // The n8n node said "HTTP 503".
  http('503 with an empty body', 'GET', { status: 503, body: '' }, status(503, 'no detail')),
  http('connection refused', 'POST', 'refused', { outcome: { kind: 'refused' } }),
];

/** A loopback server that gives every request the answer set last. */
async function answeringServer(): Promise<{
  server: Server;
  baseUrl: string;
  answer(next: Exclude<HttpAnswer, 'refused'>): void;
}> {
  let current: Exclude<HttpAnswer, 'refused'> = { status: 500, body: '' };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(current.status, current.headers).end(current.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, baseUrl: `http://127.0.0.1:${port}`, answer: (next) => (current = next) };
}

/** A loopback port nothing listens on (a server's, closed), so connecting to it is refused. */
async function refusingBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/**
 * The service's side of the `httpAnswer` cases for one describe block: a server answering, started
 * before the cases and closed after, and a port refusing. `originFor(answer)` sets the answer and
 * gives the origin (no `/v1`) to call.
 */
export function serviceAnswering(): { originFor(answer: HttpAnswer): string } {
  let answering: Awaited<ReturnType<typeof answeringServer>>;
  let refusing: string;
  beforeAll(async () => {
    answering = await answeringServer();
    refusing = await refusingBaseUrl();
  });
  afterAll(() => new Promise((resolve) => answering.server.close(resolve)));
  return {
    originFor(answer) {
      if (answer === 'refused') return refusing;
      answering.answer(answer);
      return answering.baseUrl;
    },
  };
}

/** What a layer showed: the error's status (none when no answer came), its message, the attempts. */
export interface Seen {
  status: number | undefined;
  message: string;
  /** Requests handed to fetch (or to n8n's helper), with one resend allowed. */
  sent: number;
  /** Time between the two attempts, when there were two. */
  waitedMs?: number;
}

/** The layer's error and attempts are what `want` says: its status and detail, resent as the rule says. */
export function expectSeen(method: string, want: HttpWant, seen: Seen, exactWait: boolean): void {
  const { outcome } = want;
  if (outcome.kind === 'status') {
    expect(seen.status).toBe(outcome.status);
    expect(seen.message).toContain(`answered ${outcome.status}: ${want.detail}`);
  } else {
    expect(seen.status).toBeUndefined();
  }
  expect(seen.sent).toBe(mayResend(method, outcome) ? 2 : 1);
  const asked = outcome.kind === 'status' ? parseRetryAfter(outcome.retryAfter, 0) : undefined;
  if (asked !== undefined) {
    if (exactWait) expect(seen.waitedMs).toBe(asked);
    else expect(seen.waitedMs).toBeGreaterThanOrEqual(asked - 5);
  }
}
