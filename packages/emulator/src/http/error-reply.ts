import type { IncomingMessage } from 'node:http';
import type { App } from '../app.ts';
import { Refusal, type RefusalKind, ValidationFailure } from '../errors/errors.ts';
import type { Reply } from './types.ts';

/** The status of each kind of refusal: the one place the emulator's errors meet HTTP. */
const STATUS_OF: Record<RefusalKind, number> = {
  malformed: 400,
  rule: 400,
  unauthenticated: 401,
  insufficient_balance: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
};

/** A refusal as answered: its status, `{detail}`, and `Retry-After` when it says when to retry. */
export function refusalReply(refusal: Refusal): Reply {
  const headers: Record<string, string> = {};
  if (refusal.retryAfterSeconds !== undefined) headers['retry-after'] = String(refusal.retryAfterSeconds);
  return { status: STATUS_OF[refusal.kind], body: { detail: refusal.message }, headers };
}

/**
 * A client that closed its connection before its body was read: no answer can reach it, and it is
 * nothing the emulator did wrong, so it is not logged (the journal records the request as aborted).
 */
function isHangUp(error: unknown, req: IncomingMessage | undefined): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return req?.destroyed === true && !req.complete && (code === 'ECONNRESET' || code === 'ECONNABORTED');
}

/** The answer to a request that hung up: never sent (the socket is gone), kept for the journal. */
export const HANG_UP_STATUS = 499;

export function errorReply(app: App, error: unknown, req?: IncomingMessage): Reply {
  if (isHangUp(error, req)) return { status: HANG_UP_STATUS, body: { detail: 'Client closed the request' } };
  if (error instanceof Refusal) return refusalReply(error);
  if (error instanceof ValidationFailure) return { status: 422, body: { detail: error.issues } };
  if (error instanceof URIError)
    return { status: 400, body: { detail: 'Malformed percent-encoding in the path' } };
  app.log(`@trackerkit/emulator: internal error: ${(error as Error)?.stack ?? String(error)}`);
  return { status: 500, body: { detail: 'Internal emulator error' } };
}
