import { deref, doc } from '../validation/document.ts';

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

export interface QueryParam {
  name: string;
  required: boolean;
  schema: unknown;
}

export interface Operation {
  operationId: string;
  method: Method;
  template: string;
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

interface RawParam {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}

/** Every path and operation of the document, with the regex that routes to it. */
export function loadPaths(): PathEntry[] {
  const paths = doc.paths as Record<string, Record<string, unknown>>;
  const out: PathEntry[] = [];
  for (const [template, item] of Object.entries(paths)) {
    const params: string[] = [];
    const pattern = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      params.push(name);
      return '([^/]+)';
    });
    const entry: PathEntry = { template, regex: new RegExp(`^${pattern}/?$`), params, operations: {} };
    const shared = ((item.parameters ?? []) as unknown[]).map((p) => deref(p) as RawParam);
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const own = ((op.parameters ?? []) as unknown[]).map((p) => deref(p) as RawParam);
      const requestBody = deref(op.requestBody) as
        | { required?: boolean; content?: Record<string, { schema?: unknown }> }
        | undefined;
      const bodies: Record<string, unknown> = {};
      for (const [media, content] of Object.entries(requestBody?.content ?? {}))
        bodies[media] = content.schema;
      entry.operations[method] = {
        operationId: String(op.operationId),
        method,
        template,
        queryParams: [...shared, ...own]
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema })),
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
