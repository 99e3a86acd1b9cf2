// Validation of each request before it is sent: the generated schemas, then the v0.3 rules.
import { type ValidationProblem, validationError } from '../errors.ts';
import { LIMITS } from '../generated/limits.ts';
import {
  RunTriggerSchema,
  schemas,
  TrackerCreateSchema,
  TrackerUpdateSchema,
  VaultFileUploadSchema,
  VaultJsonUploadSchema,
  VaultSourceUpdateSchema,
} from '../generated/zod.ts';
import type { ReasoningMode, RunTrigger, TrackerCreate, TrackerUpdate, VaultJsonUpload } from '../types.ts';
import { notificationProblems } from './notification-rules.ts';
import { VALIDATION_RULES } from './rules.ts';
import { throwIfAny, zodProblems } from './zod-problems.ts';

// PATCH: a schedule left out may already be stored; only an explicit null is known to be missing.
function scheduleProblems(body: TrackerCreate | TrackerUpdate, partial: boolean): ValidationProblem[] {
  if (body.run_mode !== 'scheduled') return [];
  const missing = partial ? body.schedule === null : body.schedule == null;
  if (!missing) return [];
  const rule = partial ? VALIDATION_RULES.scheduleNotNull : VALIDATION_RULES.scheduleRequired;
  return [{ field: 'schedule', rule, message: 'a scheduled tracker needs a schedule' }];
}

export function validateTrackerCreate(body: TrackerCreate): void {
  throwIfAny(zodProblems(TrackerCreateSchema, body));
  throwIfAny([
    ...scheduleProblems(body, false),
    ...notificationProblems(body.notification_config, 'notification_config', false),
  ]);
}

export function validateTrackerUpdate(body: TrackerUpdate): void {
  throwIfAny(zodProblems(TrackerUpdateSchema, body));
  throwIfAny([
    ...scheduleProblems(body, true),
    ...notificationProblems(body.notification_config, 'notification_config', true),
  ]);
}

export function validateRunTrigger(body: RunTrigger | undefined): void {
  if (body !== undefined) throwIfAny(zodProblems(RunTriggerSchema, body));
}

/** Zen runs are asynchronous only; checked where the tracker's reasoning mode is known. */
export function checkZenSync(sync: boolean | undefined, mode: ReasoningMode | undefined): void {
  if (sync === true && mode === 'zen')
    throw validationError(
      'sync',
      VALIDATION_RULES.zenSync,
      'this tracker uses zen reasoning; trigger it with sync false',
    );
}

export type QueryOperation =
  | 'listSpaces'
  | 'listTrackers'
  | 'listRuns'
  | 'getVaultRecent'
  | 'listVaultSources';

export function validateQuery(operation: QueryOperation, query: object | undefined): void {
  if (query === undefined) return;
  throwIfAny(zodProblems(schemas[`${operation}Query`], query));
}

export function validateSourceUpdate(body: unknown): void {
  throwIfAny(zodProblems(VaultSourceUpdateSchema, body));
}

export function validateFileFields(fields: {
  source_name?: string | undefined;
  description?: string | undefined;
}): void {
  throwIfAny(zodProblems(VaultFileUploadSchema, fields));
}

/** Validates a single JSON upload and returns its serialized body, checked against the byte limit. */
export function serializeJsonUpload(body: VaultJsonUpload): string {
  throwIfAny(zodProblems(VaultJsonUploadSchema, body));
  const text = JSON.stringify(body);
  const bytes = Buffer.byteLength(text);
  if (bytes > LIMITS.uploadBytesMax) {
    throw validationError(
      'data',
      `x-max-request-bytes: ${LIMITS.uploadBytesMax}`,
      `the request would be ${bytes} bytes; split the rows (vault.uploadRows does it for you)`,
    );
  }
  return text;
}
