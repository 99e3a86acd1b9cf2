import type { App } from '../app.ts';
import { iso } from '../clock.ts';
import { storedSchedule } from '../domain/schedule.ts';
import type { RunRecord, SourceRecord, TrackerRecord } from '../store/records.ts';
import type { FixtureRun, FixtureSource, Fixtures, FixtureTracker } from './fixture-types.ts';

const bySeq = <T extends { seq: number }>(records: T[]) => records.sort((a, b) => a.seq - b.seq);

/**
 * The account's state in the fixtures format, oldest first so that linked trackers come after the
 * trackers they name: loading the export into a fresh emulator gives the same spaces, trackers, ids,
 * finished runs and vault data. Runs still pending or running are left out (a fixture run is finished).
 */
export function exportState(app: App, accountId: string): Fixtures {
  const { store } = app;
  return {
    spaces: bySeq(store.spaces.by('account_id', accountId)).map((space) => ({
      space_id: space.id,
      name: space.name,
      description: space.description,
      category: space.category,
      capacity_gb: space.capacity_gb,
      throughput_per_hour: space.throughput_per_hour,
      monthly_cost: space.monthly_cost,
      storage_cost: space.storage_cost,
      throughput_cost: space.throughput_cost,
      rate_limit_per_hour: space.rate_limit_per_hour,
      is_active: space.is_active,
      trackers: bySeq(store.trackers.by('space_id', space.id)).map((t) => trackerOut(app, t)),
    })),
  };
}

function trackerOut(app: App, tracker: TrackerRecord): FixtureTracker {
  const { store } = app;
  const runs = bySeq(store.runs.by('tracker_id', tracker.id)).filter(
    (r) => r.status === 'completed' || r.status === 'failed',
  );
  return {
    tracker_id: tracker.id,
    name: tracker.name,
    description: tracker.description,
    run_mode: tracker.run_mode,
    schedule: storedSchedule(tracker.run_mode, tracker.schedule),
    vault_ttl_days: tracker.vault_ttl_days,
    agent_config: { ...tracker.agent_config },
    // A create request has no null notification_config: left out, it is null again on load.
    ...(tracker.notification_config ? { notification_config: tracker.notification_config } : {}),
    created_at: iso(tracker.created_at),
    updated_at: iso(tracker.updated_at),
    runs: runs.map(runOut),
    vault: bySeq(store.sources.by('tracker_id', tracker.id)).map((s) => sourceOut(app, s)),
  };
}

function runOut(run: RunRecord): FixtureRun {
  const out: FixtureRun = {
    run_id: run.id,
    status: run.status as 'completed' | 'failed',
    trigger_type: run.config_snapshot.trigger_type,
    started_at: iso(run.started_at ?? run.created_at),
    completed_at: iso(run.completed_at ?? run.created_at),
  };
  if (run.result) Object.assign(out, run.result);
  if (run.error_message !== null) out.error_message = run.error_message;
  return out;
}

function sourceOut(app: App, source: SourceRecord): FixtureSource {
  const items = bySeq(app.store.items.by('source_id', source.id));
  const of = (type: string) => items.filter((i) => i.content_type === type).map((i) => i.content);
  return {
    source_id: source.id,
    source_name: source.name,
    description: source.description,
    source_type: source.source_type,
    uploaded_at: iso(items[0]?.created_at ?? source.uploaded_at),
    data: of('json').map((c) => JSON.parse(c) as Record<string, unknown>),
    texts: of('text'),
    images: of('image'),
  };
}
