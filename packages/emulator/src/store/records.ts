import type {
  ChannelDelivery,
  ContentType,
  NotificationConfig,
  ReasoningMode,
  RunMode,
  RunResult,
  RunStatus,
  Schedule,
} from '@trackerkit/core';

// Internal records. Times are epoch milliseconds on the emulator clock; views render ISO strings.
// `seq` is a store-wide counter that orders records created at the same clock instant.

export interface AccountRecord {
  id: string;
  email: string;
  webhook_url: string | null;
  webhook_secret: string | null;
  /** null means unlimited (402 never answered). */
  quants_balance: number | null;
  created_at: number;
  seq: number;
}

export interface TokenRecord {
  id: string;
  account_id: string;
  created_at: number;
  seq: number;
}

export interface SpaceRecord {
  id: string;
  account_id: string;
  name: string;
  description: string;
  category: string;
  capacity_gb: number;
  throughput_per_hour: number;
  monthly_cost: number;
  storage_cost: number;
  throughput_cost: number;
  rate_limit_per_hour: number;
  is_active: boolean;
  created_at: number;
  updated_at: number | null;
  seq: number;
}

export interface StoredAgentConfig {
  instruction: string;
  score_meaning: string;
  skills: string[];
  reasoning_mode: ReasoningMode;
  linked_trackers: string[];
}

/** notification_config as stored: fields as sent, base fields' defaults filled in. */
export type StoredNotificationConfig = Partial<NotificationConfig> & {
  signal_level: NonNullable<NotificationConfig['signal_level']>;
  email_enabled: boolean;
  webhook_enabled: boolean;
};

export interface TrackerRecord {
  id: string;
  account_id: string;
  space_id: string;
  name: string;
  description: string;
  run_mode: RunMode;
  schedule: Schedule | null;
  vault_ttl_days: number | null;
  agent_config: StoredAgentConfig;
  notification_config: StoredNotificationConfig | null;
  category: string;
  last_run_at: number | null;
  /** Next scheduled occurrence on the emulator clock, null when none is due. */
  next_run_at: number | null;
  created_at: number;
  updated_at: number;
  seq: number;
}

export interface RunRecord {
  id: string;
  account_id: string;
  tracker_id: string;
  space_id: string;
  status: RunStatus;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
  quants_used: number;
  result: RunResult | null;
  config_snapshot: { agent_config: StoredAgentConfig; trigger_type: 'manual' | 'scheduled'; sync: boolean };
  notification_delivery: { email: ChannelDelivery | null; webhook: ChannelDelivery | null };
  error_message: string | null;
  /** Whether this run met its tracker's alert condition with a channel enabled. */
  alerted: boolean;
  context: Record<string, unknown> | null;
  seq: number;
}

export interface SourceRecord {
  id: string;
  account_id: string;
  tracker_id: string;
  space_id: string;
  name: string;
  description: string | null;
  source_type: string;
  status: 'completed';
  uploaded_at: number;
  updated_at: number;
  seq: number;
}

export interface ItemRecord {
  id: string;
  source_id: string;
  tracker_id: string;
  space_id: string;
  content: string;
  content_type: ContentType;
  token_count: number;
  size_bytes: number;
  metadata: Record<string, unknown> | null;
  created_at: number;
  seq: number;
}

export interface MetaRecord {
  id: string;
  value: unknown;
  seq: number;
}
