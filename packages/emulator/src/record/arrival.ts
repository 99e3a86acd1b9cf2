import type { IncomingMessage } from 'node:http';
import type { App } from '../app.ts';
import type { Dispatched, Seen } from '../http/api-dispatch.ts';
import { mediaType, readBody } from '../http/body.ts';
import { errorReply } from '../http/error-reply.ts';
import { type loadPaths, routeOf } from '../routing/operations.ts';
import { largestBody } from './recording.ts';

type Paths = ReturnType<typeof loadPaths>;
type Operation = NonNullable<ReturnType<typeof routeOf>>['op'];

export interface Arrival {
  method: string;
  op: Operation | undefined;
  /** The path's parameters by name (none when no operation matched). */
  params: Record<string, string>;
  raw: Buffer;
}

/**
 * A `/v1` request as the proxy and the replay both take it in: its operation (when the document
 * has one for the path) and its body, read once within the emulator's largest body, both noted in
 * `seen` for the journal. A body too large or cut off is the emulator's own refusal, answered as is.
 */
export async function readArrival(
  app: App,
  paths: Paths,
  req: IncomingMessage,
  path: string,
  seen: Seen,
): Promise<Arrival | { refused: Dispatched }> {
  const method = req.method ?? 'GET';
  const route = routeOf(paths, method, path);
  const op = route?.op;
  if (route) seen.params = route.params;
  let raw: Buffer;
  try {
    raw = await readBody(req, largestBody(app));
  } catch (error) {
    return { refused: { op, reply: errorReply(app, error, req), offContract: true } };
  }
  seen.raw = raw;
  seen.media = mediaType(req.headers['content-type']);
  return { method, op, params: route?.params ?? {}, raw };
}
