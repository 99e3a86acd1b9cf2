import {
  DEFAULT_SIGNAL_LEVEL,
  linkedTrackerProblems,
  type NotificationConfig,
  notificationProblems,
  type Problem,
  problem,
  type Schedule,
  scheduleProblems,
  under,
} from '@trackerkit/core';
import type { App } from '../app.ts';
import { Refusal, refuse } from '../errors/errors.ts';
import type { AccountRecord, StoredAgentConfig, StoredNotificationConfig } from '../store/records.ts';

/**
 * Checks beyond the schema for a tracker about to be stored (create or merged update), in full:
 * known skills, the NotificationConfig rules and the schedule (422), then linked trackers (400, v0.3).
 */
export function checkTrackerConfig(
  app: App,
  account: AccountRecord,
  target: {
    trackerId: string | null;
    spaceId: string;
    runMode: string;
    schedule: Schedule | null;
    agentConfig: StoredAgentConfig;
    notificationConfig: Partial<NotificationConfig> | null;
    /**
     * Whether skills and linked trackers were sent in this request. Stored ones are not checked
     * again: a linked tracker deleted later, or a skill dropped from the catalog by a restart with
     * other `--skill-costs`, must not make every later PATCH of the tracker fail.
     */
    sent?: { skills: boolean; linkedTrackers: boolean; notification?: boolean };
  },
): void {
  const catalog = app.options.skillCosts;
  const sent = { notification: true, ...(target.sent ?? { skills: true, linkedTrackers: true }) };
  // The catalog is the emulator's (`--skill-costs`): the document does not publish one.
  const problems: Problem[] = [];
  (sent.skills ? target.agentConfig.skills : []).forEach((skill, i) => {
    if (!Object.hasOwn(catalog, skill)) {
      problems.push(
        problem(
          ['agent_config', 'skills', i],
          'known skill',
          `Unknown skill '${skill}'; known skills: ${Object.keys(catalog).join(', ')}`,
        ),
      );
    }
  });
  problems.push(
    // A stored config was checked when stored: a PATCH that does not send one leaves it alone, so
    // a tracker kept from before the direction rule (or a legacy-fallback run) stays patchable.
    ...(sent.notification
      ? under(
          ['notification_config'],
          notificationProblems(target.notificationConfig, {
            partial: false,
            channelWithoutDirection: app.options.alertsWithoutDirection,
          }),
        )
      : []),
    ...scheduleProblems({ run_mode: target.runMode, schedule: target.schedule }, { partial: false }),
  );
  const links = target.agentConfig.linked_trackers;
  const maxLinks = app.options.maxLinkedTrackers;
  if (sent.linkedTrackers && links.length > maxLinks) {
    // `--max-linked-trackers 5`: the base release's maximum, in the schema's own words.
    problems.push(
      problem(
        ['agent_config', 'linked_trackers'],
        `maxItems: ${maxLinks}`,
        `List should have at most ${maxLinks} items after validation, not ${links.length}`,
        'too_long',
      ),
    );
  }
  refuse('body', problems);
  if (!sent.linkedTrackers) return;
  const linked = linkedTrackerProblems(target.agentConfig.linked_trackers, {
    trackerId: target.trackerId,
    spaceId: target.spaceId,
    spaceOfOwnTracker: (id) => {
      const other = app.store.trackers.get(id);
      return other?.account_id === account.id ? other.space_id : undefined;
    },
  });
  if (linked.length > 0) throw new Refusal('rule', linked.map((p) => `${p.field}: ${p.message}`).join('; '));
}

export function withNotificationDefaults(config: Partial<NotificationConfig>): StoredNotificationConfig {
  return {
    ...config,
    signal_level: config.signal_level ?? DEFAULT_SIGNAL_LEVEL,
    email_enabled: config.email_enabled ?? false,
    webhook_enabled: config.webhook_enabled ?? false,
  };
}
