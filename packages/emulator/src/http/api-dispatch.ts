import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIMITS, pathParamsProblems, rateWindow } from '@trackerkit/core';
import type { App } from '../app.ts';
import { Refusal, ValidationFailure } from '../errors/errors.ts';
import type { Fault } from '../faults/fault-rules.ts';
import { headerFault } from '../faults/fault-spec.ts';
import { loadPaths, type Operation, type Route, routeOf } from '../routing/operations.ts';
import { validateBody, validateQuery } from '../validation/request-validator.ts';
import { authenticate } from './auth.ts';
import { drain, mediaType, parseJson, readBody } from './body.ts';
import { errorReply } from './error-reply.ts';
import { parseMultipart } from './multipart.ts';
import type { Handler, Reply } from './types.ts';

const MULTIPART_OVERHEAD = 64 * 1024;

/** What the dispatcher learnt of a request on its way, for the journal (filled as far as it got). */
export interface Seen {
  params?: Record<string, string>;
  accountId?: string;
  raw?: Buffer;
  media?: string | null;
}

export interface Dispatched {
  op: Operation | undefined;
  reply: Reply;
  /** A fault this request met; `reset` and `truncate` are carried out by the server on the reply. */
  fault?: Fault;
  /**
   * The emulator's own answer outside the document (a replay with no recording, an upstream out of
   * reach): not checked against the document, whose statuses it does not use.
   */
  offContract?: true;
}

/** The request header that asks for a one-off fault (as Prism's `Prefer: code=`). */
const FAULT_HEADER = 'x-emulator-fault';

/** The fault of the request header, else of the first matching rule (400 for a malformed header). */
function faultFor(app: App, req: IncomingMessage, op: Operation, trackerId: string | undefined) {
  const header = req.headers[FAULT_HEADER];
  if (typeof header !== 'string') return app.faults.take(op.operationId, trackerId);
  const spec = headerFault(header);
  if (typeof spec === 'string') throw new Refusal('malformed', `X-Emulator-Fault: ${spec}`);
  return {
    kind: spec.kind,
    status: spec.status ?? 0,
    retry_after: spec.retry_after ?? null,
    latency_ms: spec.latency_ms ?? 0,
    source: 'header',
  } satisfies Fault;
}

/** The answer of a `status` fault: the operation does not run. */
function faultReply(fault: Fault): Reply {
  const headers: Record<string, string> = { 'x-emulator-fault': fault.source };
  if (fault.retry_after !== null) headers['retry-after'] = String(fault.retry_after);
  return { status: fault.status, body: { detail: `Injected fault: HTTP ${fault.status}` }, headers };
}

const BODY_MISSING = () => new ValidationFailure([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);

/** The request's body as the operation takes it: parsed JSON (validated) or multipart parts. */
async function readPayload(app: App, req: IncomingMessage, op: Operation, seen: Seen) {
  const media = mediaType(req.headers['content-type']);
  seen.media = media;
  const declared = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  const hasBody = chunked || (declared !== undefined && declared !== '0');
  if (Object.keys(op.bodies).length === 0 || !hasBody) {
    await drain(req);
    if (op.bodyRequired) throw BODY_MISSING();
    return { body: undefined, parts: null };
  }
  if (!media || !(media in op.bodies)) {
    await drain(req);
    const accepted = Object.keys(op.bodies).join(' or ');
    throw new Refusal(
      'unsupported_media_type',
      `Unsupported content type ${media ?? '(none)'}; use ${accepted}`,
    );
  }
  if (media === 'multipart/form-data') {
    const raw = await readBody(req, app.options.maxFileBytes + MULTIPART_OVERHEAD);
    seen.raw = raw;
    return { body: undefined, parts: await parseMultipart(raw, req.headers['content-type']) };
  }
  const raw = await readBody(req, LIMITS.uploadBytesMax);
  seen.raw = raw;
  if (raw.length === 0) {
    if (op.bodyRequired) throw BODY_MISSING();
    return { body: undefined, parts: null };
  }
  const body = parseJson(raw);
  validateBody(op, media, body);
  return { body, parts: null };
}

/** An operation's request, in the service's order: faults, auth, ids, limits, query, body, handler. */
async function runOperation(
  app: App,
  handlers: Record<string, Handler>,
  req: IncomingMessage,
  route: Route & { op: Operation },
  search: URLSearchParams,
  seen: Seen,
): Promise<Dispatched> {
  const { op, params } = route;
  let fault: Fault | null = null;
  try {
    seen.params = params;
    // Faults come first, as from a gateway in front of the service: no auth, no limits counted.
    fault = faultFor(app, req, op, params.tracker_id);
    if (fault?.kind === 'latency') await sleep(fault.latency_ms);
    if (fault?.kind === 'status') {
      await drain(req);
      return { op, reply: faultReply(fault), fault };
    }
    const account = authenticate(app, req.headers);
    seen.accountId = account.id;
    // An id the service could never have issued (`..`, `a/b`) is an unknown one, never looked up.
    if (pathParamsProblems(params).length > 0) throw new Refusal('not_found', 'Not Found');
    if (op.rateLimit) app.limiter.take(`${account.id}:${op.operationId}`, rateWindow(op.rateLimit));
    const query = validateQuery(op, search);
    const { body, parts } = await readPayload(app, req, op, seen);
    const handler = handlers[op.operationId] as Handler;
    const reply = await handler({ op, params, query, body, parts, account });
    return fault ? { op, reply, fault } : { op, reply };
  } catch (error) {
    await drain(req).catch(() => {});
    const reply = errorReply(app, error, req);
    return fault ? { op, reply, fault } : { op, reply };
  }
}

/** Routes `/v1/api/...` requests through auth, limits, query and body validation to a handler. */
export function createApiDispatcher(app: App, handlers: Record<string, Handler>) {
  const paths = loadPaths();
  for (const entry of paths) {
    for (const op of Object.values(entry.operations)) {
      if (!handlers[op.operationId])
        throw new Error(`@trackerkit/emulator: no handler for ${op.operationId}`);
    }
  }

  return async function dispatch(
    req: IncomingMessage,
    path: string,
    search: URLSearchParams,
    seen: Seen = {},
  ): Promise<Dispatched> {
    const route = routeOf(paths, req.method ?? 'GET', path);
    if (!route) {
      await drain(req);
      return { op: undefined, reply: { status: 404, body: { detail: 'Not Found' } } };
    }
    const { entry, op } = route;
    if (!op) {
      await drain(req);
      const allow = Object.keys(entry.operations).join(', ').toUpperCase();
      return { op, reply: { status: 405, body: { detail: 'Method Not Allowed' }, headers: { allow } } };
    }
    return runOperation(app, handlers, req, { ...route, op }, search, seen);
  };
}
