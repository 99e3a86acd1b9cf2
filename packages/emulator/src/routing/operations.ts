import { type OperationId, openapiDocument, queryParameters, resolveRef } from '@trackerkit/core';
import { decodeSegment } from './request-target.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

export type QueryParam = ReturnType<typeof queryParameters>[number];

export interface Operation {
  operationId: OperationId;
  method: Method;
  template: string;
  /** The operation's query parameters, their schemas and defaults (core reads them from the document). */
  queryParams: QueryParam[];
  /** Media types the request body may use, with their schemas; empty when no body. */
  bodies: Record<string, unknown>;
  bodyRequired: boolean;
  responses: Record<string, unknown>;
  /** The operation's `x-rate-limit`, per account. */
  rateLimit: { requests: number; window_seconds: number } | null;
}

export interface PathEntry {
  template: string;
  regex: RegExp;
  params: string[];
  operations: Partial<Record<Method, Operation>>;
}

/** Resolves OpenAPI-level `$ref`s (request bodies, responses) with the core's resolver. */
export const deref = <T>(node: T): T => resolveRef(node);

/** Every path and operation of the document, with the regex that routes to it. */
export function loadPaths(): PathEntry[] {
  const paths = openapiDocument.paths as unknown as Record<string, Record<string, unknown>>;
  const out: PathEntry[] = [];
  for (const [template, item] of Object.entries(paths)) {
    const params: string[] = [];
    const pattern = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      params.push(name);
      return '([^/]+)';
    });
    const entry: PathEntry = { template, regex: new RegExp(`^${pattern}/?$`), params, operations: {} };
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const operationId = String(op.operationId) as OperationId;
      const requestBody = deref(op.requestBody) as
        | { required?: boolean; content?: Record<string, { schema?: unknown }> }
        | undefined;
      const bodies: Record<string, unknown> = {};
      for (const [media, content] of Object.entries(requestBody?.content ?? {}))
        bodies[media] = content.schema;
      entry.operations[method] = {
        operationId,
        method,
        template,
        queryParams: queryParameters(operationId),
        bodies,
        bodyRequired: requestBody?.required === true,
        responses: op.responses as Record<string, unknown>,
        rateLimit: (op['x-rate-limit'] as Operation['rateLimit']) ?? null,
      };
    }
    out.push(entry);
  }
  return out;
}

/** Where a request goes: its path entry, the operation for its method (if any), its decoded ids. */
export interface Route {
  entry: PathEntry;
  op: Operation | undefined;
  params: Record<string, string>;
}

/**
 * The route of `method path` (path without `/v1`), or null for a path no operation has. The one
 * routing rule the service's dispatcher, the proxy and the replay share.
 */
export function routeOf(paths: readonly PathEntry[], method: string, path: string): Route | null {
  const lower = method.toLowerCase() as Method;
  for (const entry of paths) {
    const match = entry.regex.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    entry.params.forEach((name, i) => {
      params[name] = decodeSegment(match[i + 1] ?? '');
    });
    return { entry, op: METHODS.includes(lower) ? entry.operations[lower] : undefined, params };
  }
  return null;
}
