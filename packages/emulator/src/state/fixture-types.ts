import type { NotificationConfig, Schedule } from '@trackerkit/core';
import type { SpaceInput } from '../domain/seed.ts';

/**
 * The fixtures format (YAML or JSON), also what `GET /_emulator/export` writes: the seeded account's
 * spaces with their trackers, finished runs and vault data. Ids are optional on load (fresh ones are
 * made) and kept when given, so an export loads back with the same ids.
 */
export interface Fixtures {
  spaces: FixtureSpace[];
}

/** A space as the seed takes it, plus its id and trackers. */
export interface FixtureSpace extends SpaceInput {
  /** An existing own space's id adds the trackers to it; a new id creates the space with it. */
  space_id?: string;
  trackers?: FixtureTracker[];
}

export interface FixtureTracker {
  tracker_id?: string;
  name: string;
  description: string;
  run_mode: 'manual' | 'scheduled';
  schedule?: Schedule | null;
  vault_ttl_days?: number | null;
  /** As in a create request; linked trackers name trackers that exist or come earlier in the file. */
  agent_config: Record<string, unknown>;
  notification_config?: Partial<NotificationConfig> | null;
  /** ISO 8601; defaults to the emulator clock's now (an export keeps both, so a load answers the same). */
  created_at?: string;
  /** ISO 8601; defaults to created_at. */
  updated_at?: string;
  runs?: FixtureRun[];
  vault?: FixtureSource[];
}

export interface FixtureRun {
  run_id?: string;
  /** completed (default) or failed. */
  status?: 'completed' | 'failed';
  /** Required for a completed run: integer 0-10. */
  score?: number;
  /** Defaults to the emulator's band for the score. */
  signal?: string;
  analysis?: string;
  trigger_type?: 'manual' | 'scheduled';
  /** ISO 8601; defaults to the emulator clock's now. */
  completed_at?: string;
  /** ISO 8601; defaults to completed_at. */
  started_at?: string;
  /** For a failed run. */
  error_message?: string;
}

export interface FixtureSource {
  source_id?: string;
  source_name: string;
  description?: string | null;
  /** Defaults to JSON. */
  source_type?: string;
  /** ISO 8601; defaults to now. The items' created_at, which vault_ttl_days counts from. */
  uploaded_at?: string;
  /** Rows stored as `json` items (as a JSON upload). */
  data?: Record<string, unknown>[];
  /** Texts stored as `text` items (what a TXT, MD or PDF upload leaves). */
  texts?: string[];
  /** Descriptions stored as `image` items (what an image upload leaves). */
  images?: string[];
}
