import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { App } from '../app.ts';
import { iso } from '../clock.ts';
import { journalBody } from '../journal/journal-entry.ts';
import { requestTarget } from '../routing/request-target.ts';
import type { ResponseValidator } from '../validation/response-validator.ts';
import type { Dispatched, Seen } from './api-dispatch.ts';
import { errorReply, HANG_UP_STATUS } from './error-reply.ts';
import type { Reply } from './types.ts';

export interface ServerParts {
  app: App;
  api: (req: IncomingMessage, path: string, search: URLSearchParams, seen: Seen) => Promise<Dispatched>;
  console: (req: IncomingMessage, path: string, search: URLSearchParams) => Promise<Reply>;
  /**
   * The console's gate (it has no auth): the answer refusing a request to `/_emulator` or under it,
   * or undefined to let it in.
   */
  consoleGate: (req: IncomingMessage) => Reply | undefined;
  /** The HTML page at `/_emulator` itself: the console URL a person opens in a browser. */
  page: () => string;
  validator: ResponseValidator | null;
}

export const API_PREFIX = '/v1';
const CONSOLE_PREFIX = '/_emulator';

function send(res: ServerResponse, reply: Reply): void {
  const payload = reply.raw ?? JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    ...reply.headers,
  });
  res.end(payload);
}

/** The HTTP front: `/v1/api/...` is the service, `/_emulator/...` the console stand-in. */
export function createHttpServer(parts: ServerParts): Server {
  const { app, validator } = parts;
  return createServer(async (req, res) => {
    let reply: Reply;
    let dispatched: Dispatched | undefined;
    const url = requestTarget(req.url);
    const isApi = url.pathname.startsWith(`${API_PREFIX}/`);
    const arrival =
      isApi && app.journal.capacity > 0
        ? { seq: app.journal.nextSeq(), at: app.clock.now(), started: performance.now() }
        : null;
    const seen: Seen = {};
    // The console has no auth: the origin rule is its gate (the service's API needs its token).
    const foreign = url.pathname.startsWith(CONSOLE_PREFIX) ? parts.consoleGate(req) : undefined;
    try {
      if (foreign) {
        req.resume();
        reply = foreign;
      } else if (isApi) {
        dispatched = await parts.api(req, url.pathname.slice(API_PREFIX.length), url.searchParams, seen);
        reply = dispatched.reply;
      } else if (
        (url.pathname === CONSOLE_PREFIX || url.pathname === `${CONSOLE_PREFIX}/`) &&
        (req.method === 'GET' || req.method === 'HEAD')
      ) {
        req.resume();
        const page = parts.page();
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-length': Buffer.byteLength(page),
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        });
        return void res.end(req.method === 'HEAD' ? undefined : page);
      } else if (url.pathname.startsWith(`${CONSOLE_PREFIX}/`)) {
        reply = await parts.console(req, url.pathname.slice(CONSOLE_PREFIX.length), url.searchParams);
      } else {
        req.resume();
        reply = { status: 404, body: { detail: 'Not Found' } };
      }
    } catch (error) {
      req.resume();
      reply = errorReply(app, error, req);
    }
    const fault = dispatched?.fault;
    const hungUp = reply.status === HANG_UP_STATUS;
    if (arrival) {
      // Kept redacted: no credential is held in the journal's memory, nor ever listed.
      const redact = app.credentials.of(req.headers, url.searchParams);
      app.journal.record({
        seq: arrival.seq,
        at: iso(arrival.at),
        method: req.method ?? 'GET',
        path: redact.path(url.pathname),
        operation_id: dispatched?.op?.operationId ?? null,
        params: redact.params(seen.params ?? {}),
        query: redact.query(url.searchParams),
        headers: redact.headers(req.headers),
        account_id: seen.accountId ?? null,
        body: seen.raw && seen.raw.length > 0 ? journalBody(seen.raw, seen.media ?? null, redact) : null,
        status: reply.status,
        fault: fault?.source ?? null,
        duration_ms: Math.round((performance.now() - arrival.started) * 1000) / 1000,
      });
    }
    // A fault is a deliberate break of the contract: its answer is not checked against the document;
    // nor is the emulator's own off-contract answer (record and replay), nor the answer to a client
    // that hung up, which is never sent.
    if (validator && !fault && !dispatched?.offContract && !hungUp && isApi) {
      const label = `${req.method} ${app.credentials.of(req.headers).path(url.pathname)}`;
      validator.check(dispatched?.op, label, reply.status, lowerKeys(reply.headers), reply.body);
    }
    if (res.headersSent || hungUp) return;
    if (fault?.kind === 'reset') res.destroy();
    else if (fault?.kind === 'truncate') sendTruncated(res, reply);
    else send(res, reply);
  });
}

/** The headers with the full Content-Length, half of the body, then the connection closes. */
function sendTruncated(res: ServerResponse, reply: Reply): void {
  const payload = Buffer.from(reply.raw ?? JSON.stringify(reply.body));
  res.writeHead(reply.status, {
    'content-type': 'application/json',
    'content-length': payload.length,
    ...reply.headers,
  });
  res.write(payload.subarray(0, Math.floor(payload.length / 2)), () => res.destroy());
}

function lowerKeys(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}
