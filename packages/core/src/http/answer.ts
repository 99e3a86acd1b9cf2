// What the service answered, read the same way by every layer: the body parsed when it is JSON and
// kept as text when it is not (a proxy's 502 page), and the service's `detail` as one line for an
// error message: a string, or FastAPI's list of `{loc, msg}` issues.
import type { ValidationIssue } from '../types.ts';

/** A response body: JSON parsed, other text as it is, nothing (an empty body) as undefined. */
export function parseBody(body: unknown): unknown {
  const text = body instanceof Uint8Array ? new TextDecoder().decode(body) : body;
  if (typeof text !== 'string') return text;
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The body's `detail` when it is one the document defines (a string, or a 422's issues). */
export function detailOf(body: unknown): string | ValidationIssue[] | undefined {
  const detail = body && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
  return typeof detail === 'string' || Array.isArray(detail)
    ? (detail as string | ValidationIssue[])
    : undefined;
}

/** The answer's detail as one line: `body.name: Field required; ...`, a text body, or `no detail`. */
export function describeDetail(body: unknown): string {
  if (typeof body === 'string') return body.trim() || 'no detail';
  const detail = detailOf(body);
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail) && detail.length > 0) {
    return detail
      .map((issue: { loc?: unknown; msg?: unknown }) =>
        [Array.isArray(issue?.loc) ? issue.loc.join('.') : undefined, issue?.msg]
          .filter((part) => part !== undefined && part !== '')
          .join(': '),
      )
      .join('; ');
  }
  return 'no detail';
}
