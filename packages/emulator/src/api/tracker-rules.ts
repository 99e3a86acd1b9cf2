import type { NotificationConfig, Schedule, ValidationIssue } from '@trackerkit/client';
import type { App } from '../app.ts';
import { HttpError, ValidationFailure } from '../http/errors.ts';
import type { AccountRecord, StoredAgentConfig, StoredNotificationConfig } from '../store/records.ts';
import { notificationRuleIssues } from '../validation/notification-rules.ts';

/**
 * Checks beyond the schema for a tracker about to be stored (create or merged update): known skills,
 * the NotificationConfig rules and the schedule (422), then linked trackers (400, v0.3).
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
    sent?: { skills: boolean; linkedTrackers: boolean };
  },
): void {
  const issues: ValidationIssue[] = [];
  const catalog = app.options.skillCosts;
  const sent = target.sent ?? { skills: true, linkedTrackers: true };
  const skills = sent.skills ? target.agentConfig.skills : [];
  skills.forEach((skill, i) => {
    if (!(skill in catalog)) {
      issues.push({
        loc: ['body', 'agent_config', 'skills', i],
        msg: `Unknown skill '${skill}'; known skills: ${Object.keys(catalog).join(', ')}`,
        type: 'value_error',
      });
    }
  });
  if (target.notificationConfig) {
    issues.push(...notificationRuleIssues(target.notificationConfig, ['body', 'notification_config']));
  }
  if (target.runMode === 'scheduled' && !target.schedule) {
    issues.push({
      loc: ['body', 'schedule'],
      msg: 'A schedule is required when run_mode is scheduled',
      type: 'missing',
    });
  }
  const { schedule } = target;
  if (schedule?.end_time && Date.parse(schedule.end_time) < Date.parse(schedule.start_time)) {
    issues.push({
      loc: ['body', 'schedule', 'end_time'],
      msg: 'end_time must not be before start_time',
      type: 'value_error',
    });
  }
  if (issues.length > 0) throw new ValidationFailure(issues);
  for (const linked of sent.linkedTrackers ? target.agentConfig.linked_trackers : []) {
    const other = app.store.trackers.get(linked);
    if (linked === target.trackerId) throw new HttpError(400, 'A tracker cannot link to itself');
    if (!other || other.account_id !== account.id || other.space_id !== target.spaceId) {
      throw new HttpError(400, `Linked tracker ${linked} must be one of your trackers in the same space`);
    }
  }
}

export function withNotificationDefaults(config: Partial<NotificationConfig>): StoredNotificationConfig {
  return {
    ...config,
    signal_level: config.signal_level ?? 'Poor',
    email_enabled: config.email_enabled ?? false,
    webhook_enabled: config.webhook_enabled ?? false,
  };
}
