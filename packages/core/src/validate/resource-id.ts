// An id in a request path (space_id, tracker_id, run_id, source_id). The value becomes a path
// segment, so one the service could never have issued names another resource: `..` and `.` are dot
// segments that `fetch`, proxies and URL parsers resolve (`DELETE .../runs/..` deletes the
// tracker), and `/`, `\`, `?`, `#` or `%` change the path once decoded. Every layer checks ids with
// this one rule before sending; the emulator answers such an id 404 without looking it up. The
// rule is the document's ResourceId schema (its pattern, with its words in `x-trackerkit-rules`,
// and its assumed maxLength).
import { openapiDocument } from '../generated/document.ts';
import type { Problem } from '../problem.ts';
import { problemsOf } from './problems-of.ts';
import { schemaOf } from './schemas.ts';

/** The document's ResourceId pattern, anchored (its maxLength is checked by pathIdProblems). */
export const RESOURCE_ID_PATTERN: string = openapiDocument.components.schemas.ResourceId.pattern;

/** Problems of one path parameter, named as the document names it (`run_id`). */
export const pathIdProblems = (name: string, value: unknown): Problem[] =>
  problemsOf(schemaOf('ResourceId'), value, [name]);

/** Problems of every path parameter of a request (`{ tracker_id, run_id }`), in order. */
export const pathParamsProblems = (params: Readonly<Record<string, unknown>>): Problem[] =>
  Object.entries(params).flatMap(([name, value]) => pathIdProblems(name, value));

/** True for an id the service could have issued, one that is safe as a path segment. */
export const isResourceId = (value: unknown): value is string => pathIdProblems('id', value).length === 0;
