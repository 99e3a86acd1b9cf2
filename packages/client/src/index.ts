// Public API of @trackerkit/client. Explicit named exports only.
export {
  CLIENT_DEFAULTS,
  createTrackerClient,
  type TrackerClient,
  type TrackerClientOptions,
} from './client.ts';
export { type Clock, createVirtualClock, realClock, type VirtualClock } from './clock.ts';
export { estimateRunCost, type RunCostEstimate, type RunCostInput, type RunCostOptions } from './cost.ts';
export {
  type ApiErrorInit,
  TrackerApiError,
  TrackerAuthError,
  TrackerBadRequestError,
  TrackerError,
  TrackerNetworkError,
  TrackerNotFoundError,
  TrackerRateLimitError,
  TrackerServerError,
  TrackerTimeoutError,
  TrackerUnprocessableError,
  TrackerValidationError,
  type ValidationProblem,
} from './errors.ts';
export { openapiDocument } from './generated/document.ts';
export {
  DEFAULT_SKILL_COSTS,
  FILE_TYPES,
  LIMITS,
  REASONING_MULTIPLIERS,
  SIGNAL_SCORE_BANDS,
  WEBHOOK_DELIVERY,
} from './generated/limits.ts';
export type { components, operations, paths, webhooks } from './generated/openapi.ts';
export { schemas } from './generated/zod.ts';
export { parseRetryAfter } from './http/retry-policy.ts';
export type { CallOptions } from './http/typed.ts';
export type { RunsApi, TriggerOptions } from './resources/runs.ts';
export type { SpacesApi } from './resources/spaces.ts';
export type { ListTrackersQuery, TrackersApi } from './resources/trackers.ts';
export type { VaultApi } from './resources/vault.ts';
export { WAIT_DEFAULTS, type WaitOptions } from './runs-wait.ts';
export type {
  AgentConfig,
  AgentConfigUpdate,
  AlertData,
  ChannelDelivery,
  ContentType,
  DeleteEnvelope,
  ErrorDetail,
  ListRunsQuery,
  NotificationConfig,
  NotificationStatus,
  PageQuery,
  Pagination,
  ReasoningMode,
  Run,
  RunAsyncResponse,
  RunList,
  RunMode,
  RunResult,
  RunStatus,
  RunSyncResponse,
  RunTrigger,
  Schedule,
  Signal,
  SignalLevel,
  Space,
  SpaceList,
  Tracker,
  TrackerAlertEvent,
  TrackerAlertResolvedEvent,
  TrackerCreate,
  TrackerList,
  TrackerUpdate,
  ValidationError,
  ValidationIssue,
  VaultDataItem,
  VaultJsonUpload,
  VaultRecentQuery,
  VaultRecentResponse,
  VaultRow,
  VaultSource,
  VaultSourceList,
  VaultSourceUpdate,
  VaultUploadResponse,
} from './types.ts';
export { NOTIFICATION_RULES, VALIDATION_RULES } from './validate/rules.ts';
export type { FileInput } from './vault/file-input.ts';
export { type FileExtension, matchesFileType } from './vault/file-type.ts';
export type { UploadFileInput } from './vault/file-upload.ts';
export type { BatchInfo, UploadRowsInput, UploadRowsOptions, UploadRowsResult } from './vault/row-batcher.ts';
