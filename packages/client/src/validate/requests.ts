// Each request checked before it is sent, by the core's rules: the client reports what the core
// finds as a TrackerValidationError naming the field and the rule.
import {
  jsonUploadProblems,
  type OperationId,
  type Problem,
  queryProblems,
  type ReasoningMode,
  type RunTrigger,
  schemaProblems,
  trackerCreateProblems,
  trackerUpdateProblems,
  type VaultJsonUpload,
  zenSyncProblems,
} from '@trackerkit/core';
import { TrackerValidationError } from '../errors.ts';

export function throwIfAny(problems: Problem[]): void {
  if (problems.length > 0) throw new TrackerValidationError(problems);
}

export const validateTrackerCreate = (body: unknown): void => throwIfAny(trackerCreateProblems(body));
export const validateTrackerUpdate = (body: unknown): void => throwIfAny(trackerUpdateProblems(body));

export function validateRunTrigger(body: RunTrigger | undefined): void {
  if (body !== undefined) throwIfAny(schemaProblems('RunTrigger', body));
}

/** Zen runs are asynchronous only; checked where the tracker's reasoning mode is known. */
export const checkZenSync = (sync: boolean | undefined, mode: ReasoningMode | undefined): void =>
  throwIfAny(zenSyncProblems(sync, mode));

export const validateQuery = (operation: OperationId, query: object | undefined): void =>
  throwIfAny(queryProblems(operation, query));

export const validateSourceUpdate = (body: unknown): void =>
  throwIfAny(schemaProblems('VaultSourceUpdate', body));

/** Validates a single JSON upload and returns its serialized body, checked against the byte limit. */
export function serializeJsonUpload(body: VaultJsonUpload): string {
  const { problems, text } = jsonUploadProblems(body);
  throwIfAny(problems);
  return text!;
}
