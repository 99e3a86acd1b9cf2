// Public API of @trackerkit/core: the service's rulebook, sans I/O. Explicit named exports only.
// No timers, no fetch, no process, no filesystem, no Node built-in: callers hand in their request,
// clock and sleep. Subpaths of their own: `@trackerkit/core/cli` (the commands' conventions: flags,
// their values and bad usage), `csv` (the reader's configuration, for the layers that read files), `http`
// (the edge that calls the service, and the origin rule of the suite's servers), `signing`
// (Standard Webhooks and the other schemes, on node:crypto) and `html` (the escaping rule of
// server-rendered pages).

export {
  ALERT_EVENT,
  ALERT_EVENT_TYPES,
  type AlertEventType,
  CONTENT_TYPES,
  DEFAULT_REASONING_MODE,
  DEFAULT_SIGNAL_LEVEL,
  isAlertEventType,
  NOTIFICATION_STATUSES,
  REASONING_MODES,
  REQUEST_ID_HEADER,
  RUN_MODES,
  RUN_STATUSES,
  SIGNAL_LEVELS,
  SIGNALS,
  SPACE_ID_PATTERN,
  signalRank,
} from './document.ts';
export { openapiDocument } from './generated/document.ts';
export {
  DEFAULT_SKILL_COSTS,
  FILE_TYPES,
  LIMITS,
  REASONING_MULTIPLIERS,
  SIGNAL_SCORE_BANDS,
  WEBHOOK_DELIVERY,
  WEBHOOK_SECRET_POLICY,
} from './generated/limits.ts';
export type { components, operations, paths, webhooks } from './generated/openapi.ts';
export { type ContentTypeRefusal, contentTypeRefusal, JSON_MEDIA_TYPE } from './net/content-type.ts';
export type { HeaderSource } from './net/headers.ts';
export { isLoopbackHost } from './net/loopback.ts';
export { nextPage, pageSizeFor, pageWindow, paginate } from './paging.ts';
export { fieldOf, type Path, type Problem, problem, under } from './problem.ts';
export {
  type RateWindow,
  rateWindow,
  retryAfterSeconds,
  type WindowState,
  windowState,
} from './rate/rate-window.ts';
export {
  type BackoffPolicy,
  backoffMs,
  policyBackoffMs,
  RETRY_AFTER_CEILING_MS,
} from './retry/backoff.ts';
export { type DeliveryRetryDecision, deliveryRetryDecision } from './retry/delivery-retry.ts';
export { parseRetryAfter } from './retry/retry-after.ts';
export {
  mayResend,
  type Outcome,
  RETRY_DEFAULTS,
  type RetryDecision,
  type RetryPolicy,
  retryDecision,
} from './retry/retry-decision.ts';
export { type Attempted, type RetryIo, sendWithRetries } from './retry/send-with-retries.ts';
export {
  type AlertCondition,
  type AlertDecision,
  alertCondition,
  alertRuleOf,
  evaluateAlert,
  type SignalLevelMatch,
} from './rules/alert-condition.ts';
export { BASE_URL_RULE, isServiceBaseUrl } from './rules/base-url.ts';
export { completeTrackerUpdate, updateNeedsStored } from './rules/complete-update.ts';
export {
  estimateRunCost,
  type RunCostEstimate,
  type RunCostInput,
  type RunCostOptions,
  runCostProblems,
} from './rules/cost.ts';
export { DATABASE_SCHEMA_RULE, isDatabaseSchemaName } from './rules/database-schema.ts';
export {
  extensionOf,
  type FileExtension,
  fileContentProblems,
  fileNameProblems,
  fileTooLargeProblem,
  imageDescriptionProblems,
  isImage,
  MEDIA_TYPES,
  matchesFileType,
} from './rules/file-type.ts';
export { type LinkTarget, linkedTrackerProblems } from './rules/linked-trackers.ts';
export {
  mergeNotificationConfig,
  type NotificationCheck,
  notificationProblems,
  V03_NOTIFICATION_FIELDS,
} from './rules/notification.ts';
export { NOTIFICATION_RULES, VALIDATION_RULES } from './rules/rule-texts.ts';
export { type ScheduleTarget, scheduleProblems, toUtc } from './rules/schedule.ts';
export { zenSyncProblems } from './rules/zen-sync.ts';
export {
  FINISHED_STATUSES,
  RunWaitTimeout,
  WAIT_DEFAULTS,
  type WaitDecision,
  type WaitOptions,
  waitDecision,
  waitForRun,
} from './runs/run-wait.ts';
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
export {
  createPacer,
  type Pacer,
  type PacingDecision,
  type PacingState,
  pacingDecision,
} from './uploads/upload-pacer.ts';
export {
  createUploadPlanner,
  type PlannedBatch,
  type UploadHead,
  type UploadPlanner,
  uploadHeadProblems,
} from './uploads/upload-planner.ts';
export { type AlertBodyCheck, alertBodyCheck } from './validate/alert-body.ts';
export { fileUploadProblems } from './validate/file-upload.ts';
export {
  clampJsonDepth,
  jsonDepthRule,
  jsonNestsDeeper,
  MAX_ALERT_JSON_DEPTH,
  MAX_JSON_DEPTH,
} from './validate/json-depth.ts';
export { problemsOf } from './validate/problems-of.ts';
export {
  byteLength,
  jsonUploadProblems,
  queryProblems,
  schemaProblems,
  trackerCreateProblems,
  trackerUpdateProblems,
  uploadBytesProblem,
} from './validate/requests.ts';
export {
  isResourceId,
  pathIdProblems,
  pathParamsProblems,
  RESOURCE_ID_PATTERN,
} from './validate/resource-id.ts';
export {
  type OperationId,
  queryParameters,
  querySchemaOf,
  resolveRef,
  type SchemaName,
  schemaAt,
  schemaOf,
} from './validate/schemas.ts';
