import {
  type AgentConfig,
  type AgentConfigUpdate,
  DEFAULT_REASONING_MODE,
  mergeNotificationConfig,
  type NotificationConfig,
  type TrackerCreate,
  type TrackerUpdate,
} from '@trackerkit/core';
import type { App } from '../app.ts';
import { nextOccurrence, storedSchedule } from '../domain/schedule.ts';
import { invalid, refuse } from '../errors/errors.ts';
import { type Handler, ok, type Reply, type RequestContext } from '../http/types.ts';
import { newId } from '../ids.ts';
import type { StoredAgentConfig, TrackerRecord } from '../store/records.ts';
import { problemsAgainst } from '../validation/schemas.ts';
import { ownSpace, ownTracker, requireActive } from './access.ts';
import { deleteTrackerCascade } from './cascade.ts';
import { checkTrackerConfig, withNotificationDefaults } from './tracker-rules.ts';
import { DELETED, indexedPage, trackerView } from './views.ts';

function agentConfigOf(config: AgentConfig): StoredAgentConfig {
  return {
    instruction: config.instruction,
    score_meaning: config.score_meaning,
    skills: config.skills,
    reasoning_mode: config.reasoning_mode ?? DEFAULT_REASONING_MODE,
    linked_trackers: config.linked_trackers ?? [],
  };
}

/**
 * The next occurrence from now on the (new) grid. An occurrence that already fired at this very
 * instant is not fired twice when the schedule is changed right after it.
 */
function scheduleNext(app: App, tracker: TrackerRecord): number | null {
  if (tracker.run_mode !== 'scheduled' || !tracker.schedule) return null;
  const now = app.clock.now();
  const firedNow = app.store.runs
    .by('tracker_id', tracker.id)
    .some((run) => run.config_snapshot.trigger_type === 'scheduled' && run.created_at >= now);
  return nextOccurrence(tracker.schedule, firedNow ? now + 1 : now);
}

/** A tracker in the caller's active space, its configuration checked by the service's rules. */
function createTracker(app: App, { account, params, body }: RequestContext): Reply {
  const space = ownSpace(app, account, String(params.space_id));
  requireActive(space);
  const input = body as TrackerCreate;
  const agentConfig = agentConfigOf(input.agent_config);
  const notification = input.notification_config ?? null;
  const schedule = input.schedule ?? null;
  checkTrackerConfig(app, account, {
    trackerId: null,
    spaceId: space.id,
    runMode: input.run_mode,
    schedule,
    agentConfig,
    notificationConfig: notification,
  });
  const now = app.clock.now();
  const tracker: TrackerRecord = {
    id: newId('trk'),
    account_id: account.id,
    space_id: space.id,
    name: input.name,
    description: input.description,
    run_mode: input.run_mode,
    schedule: storedSchedule(input.run_mode, schedule),
    vault_ttl_days: input.vault_ttl_days ?? null,
    agent_config: agentConfig,
    notification_config: notification ? withNotificationDefaults(notification) : null,
    category: space.category,
    last_run_at: null,
    next_run_at: null,
    created_at: now,
    updated_at: now,
    seq: app.store.nextSeq(),
  };
  tracker.next_run_at = scheduleNext(app, tracker);
  app.store.trackers.put(tracker);
  return ok(trackerView(tracker), 201);
}

/**
 * A tracker changed by a PATCH: objects merged into the stored ones, or replaced with
 * `--patch-objects replace`; the result checked in full by the service's rules.
 */
function updateTracker(app: App, { account, params, body }: RequestContext): Reply {
  const current = ownTracker(app, account, String(params.tracker_id));
  const patch = (body ?? {}) as TrackerUpdate;
  if (Object.keys(patch).length === 0) {
    // Nothing sent, nothing changes (updated_at included); `--empty-patch refuse` answers 422.
    if (app.options.emptyPatch === 'refuse')
      throw invalid(['body'], 'At least 1 field(s) must be given', 'value_error');
    return ok(trackerView(current));
  }
  const replace = app.options.patchObjects === 'replace';
  const sentAgent = patch.agent_config as AgentConfigUpdate | undefined;
  let agentConfig = current.agent_config;
  if (sentAgent) {
    if (replace) {
      refuse('body', problemsAgainst('AgentConfig', sentAgent, ['agent_config']));
      agentConfig = agentConfigOf(sentAgent as AgentConfig);
    } else {
      agentConfig = agentConfigOf({ ...current.agent_config, ...sentAgent } as AgentConfig);
    }
  }
  let notification: Partial<NotificationConfig> | null = current.notification_config;
  if (patch.notification_config) {
    notification = replace
      ? patch.notification_config
      : mergeNotificationConfig(notification, patch.notification_config);
  }
  const schedule = patch.schedule === undefined ? current.schedule : patch.schedule;
  const runMode = patch.run_mode ?? current.run_mode;
  checkTrackerConfig(app, account, {
    trackerId: current.id,
    spaceId: current.space_id,
    runMode,
    schedule,
    agentConfig,
    notificationConfig: notification,
    sent: {
      skills: sentAgent !== undefined && (replace || sentAgent.skills !== undefined),
      linkedTrackers: sentAgent !== undefined && (replace || sentAgent.linked_trackers !== undefined),
      notification: patch.notification_config !== undefined,
    },
  });
  const updated: TrackerRecord = {
    ...current,
    name: patch.name ?? current.name,
    description: patch.description ?? current.description,
    run_mode: runMode,
    schedule: storedSchedule(runMode, schedule),
    vault_ttl_days: patch.vault_ttl_days === undefined ? current.vault_ttl_days : patch.vault_ttl_days,
    agent_config: agentConfig,
    notification_config: notification ? withNotificationDefaults(notification) : null,
    updated_at: app.clock.now(),
  };
  const scheduleChanged = patch.schedule !== undefined || patch.run_mode !== undefined;
  if (scheduleChanged) updated.next_run_at = scheduleNext(app, updated);
  app.store.trackers.put(updated);
  return ok(trackerView(updated));
}

export function trackerHandlers(app: App): Record<string, Handler> {
  const { store } = app;
  return {
    createTracker: (ctx) => createTracker(app, ctx),

    listTrackers: ({ account, query }) => {
      const space = ownSpace(app, account, String(query.space_id));
      requireActive(space);
      return ok(indexedPage(store.trackers, 'space_id', space.id, query, trackerView));
    },

    getTracker: ({ account, params }) => ok(trackerView(ownTracker(app, account, String(params.tracker_id)))),

    updateTracker: (ctx) => updateTracker(app, ctx),

    deleteTracker: ({ account, params }) => {
      const tracker = ownTracker(app, account, String(params.tracker_id));
      deleteTrackerCascade(store, tracker.id);
      return ok(DELETED);
    },
  };
}
