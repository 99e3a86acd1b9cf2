// Zod pieces shared by several tools. Bounds come from the document, never literals.
import { type DeleteEnvelope, LIMITS, schemaOf } from '@trackerkit/core';
import { z } from 'zod';
import { queryField } from './document-fields.ts';

/**
 * An id argument: the document's ResourceId, so an id the service could never have issued (`..`,
 * `a/b`) is refused with the core's id rule before any request (it would walk the request path).
 */
const id = (what?: string) => {
  const schema = schemaOf('ResourceId') as z.ZodType<string>;
  return what === undefined ? schema : schema.describe(what);
};
// tracker_id and space_id say nothing more: list_trackers and list_spaces are the tools named for
// them, the server's instructions name them, and a 404 says which to call (tool-errors.ts).
export const trackerId = id();
export const runId = id('From run_tracker or list_runs.');
export const sourceId = id('From list_vault_sources.');
export const spaceId = id();

// Every list operation takes the document's PageQuery; a tool's pages are smaller than the API's
// default, to keep answers short.
export const pageArgs = {
  page: queryField('listSpaces', 'page', false).default(LIMITS.pageDefault),
  page_size: queryField('listSpaces', 'page_size').default(10),
  fields: z.array(z.string()).optional().describe('Extra fields.'),
  verbose: z.boolean().default(false).describe('Full API objects.'),
};

export const pageOutput = z.object({
  items: z.array(z.record(z.string(), z.unknown())),
  page: z.int(),
  total_pages: z.int(),
  total_items: z.int(),
  next_page: z.int().nullable(),
});

export const deletedOutput = z.object({ deleted: z.boolean(), message: z.string() });

/** The result of a delete_* tool, e.g. "Deleted run run_1: ...". */
export function deletedResult(what: string, envelope: DeleteEnvelope) {
  const structured = { deleted: envelope.success, message: envelope.message };
  return { structured, text: `Deleted ${what}: ${envelope.message}` };
}

/** A whole API object: the keys the tool promises, anything else passed through. */
export const objectWith = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape);

/** Drops keys whose value is undefined, so optional arguments never reach the API as keys. */
export function definedOnly<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
