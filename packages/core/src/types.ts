// Named aliases for the document's schemas, so consumers never spell components['schemas'][...].
import type { components, operations } from './generated/openapi.ts';

type Schemas = components['schemas'];

export type Space = Schemas['Space'];
export type SpaceList = Schemas['SpaceList'];
export type Pagination = Schemas['Pagination'];
export type DeleteEnvelope = Schemas['DeleteEnvelope'];
export type ErrorDetail = Schemas['ErrorDetail'];
export type ValidationError = Schemas['ValidationError'];
export type ValidationIssue = Schemas['ValidationIssue'];
export type RunMode = Schemas['RunMode'];
export type ReasoningMode = Schemas['ReasoningMode'];
export type Signal = Schemas['Signal'];
export type SignalLevel = Schemas['SignalLevel'];
export type RunStatus = Schemas['RunStatus'];
export type NotificationStatus = Schemas['NotificationStatus'];
export type AgentConfig = Schemas['AgentConfig'];
export type AgentConfigUpdate = Schemas['AgentConfigUpdate'];
export type NotificationConfig = Schemas['NotificationConfig'];
export type Schedule = Schemas['Schedule'];
export type Tracker = Schemas['Tracker'];
export type TrackerList = Schemas['TrackerList'];
export type TrackerCreate = Schemas['TrackerCreate'];
export type TrackerUpdate = Schemas['TrackerUpdate'];
export type RunTrigger = Schemas['RunTrigger'];
export type Run = Schemas['Run'];
export type RunList = Schemas['RunList'];
export type RunResult = Schemas['RunResult'];
export type RunSyncResponse = Schemas['RunSyncResponse'];
export type RunAsyncResponse = Schemas['RunAsyncResponse'];
export type ChannelDelivery = Schemas['ChannelDelivery'];
export type VaultSource = Schemas['VaultSource'];
export type VaultSourceList = Schemas['VaultSourceList'];
export type VaultUploadResponse = Schemas['VaultUploadResponse'];
export type VaultJsonUpload = Schemas['VaultJsonUpload'];
export type VaultRow = Schemas['VaultRow'];
export type VaultSourceUpdate = Schemas['VaultSourceUpdate'];
export type VaultDataItem = Schemas['VaultDataItem'];
export type VaultRecentResponse = Schemas['VaultRecentResponse'];
export type ContentType = Schemas['ContentType'];
export type AlertData = Schemas['AlertData'];
export type TrackerAlertEvent = Schemas['TrackerAlertEvent'];
export type TrackerAlertResolvedEvent = Schemas['TrackerAlertResolvedEvent'];

export type ListRunsQuery = NonNullable<operations['listRuns']['parameters']['query']>;
export type VaultRecentQuery = NonNullable<operations['getVaultRecent']['parameters']['query']>;
export type PageQuery = NonNullable<operations['listSpaces']['parameters']['query']>;
