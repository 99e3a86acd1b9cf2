import type { Operation } from '../routing/operations.ts';
import type { AccountRecord } from '../store/records.ts';
import type { MultipartPart } from './multipart.ts';

export interface RequestContext {
  op: Operation;
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** Parsed JSON body, or undefined when none was sent. */
  body: unknown;
  /** Parts of a multipart/form-data body, or null. */
  parts: MultipartPart[] | null;
  account: AccountRecord;
}

export interface Reply {
  status: number;
  body: unknown;
  /** Sent as is instead of `body` as JSON: a proxied or replayed answer that was not JSON. */
  raw?: string;
  headers?: Record<string, string>;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
