// A request path from the document's template and the caller's ids. Every `{name}` must be given an
// id the service could have issued (the core's ResourceId rule): `encodeURIComponent` leaves `.` as it
// is and fetch resolves a `..` segment, so `DELETE .../runs/..` would otherwise delete the tracker,
// and a missing id would make `/api/trackers//runs`.
import { type Problem, problem } from '../problem.ts';
import { pathIdProblems } from '../validate/resource-id.ts';

const PARAM = /\{([^}]+)\}/g;

/** Problems of the ids a path template needs, in the template's order; none when it can be sent. */
export function requestPathProblems(template: string, params: unknown = {}): Problem[] {
  return [...template.matchAll(PARAM)].flatMap(([, name = '']) => {
    const value = (params as Record<string, unknown> | null)?.[name];
    if (typeof value !== 'string' || value.length === 0) {
      return [problem([name], 'minLength: 1', `${name} must be a non-empty string`, 'missing')];
    }
    return pathIdProblems(name, value);
  });
}

/** The template with its ids URL-encoded. Check requestPathProblems first: this does not refuse. */
export function expandPath(template: string, params: unknown = {}): string {
  return template.replace(PARAM, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown> | null)?.[name] ?? '')),
  );
}
