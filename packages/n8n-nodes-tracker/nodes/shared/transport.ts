import type {
  IDataObject,
  IExecuteFunctions,
  IHookFunctions,
  IHttpRequestMethods,
  IHttpRequestOptions,
  ILoadOptionsFunctions,
  IN8nHttpFullResponse,
  IPollFunctions,
  JsonObject,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';
import { LIMITS } from './generated/limits';
import { retryAfterMs } from './retry-after';
import type { Page } from './types';

export type TrackerContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions | IHookFunctions;

export interface RequestOptions {
  qs?: IDataObject;
  body?: IDataObject | Buffer;
  headers?: IDataObject;
  itemIndex?: number;
  /** 429 answers retried after Retry-After before giving up. */
  rateLimitRetries?: number;
}

const CREDENTIAL = 'trackerApi';

/** The service's `detail` as one line: a string, or FastAPI's list of `{loc, msg}` issues. */
export function describeDetail(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : undefined;
  const detail = (body as { detail?: unknown }).detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((issue: { loc?: unknown[]; msg?: string }) =>
        [Array.isArray(issue.loc) ? issue.loc.join('.') : undefined, issue.msg].filter(Boolean).join(': '),
      )
      .join('; ');
  }
  return undefined;
}

export async function trackerRequest<T>(
  this: TrackerContext,
  method: IHttpRequestMethods,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const credentials = await this.getCredentials<{ baseUrl: string }>(CREDENTIAL);
  const baseUrl = String(credentials.baseUrl).replace(/\/+$/, '');
  const request: IHttpRequestOptions = {
    method,
    url: `${baseUrl}${path}`,
    qs: options.qs,
    headers: options.headers,
    body: options.body,
    json: !(options.body instanceof Buffer),
    returnFullResponse: true,
    ignoreHttpStatusErrors: true,
  };
  const retries = options.rateLimitRetries ?? 3;
  for (let attempt = 0; ; attempt++) {
    const response = (await this.helpers.httpRequestWithAuthentication.call(
      this,
      CREDENTIAL,
      request,
    )) as IN8nHttpFullResponse;
    const status = response.statusCode;
    if (status === 429 && attempt < retries) {
      await sleep(retryAfterMs(response.headers?.['retry-after'], attempt, Date.now()));
      continue;
    }
    if (status >= 400) {
      const body = parseBody(response.body);
      const detail = describeDetail(body) ?? `HTTP ${status}`;
      throw new NodeApiError(
        this.getNode(),
        (body && typeof body === 'object' ? body : { detail }) as JsonObject,
        {
          httpCode: String(status),
          message: `Tracker service answered ${status}: ${detail}`,
          description: `${method} ${path}`,
          itemIndex: options.itemIndex,
        },
      );
    }
    return parseBody(response.body) as T;
  }
}

function parseBody(body: unknown): unknown {
  if (body instanceof Buffer) body = body.toString('utf8');
  if (typeof body === 'string' && body.length > 0) {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  return body;
}

/** Get Many: every page with Return All, otherwise just enough pages for the limit. */
export async function getMany<T>(
  this: TrackerContext,
  path: string,
  qs: IDataObject,
  returnAll: boolean,
  limit: number,
  itemIndex?: number,
): Promise<T[]> {
  const pageSize = returnAll ? LIMITS.pageSizeMax : Math.min(Math.max(1, limit), LIMITS.pageSizeMax);
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const result = (await trackerRequest.call(this, 'GET', path, {
      qs: { ...qs, page, page_size: pageSize },
      itemIndex,
    })) as Page<T>;
    items.push(...result.data);
    if (!returnAll && items.length >= limit) return items.slice(0, limit);
    if (result.data.length === 0 || page >= result.pagination.total_pages) return items;
  }
}
