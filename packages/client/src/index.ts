// Public API of @trackerkit/client. Explicit named exports only.

export type {
  AgentConfig,
  AgentConfigUpdate,
  AlertData,
  ChannelDelivery,
  ContentType,
  components,
  DeleteEnvelope,
  ErrorDetail,
  ListRunsQuery,
  NotificationConfig,
  NotificationStatus,
  operations,
  PageQuery,
  Pagination,
  paths,
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
  webhooks,
} from '@trackerkit/core';
// The document, its limits and types, and the rules are the core's; re-exported so a client user
// needs one import.
export {
  DEFAULT_SKILL_COSTS,
  FILE_TYPES,
  type FileExtension,
  LIMITS,
  matchesFileType,
  NOTIFICATION_RULES,
  openapiDocument,
  parseRetryAfter,
  REASONING_MULTIPLIERS,
  type RunCostEstimate,
  type RunCostInput,
  type RunCostOptions,
  SIGNAL_SCORE_BANDS,
  VALIDATION_RULES,
  WAIT_DEFAULTS,
  type WaitOptions,
  WEBHOOK_DELIVERY,
} from '@trackerkit/core';
export {
  CLIENT_DEFAULTS,
  createTrackerClient,
  type TrackerClient,
  type TrackerClientOptions,
} from './client.ts';
export { type Clock, createVirtualClock, realClock, type VirtualClock } from './clock.ts';
export { estimateRunCost } from './cost.ts';
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
export type { FetchLike, FetchLikeInit, FetchLikeResponse } from './http/fetch-like.ts';
export type { CallOptions } from './http/typed.ts';
export type { RunsApi, TriggerOptions } from './resources/runs.ts';
export type { SpacesApi } from './resources/spaces.ts';
export type { ListTrackersQuery, TrackersApi } from './resources/trackers.ts';
export type { VaultApi } from './resources/vault.ts';
export type { FileInput } from './vault/file-input.ts';
export type { UploadFileInput } from './vault/file-upload.ts';
export type { BatchInfo, UploadRowsInput, UploadRowsOptions, UploadRowsResult } from './vault/row-batcher.ts';
