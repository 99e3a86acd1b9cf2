// The one place the node talks HTTP. Each request is a path template of the document with its
// method, so its query, body and result are the document's types. n8n's authenticated request
// helper is the attempt; the core decides whether and when to resend (sendWithRetries, with n8n's
// sleep); the service's errors become NodeApiErrors.
import type {
  IDataObject,
  IExecuteFunctions,
  IHookFunctions,
  IHttpRequestOptions,
  ILoadOptionsFunctions,
  IN8nHttpFullResponse,
  IPollFunctions,
  JsonObject,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';
import { RETRY_POLICY } from './checks';
import {
  type ApiPath,
  type Attempted,
  type BodyOf,
  describeDetail,
  expandPath,
  type HttpMethod,
  type MethodsOf,
  nextPage,
  outcomeOfThrown,
  type Pagination,
  type ParamsOf,
  pageSizeFor,
  paginate,
  parseBody,
  type QueryOf,
  type ResultOf,
  requestPathProblems,
  sendWithRetries,
} from './generated/core';
import { throwIfProblems } from './node-errors';

export type TrackerContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions | IHookFunctions;

type Path = ApiPath;

export interface RequestOptions<P extends Path, M extends HttpMethod> {
  /** Values of the path template's `{names}`; each is URL-encoded. */
  params?: ParamsOf<P, M>;
  qs?: QueryOf<P, M>;
  /** A JSON body, or bytes sent as they are (a multipart form, an upload planned by the core). */
  body?: BodyOf<P, M> | Buffer;
  headers?: IDataObject;
  itemIndex?: number;
  /** Resends after the first attempt, where the core allows one. */
  retries?: number;
}

const CREDENTIAL = 'trackerApi';

/** Uploads are rate limited (LIMITS.uploadsPerWindow): they wait out more 429s than other requests. */
export const UPLOAD_RETRIES = 5;

const header = (headers: IDataObject | undefined, name: string): string | undefined => {
  const value = headers?.[name];
  return Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value);
};

/** One request; the context comes first (not as `this`) so TypeScript keeps the path's types. */
export async function trackerRequest<P extends Path, M extends MethodsOf<P>>(
  context: TrackerContext,
  method: M,
  template: P,
  options: RequestOptions<P, M>,
): Promise<ResultOf<P, M>> {
  // Every id reaches the path through here (parameters, list searches, ids the service answered).
  throwIfProblems(context.getNode(), options.itemIndex, requestPathProblems(template, options.params));
  const credentials = await context.getCredentials<{ baseUrl: string }>(CREDENTIAL);
  const baseUrl = String(credentials.baseUrl).replace(/\/+$/, '');
  const path = expandPath(template, options.params ?? {});
  const request: IHttpRequestOptions = {
    method,
    url: `${baseUrl}${path}`,
    qs: options.qs as IDataObject | undefined,
    headers: options.headers,
    body: options.body as IDataObject | Buffer | undefined,
    json: !(options.body instanceof Buffer),
    returnFullResponse: true,
    ignoreHttpStatusErrors: true,
  };

  const attempt = async (): Promise<Attempted<unknown>> => {
    let response: IN8nHttpFullResponse;
    try {
      response = (await context.helpers.httpRequestWithAuthentication.call(
        context,
        CREDENTIAL,
        request,
      )) as IN8nHttpFullResponse;
    } catch (error) {
      const outcome = outcomeOfThrown(error);
      // n8n's helper throws NodeApiErrors; the constructor hands one back unchanged.
      if (!outcome)
        throw new NodeApiError(context.getNode(), error as JsonObject, { itemIndex: options.itemIndex });
      return { outcome, error };
    }
    const status = response.statusCode;
    const body = parseBody(response.body);
    if (status < 400) return { value: body };
    const detail = describeDetail(body);
    const error = new NodeApiError(
      context.getNode(),
      (body && typeof body === 'object' ? body : { detail }) as JsonObject,
      {
        httpCode: String(status),
        message: `Tracker service answered ${status}: ${detail}`,
        description: `${method} ${path}`,
        itemIndex: options.itemIndex,
      },
    );
    return {
      outcome: { kind: 'status', status, retryAfter: header(response.headers, 'retry-after') },
      error,
    };
  };

  const policy = { ...RETRY_POLICY, retries: options.retries ?? RETRY_POLICY.retries };
  return (await sendWithRetries(method, attempt, policy, {
    sleep,
    now: Date.now,
    random: Math.random,
  })) as ResultOf<P, M>;
}

/** The paths whose GET answers one page of a list. */
export type ListPath = {
  [P in Path]: 'GET' extends MethodsOf<P>
    ? ResultOf<P, 'GET'> extends { data: unknown[]; pagination: Pagination }
      ? P
      : never
    : never;
}[Path];
export type ItemOf<P extends ListPath> = ResultOf<P, 'GET'> extends { data: Array<infer T> } ? T : never;

/** Get Many: every page with Return All, otherwise just enough pages for the limit (the core's paging). */
export async function getMany<P extends ListPath>(
  context: TrackerContext,
  path: P,
  request: { params?: ParamsOf<P, 'GET'>; qs?: QueryOf<P, 'GET'>; itemIndex?: number },
  returnAll: boolean,
  limit: number,
): Promise<Array<ItemOf<P>>> {
  // Every ListPath has a GET; TypeScript cannot see that through the generic P.
  const get = 'GET' as MethodsOf<P>;
  const fetchPage = async (qs: QueryOf<P, 'GET'>) =>
    (await trackerRequest(context, get, path, {
      params: request.params,
      qs,
      itemIndex: request.itemIndex,
    } as RequestOptions<P, MethodsOf<P>>)) as { data: Array<ItemOf<P>>; pagination: Pagination };
  const items: Array<ItemOf<P>> = [];
  const query = (request.qs ?? {}) as QueryOf<P, 'GET'> & { page?: number; page_size?: number };
  for await (const item of paginate(query, fetchPage, returnAll ? undefined : limit)) items.push(item);
  return items;
}

/** One page of a list (a list search's step) and the number of the next page, if there is one. */
export async function pageOf<P extends ListPath>(
  context: TrackerContext,
  path: P,
  request: { params?: ParamsOf<P, 'GET'>; qs?: QueryOf<P, 'GET'> },
  page: number,
): Promise<{ items: Array<ItemOf<P>>; next: number | undefined }> {
  const get = 'GET' as MethodsOf<P>;
  const qs = { ...(request.qs ?? {}), page, page_size: pageSizeFor(undefined) } as unknown as QueryOf<
    P,
    'GET'
  >;
  const result = (await trackerRequest(context, get, path, {
    params: request.params,
    qs,
  } as RequestOptions<P, MethodsOf<P>>)) as { data: Array<ItemOf<P>>; pagination: Pagination };
  return { items: result.data, next: nextPage(page, result) };
}
