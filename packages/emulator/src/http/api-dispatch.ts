import type { IncomingMessage } from 'node:http';
import { LIMITS } from '@trackerkit/core';
import { authenticate } from '../api/auth.ts';
import type { App } from '../app.ts';
import { validateBody, validateQuery } from '../validation/request-validator.ts';
import { drain, headerParam, mediaType, parseJson, readBody } from './body.ts';
import { HttpError, ValidationFailure } from './errors.ts';
import { parseMultipart } from './multipart.ts';
import { loadPaths, METHODS, type Method, type Operation } from './operations.ts';
import type { Handler, Reply } from './types.ts';

const MULTIPART_OVERHEAD = 64 * 1024;

export interface Dispatched {
  op: Operation | undefined;
  reply: Reply;
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

  async function readPayload(req: IncomingMessage, op: Operation) {
    const media = mediaType(req.headers['content-type']);
    const declared = req.headers['content-length'];
    const chunked = req.headers['transfer-encoding'] !== undefined;
    const hasBody = chunked || (declared !== undefined && declared !== '0');
    if (Object.keys(op.bodies).length === 0 || !hasBody) {
      await drain(req);
      if (op.bodyRequired)
        throw new ValidationFailure([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
      return { body: undefined, parts: null };
    }
    if (!media || !(media in op.bodies)) {
      await drain(req);
      const accepted = Object.keys(op.bodies).join(' or ');
      throw new HttpError(415, `Unsupported content type ${media ?? '(none)'}; use ${accepted}`);
    }
    if (media === 'multipart/form-data') {
      const raw = await readBody(req, app.options.maxFileBytes + MULTIPART_OVERHEAD);
      return {
        body: undefined,
        parts: parseMultipart(raw, headerParam(req.headers['content-type'], 'boundary')),
      };
    }
    const raw = await readBody(req, LIMITS.uploadBytesMax);
    if (raw.length === 0) {
      if (op.bodyRequired)
        throw new ValidationFailure([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
      return { body: undefined, parts: null };
    }
    const body = parseJson(raw);
    validateBody(op, media, body);
    return { body, parts: null };
  }

  return async function dispatch(
    req: IncomingMessage,
    path: string,
    search: URLSearchParams,
  ): Promise<Dispatched> {
    const method = (req.method ?? 'GET').toLowerCase() as Method;
    for (const entry of paths) {
      const match = entry.regex.exec(path);
      if (!match) continue;
      const op = METHODS.includes(method) ? entry.operations[method] : undefined;
      if (!op) {
        await drain(req);
        const allow = Object.keys(entry.operations).join(', ').toUpperCase();
        return { op, reply: { status: 405, body: { detail: 'Method Not Allowed' }, headers: { allow } } };
      }
      try {
        const params: Record<string, string> = {};
        entry.params.forEach((name, i) => {
          params[name] = decodeURIComponent(match[i + 1] ?? '');
        });
        const account = authenticate(app, req.headers);
        if (op.rateLimit) {
          const { requests, window_seconds } = op.rateLimit;
          app.limiter.take(`${account.id}:${op.operationId}`, { requests, windowSeconds: window_seconds });
        }
        const query = validateQuery(op, search);
        const { body, parts } = await readPayload(req, op);
        const handler = handlers[op.operationId] as Handler;
        return { op, reply: await handler({ op, params, query, body, parts, account }) };
      } catch (error) {
        await drain(req).catch(() => {});
        return { op, reply: errorReply(app, error) };
      }
    }
    await drain(req);
    return { op: undefined, reply: { status: 404, body: { detail: 'Not Found' } } };
  };
}

export function errorReply(app: App, error: unknown): Reply {
  if (error instanceof HttpError)
    return { status: error.status, body: { detail: error.message }, headers: error.headers };
  if (error instanceof ValidationFailure) return { status: 422, body: { detail: error.issues } };
  if (error instanceof URIError)
    return { status: 400, body: { detail: 'Malformed percent-encoding in the path' } };
  app.log(`@trackerkit/emulator: internal error: ${(error as Error)?.stack ?? String(error)}`);
  return { status: 500, body: { detail: 'Internal emulator error' } };
}
