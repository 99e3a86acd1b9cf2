// Every request body and query checked the same way in every layer: the document's schema first,
// then the rules no schema keyword can say.
import { LIMITS } from '../generated/limits.ts';
import { type Path, type Problem, problem, under } from '../problem.ts';
import { notificationProblems } from '../rules/notification.ts';
import { scheduleProblems } from '../rules/schedule.ts';
import type { TrackerCreate, TrackerUpdate, VaultJsonUpload } from '../types.ts';
import { problemsOf } from './problems-of.ts';
import { type OperationId, querySchemaOf, type SchemaName, schemaOf } from './schemas.ts';

/** A value against a component schema of the document. */
export const schemaProblems = (name: SchemaName, value: unknown, prefix: Path = []): Problem[] =>
  problemsOf(schemaOf(name), value, prefix);

/** POST /api/spaces/{space_id}/trackers */
export function trackerCreateProblems(body: unknown): Problem[] {
  const found = schemaProblems('TrackerCreate', body);
  if (found.length > 0) return found;
  const create = body as TrackerCreate;
  return [
    ...scheduleProblems(create, { partial: false }),
    ...under(['notification_config'], notificationProblems(create.notification_config, { partial: false })),
  ];
}

/**
 * PATCH /api/trackers/{tracker_id}, checked without the stored tracker (`partial`): what a client
 * can know. The service checks the merged tracker with trackerCreate-style full checks.
 */
export function trackerUpdateProblems(body: unknown): Problem[] {
  const found = schemaProblems('TrackerUpdate', body);
  if (found.length > 0) return found;
  const update = body as TrackerUpdate;
  return [
    ...scheduleProblems(update, { partial: true }),
    ...under(['notification_config'], notificationProblems(update.notification_config, { partial: true })),
  ];
}

/** Query parameters of a list or read operation (unknown parameters are refused). */
export const queryProblems = (operation: OperationId, query: object | undefined): Problem[] =>
  query === undefined ? [] : problemsOf(querySchemaOf(operation), query);

/** A JSON upload's size once serialized: the document's `x-max-request-bytes`. */
export function uploadBytesProblem(bytes: number, path: Path = ['data']): Problem | undefined {
  if (bytes <= LIMITS.uploadBytesMax) return undefined;
  return problem(
    path,
    `x-max-request-bytes: ${LIMITS.uploadBytesMax}`,
    `the request would be ${bytes} bytes; split the rows into batches of at most ${LIMITS.uploadBytesMax} bytes`,
  );
}

/** UTF-8 length without encoding the text (the planner measures every chunk of rows). */
export const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

/** One JSON upload: the schema, then the byte limit of its serialized body. */
export function jsonUploadProblems(body: VaultJsonUpload): { problems: Problem[]; text?: string } {
  const problems = schemaProblems('VaultJsonUpload', body);
  if (problems.length > 0) return { problems };
  const text = JSON.stringify(body);
  const tooBig = uploadBytesProblem(byteLength(text));
  return tooBig ? { problems: [tooBig] } : { problems: [], text };
}
