// Ties each call to the document's `paths` types: the path template and method must exist, and the
// result is the operation's success body as openapi-typescript generated it.
import type { paths } from '@trackerkit/core';
import type { Method, RequestSpec, Transport } from './transport.ts';

type Lower = 'get' | 'post' | 'patch' | 'delete';
type MethodsOf<P extends keyof paths> = {
  [K in Lower]: paths[P][K] extends undefined ? never : K;
}[Lower];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessOf<R> = JsonOf<R[Extract<keyof R, 200 | 201 | 202>]>;
type SuccessBody<P extends keyof paths, M extends Lower> =
  NonNullable<paths[P][M]> extends {
    responses: infer R;
  }
    ? SuccessOf<R>
    : never;

const UPPER: Record<Lower, Method> = { get: 'GET', post: 'POST', patch: 'PATCH', delete: 'DELETE' };

/** `options` is the caller's CallOptions; only its own fields reach the request. */
export function call<P extends keyof paths, M extends MethodsOf<P>>(
  transport: Transport,
  method: M,
  path: P,
  spec: Omit<RequestSpec, 'method' | 'path' | 'signal' | 'timeoutMs'>,
  options?: CallOptions,
): Promise<SuccessBody<P, M>> {
  return transport.request({
    ...spec,
    method: UPPER[method],
    path,
    signal: options?.signal,
    timeoutMs: options?.timeoutMs,
  }) as Promise<SuccessBody<P, M>>;
}

/** Per-call options every method accepts as its last argument. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** This call's per-attempt timeout, e.g. a long one for a sync run (default: the client's). */
  timeoutMs?: number | undefined;
}
