// The node's pre-checks as plain functions: every rule comes from the core bundled in
// ./generated/core, so the node refuses exactly what the client, the emulator and the MCP server
// refuse. No n8n context is needed to call them (the contract tests in tests/contract do).
import {
  fileUploadProblems,
  type ListRunsQuery,
  type Problem,
  pathParamsProblems,
  queryProblems,
  RETRY_DEFAULTS,
  type ReasoningMode,
  type RetryPolicy,
  type RunTrigger,
  retryDecision,
  schemaProblems,
  secretProblems,
  trackerCreateProblems,
  trackerUpdateProblems,
  type UploadHead,
  uploadHeadProblems,
  type VaultRecentQuery,
  type Verification,
  verifyStandardWebhooks,
  zenSyncProblems,
} from './generated/core';

/**
 * The ids of a request path (`{ tracker_id, run_id }`): one the service could never have issued
 * (`..`, `a/b`) would name another resource once the path is normalised.
 */
export const checkPathIds = (params: object): Problem[] =>
  pathParamsProblems(params as Record<string, unknown>);

/** POST /api/spaces/{space_id}/trackers, on the body the node composed. */
export const checkTrackerCreate = (body: unknown): Problem[] => trackerCreateProblems(body);

/**
 * PATCH /api/trackers/{tracker_id}: a partial check, as the node does not read the stored tracker
 * first (turning on notify_below that relies on the stored lower_threshold is accepted).
 */
export const checkTrackerUpdate = (body: unknown): Problem[] => trackerUpdateProblems(body);

/** POST /api/trackers/{tracker_id}/runs; `reasoningMode` when the tracker's mode is known. */
export function checkRunTrigger(body: RunTrigger, reasoningMode?: ReasoningMode): Problem[] {
  const found = schemaProblems('RunTrigger', body);
  return found.length > 0 ? found : zenSyncProblems(body.sync, reasoningMode);
}

/** Run › Get Many filters (the listRuns query). */
export const checkRunFilters = (query: ListRunsQuery): Problem[] => queryProblems('listRuns', query);

/** Vault › Get Recent (the getVaultRecent query). */
export const checkRecentQuery = (query: VaultRecentQuery): Problem[] =>
  queryProblems('getVaultRecent', query);

/** PATCH of a vault source. */
export const checkSourceUpdate = (body: unknown): Problem[] => schemaProblems('VaultSourceUpdate', body);

/** The source fields of an upload, before its rows are planned. */
export const checkUploadHead = (head: UploadHead): Problem[] => uploadHeadProblems(head);

/** A file upload: its name decides the type, then its fields, then its bytes. */
export const checkFile = (
  fileName: string,
  bytes: Uint8Array,
  fields: { source_name?: string | undefined; description?: string | undefined },
): Problem[] => fileUploadProblems(fileName, bytes, fields);

/** The webhook credential's secret against the suite's one secret policy. */
export const checkSigningSecret = (secret: string): Problem[] => secretProblems(secret, ['secret']);

export interface AlertRequest {
  /** The credential's secret (several while a secret is being rotated). */
  secret: string | readonly string[];
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received. */
  rawBody: Uint8Array | string;
  nowMs: number;
  toleranceSeconds?: number;
}

/** Standard Webhooks verification of an alert; never throws. */
export function verifyAlert(request: AlertRequest): Verification {
  const secrets = typeof request.secret === 'string' ? [request.secret] : request.secret;
  return verifyStandardWebhooks(
    secrets,
    { body: request.rawBody, headers: request.headers },
    { scheme: 'standard-webhooks', nowMs: request.nowMs, toleranceSeconds: request.toleranceSeconds },
  );
}

/** The retry policy of every request the node sends (the core decides which answers may be resent). */
export const RETRY_POLICY: RetryPolicy = RETRY_DEFAULTS;

/**
 * How long the node waits after a 429 answered on attempt `attempt` (0-based): the Retry-After the
 * service asked for, else the core's backoff; undefined once the retries are used up.
 */
export function retryWaitMs(
  retryAfterHeader: string | null | undefined,
  attempt: number,
  nowMs: number,
  random: () => number = Math.random,
  policy: RetryPolicy = RETRY_POLICY,
): number | undefined {
  const outcome = { kind: 'status', status: 429, retryAfter: retryAfterHeader } as const;
  const decision = retryDecision('GET', outcome, attempt, policy, nowMs, random);
  return decision.retry ? decision.waitMs : undefined;
}
