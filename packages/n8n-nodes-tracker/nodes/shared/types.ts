// Names for the document's schemas, taken from the OpenAPI types bundled at build time (type-only).
import type { components } from './generated/openapi';

type Schemas = components['schemas'];

export type Space = Schemas['Space'];
export type Tracker = Schemas['Tracker'];
export type TrackerCreate = Schemas['TrackerCreate'];
export type TrackerUpdate = Schemas['TrackerUpdate'];
export type NotificationConfig = Schemas['NotificationConfig'];
export type Schedule = Schemas['Schedule'];
export type Run = Schemas['Run'];
export type RunAsyncResponse = Schemas['RunAsyncResponse'];
export type VaultSource = Schemas['VaultSource'];
export type VaultUploadResponse = Schemas['VaultUploadResponse'];
export type VaultRecentResponse = Schemas['VaultRecentResponse'];
export type Pagination = Schemas['Pagination'];
export type AlertData = Schemas['AlertData'];
export type Signal = Schemas['Signal'];

// Request bodies: the generated types mark fields with defaults as required; clients may omit them.
type AgentConfigBody = Omit<Schemas['AgentConfig'], 'linked_trackers'> & { linked_trackers?: string[] };
export type NotificationConfigBody = Partial<NotificationConfig>;
export type TrackerCreateBody = Omit<TrackerCreate, 'agent_config' | 'notification_config'> & {
  agent_config: AgentConfigBody;
  notification_config?: NotificationConfigBody;
};
export type TrackerUpdateBody = Omit<TrackerUpdate, 'notification_config'> & {
  notification_config?: NotificationConfigBody;
};

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}
