import { DEFAULT_REASONING_MODE, estimateRunCost, type Schedule } from '@trackerkit/core';
import { withNotificationDefaults } from '../api/tracker-rules.ts';
import type { App } from '../app.ts';
import { nextOccurrence, storedSchedule } from '../domain/schedule.ts';
import { createSpace, type SpaceInput } from '../domain/seed.ts';
import { signalFor } from '../domain/signal.ts';
import { newId } from '../ids.ts';
import type { AccountRecord, RunRecord, StoredAgentConfig, TrackerRecord } from '../store/records.ts';
import { jsonItems, type NewItem, textItem } from '../vault/upload.ts';
import { checkFixtures } from './fixture-check.ts';
import type { FixtureRun, FixtureSource, FixtureTracker } from './fixture-types.ts';

export interface Loaded {
  spaces: number;
  trackers: number;
  runs: number;
  sources: number;
}

const at = (iso: string | undefined, fallback: number) => (iso === undefined ? fallback : Date.parse(iso));

/**
 * Loads fixtures into `account` (the seeded one): checked in full first (422/409 name the place in
 * the file), then written in one transaction. Runs are stored finished, with the chosen score and
 * times and no notification sent; a tracker's last_run_at is its latest run's completed_at.
 */
export function loadFixtures(app: App, account: AccountRecord, input: unknown): Loaded {
  const fixtures = checkFixtures(app, account, input);
  const { store } = app;
  const count: Loaded = { spaces: 0, trackers: 0, runs: 0, sources: 0 };
  store.transaction(() => {
    for (const entry of fixtures.spaces) {
      const { trackers = [], space_id, ...fields } = entry;
      let space = space_id === undefined ? undefined : store.spaces.get(space_id);
      if (!space) {
        space = createSpace(app, account.id, fields as SpaceInput, space_id ?? newId('spc'));
        count.spaces++;
      }
      for (const fixture of trackers) {
        const tracker = putTracker(app, account, space.id, space.category, fixture);
        count.trackers++;
        for (const run of fixture.runs ?? []) {
          putRun(app, tracker, run);
          count.runs++;
        }
        for (const source of fixture.vault ?? []) {
          putSource(app, tracker, source);
          count.sources++;
        }
        const latest = store.runs
          .by('tracker_id', tracker.id)
          .reduce<number | null>(
            (max, r) =>
              r.completed_at !== null && r.completed_at > (max ?? -Infinity) ? r.completed_at : max,
            null,
          );
        store.trackers.put({ ...tracker, last_run_at: latest });
      }
    }
  });
  return count;
}

function putTracker(
  app: App,
  account: AccountRecord,
  spaceId: string,
  category: string,
  fixture: FixtureTracker,
): TrackerRecord {
  const now = app.clock.now();
  const createdAt = at(fixture.created_at, now);
  const agent = fixture.agent_config as unknown as StoredAgentConfig;
  const schedule = storedSchedule(fixture.run_mode, (fixture.schedule ?? null) as Schedule | null);
  const tracker: TrackerRecord = {
    id: fixture.tracker_id ?? newId('trk'),
    account_id: account.id,
    space_id: spaceId,
    name: fixture.name,
    description: fixture.description,
    run_mode: fixture.run_mode,
    schedule,
    vault_ttl_days: fixture.vault_ttl_days ?? null,
    agent_config: {
      instruction: agent.instruction,
      score_meaning: agent.score_meaning,
      skills: agent.skills,
      reasoning_mode: agent.reasoning_mode ?? DEFAULT_REASONING_MODE,
      linked_trackers: agent.linked_trackers ?? [],
    },
    notification_config: fixture.notification_config
      ? withNotificationDefaults(fixture.notification_config)
      : null,
    category,
    last_run_at: null,
    next_run_at: schedule ? nextOccurrence(schedule, now) : null,
    created_at: createdAt,
    updated_at: at(fixture.updated_at, createdAt),
    seq: app.store.nextSeq(),
  };
  app.store.trackers.put(tracker);
  return tracker;
}

function putRun(app: App, tracker: TrackerRecord, fixture: FixtureRun): void {
  const completedAt = at(fixture.completed_at, app.clock.now());
  const failed = fixture.status === 'failed';
  const score = fixture.score ?? 0;
  const run: RunRecord = {
    id: fixture.run_id ?? newId('run'),
    account_id: tracker.account_id,
    tracker_id: tracker.id,
    space_id: tracker.space_id,
    status: failed ? 'failed' : 'completed',
    created_at: at(fixture.started_at, completedAt),
    started_at: at(fixture.started_at, completedAt),
    completed_at: completedAt,
    quants_used: failed
      ? 0
      : estimateRunCost(tracker.agent_config, { skillCosts: app.options.skillCosts }).quants,
    result: failed
      ? null
      : {
          score,
          signal: (fixture.signal ?? signalFor(score)) as ReturnType<typeof signalFor>,
          analysis:
            fixture.analysis ??
            `Score ${score} (${fixture.signal ?? signalFor(score)}). Loaded from fixtures.`,
        },
    config_snapshot: {
      agent_config: structuredClone(tracker.agent_config),
      trigger_type: fixture.trigger_type ?? 'manual',
      sync: false,
    },
    notification_delivery: { email: null, webhook: null },
    error_message: failed ? (fixture.error_message ?? 'Failed (fixture)') : null,
    alerted: false,
    context: null,
    seq: app.store.nextSeq(),
  };
  app.store.runs.put(run);
}

function putSource(app: App, tracker: TrackerRecord, fixture: FixtureSource): void {
  const { store } = app;
  const uploaded = at(fixture.uploaded_at, app.clock.now());
  const sourceId = fixture.source_id ?? newId('src');
  store.sources.put({
    id: sourceId,
    account_id: tracker.account_id,
    tracker_id: tracker.id,
    space_id: tracker.space_id,
    name: fixture.source_name,
    description: fixture.description ?? null,
    source_type: fixture.source_type ?? 'JSON',
    status: 'completed',
    uploaded_at: uploaded,
    updated_at: uploaded,
    seq: store.nextSeq(),
  });
  const items: NewItem[] = [
    ...jsonItems(fixture.data ?? []),
    ...(fixture.texts ?? []).map((text) => textItem(text, null)),
    ...(fixture.images ?? []).map((text) => ({ ...textItem(text, null), content_type: 'image' as const })),
  ];
  for (const item of items) {
    store.items.put({
      ...item,
      id: newId('dat'),
      source_id: sourceId,
      tracker_id: tracker.id,
      space_id: tracker.space_id,
      created_at: uploaded,
      seq: store.nextSeq(),
    });
  }
}
