// Ties each call to the document's `paths` types (the core's @trackerkit/core/http): the path
// template and method must exist, and the path ids, the query, the JSON body and the result are the
// operation's own types.
import type { ApiPath, BodyOf, MethodsOf, ParamsOf, QueryOf, ResultOf } from '@trackerkit/core/http';
import type { RequestSpec, Transport } from './transport.ts';

export interface CallSpec<P extends ApiPath, M extends MethodsOf<P>> {
  params?: ParamsOf<P, M>;
  query?: QueryOf<P, M> | undefined;
  /** The JSON body, serialized here; or one serialized already (a planned batch, a multipart form). */
  body?: BodyOf<P, M> | string | FormData | undefined;
  retries?: number | undefined;
}

const wire = (body: unknown): string | FormData | undefined =>
  body === undefined || typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body);

/** `options` is the caller's CallOptions; only its own fields reach the request. */
export function call<P extends ApiPath, M extends MethodsOf<P>>(
  transport: Transport,
  method: M,
  path: P,
  spec: CallSpec<P, M>,
  options?: CallOptions,
): Promise<ResultOf<P, M>> {
  return transport.request({
    method,
    path,
    params: spec.params as RequestSpec['params'],
    query: spec.query as RequestSpec['query'],
    body: wire(spec.body),
    retries: spec.retries,
    signal: options?.signal,
    timeoutMs: options?.timeoutMs,
  }) as Promise<ResultOf<P, M>>;
}

/** Per-call options every method accepts as its last argument. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** This call's per-attempt timeout, e.g. a long one for a sync run (default: the client's). */
  timeoutMs?: number | undefined;
}
