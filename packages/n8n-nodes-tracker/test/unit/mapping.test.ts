import { describe, expect, it } from 'vitest';
import {
  buildNotification,
  buildRecentQuery,
  buildRunFilters,
  buildTrackerCreate,
  buildTrackerUpdate,
  list,
  type TrackerCreateParams,
} from '../../nodes/shared/mapping';

// The mapping only shapes parameters into bodies and queries; what is allowed is the core's answer,
// tested in checks.test.ts.
const base: TrackerCreateParams = {
  name: 'ACME supplier risk',
  description: 'Watches ACME',
  runMode: 'manual',
  instruction: 'Weigh delays.',
  scoreMeaning: '10 is no risk',
  skills: 'web_research, stock_research',
};

describe('buildTrackerCreate', () => {
  it('maps every field, including schedule, thresholds and linked trackers', () => {
    const body = buildTrackerCreate({
      ...base,
      runMode: 'scheduled',
      schedule: { startTime: '2026-11-21T08:00:00Z', intervalMinutes: 1440, endTime: '' },
      reasoningMode: 'zen',
      linkedTrackers: ['trk_a', 'trk_b'],
      vaultTtlDays: 30,
      notification: {
        webhookEnabled: true,
        notifyBelow: true,
        lowerThreshold: 3,
        notifyAbove: true,
        upperThreshold: 8,
      },
    });
    expect(body).toEqual({
      name: 'ACME supplier risk',
      description: 'Watches ACME',
      run_mode: 'scheduled',
      schedule: { start_time: '2026-11-21T08:00:00Z', interval_minutes: 1440, end_time: null },
      vault_ttl_days: 30,
      agent_config: {
        instruction: 'Weigh delays.',
        score_meaning: '10 is no risk',
        skills: ['web_research', 'stock_research'],
        reasoning_mode: 'zen',
        linked_trackers: ['trk_a', 'trk_b'],
      },
      notification_config: {
        webhook_enabled: true,
        notify_below: true,
        lower_threshold: 3,
        notify_above: true,
        upper_threshold: 8,
      },
    });
  });

  it('omits what was not set: no schedule for manual trackers, no notification_config', () => {
    const body = buildTrackerCreate(base);
    expect(body).not.toHaveProperty('schedule');
    expect(body).not.toHaveProperty('notification_config');
    expect(body.agent_config).not.toHaveProperty('linked_trackers');
  });

  it.each([
    ['numbers given as text (expressions) become numbers', { given: { vaultTtlDays: '30' }, want: 30 }],
    [
      'text that is no number is left for the core to refuse',
      { given: { vaultTtlDays: 'soon' }, want: 'soon' },
    ],
  ])('%s', (_, { given, want }) => {
    expect(buildTrackerCreate({ ...base, ...(given as object) }).vault_ttl_days).toBe(want);
  });

  it('writes instants in UTC and leaves unreadable ones for the core', () => {
    const schedule = (startTime: string) =>
      buildTrackerCreate({ ...base, runMode: 'scheduled', schedule: { startTime, intervalMinutes: 60 } })
        .schedule;
    expect(schedule('2026-11-21T09:00:00+01:00')?.start_time).toBe('2026-11-21T08:00:00Z');
    expect(schedule('tomorrow')?.start_time).toBe('tomorrow');
    expect(schedule('')).toEqual({ interval_minutes: 60, end_time: null });
  });
});

describe('buildNotification', () => {
  it('keeps legacy fields and the base signal level', () => {
    expect(
      buildNotification({
        signalLevel: 'Negative',
        emailEnabled: true,
        scoreThreshold: 3,
        thresholdDirection: 'below',
      }),
    ).toEqual({
      signal_level: 'Negative',
      email_enabled: true,
      score_threshold: 3,
      threshold_direction: 'below',
    });
  });

  it('is undefined when nothing was set', () => {
    expect(buildNotification({})).toBeUndefined();
    expect(buildNotification(undefined)).toBeUndefined();
  });
});

describe('buildTrackerUpdate', () => {
  it('sends only the fields set, merging agent fields under agent_config', () => {
    expect(buildTrackerUpdate({ name: 'New', skills: [], reasoningMode: 'super' })).toEqual({
      name: 'New',
      agent_config: { skills: [], reasoning_mode: 'super' },
    });
  });

  // Version 1 sends Skills (text); version 2 Skills (a list) and Custom Skill IDs. Either one replaces
  // the stored list; neither leaves it alone.
  it.each([
    [
      'v1 text, split as given',
      { given: { skills: 'web_research, web_research' }, want: ['web_research', 'web_research'] },
    ],
    ['v1 text left empty: clears the list', { given: { skills: '' }, want: [] }],
    [
      'v2 chosen then custom, each once',
      {
        given: { skills: ['web_research', 'stock_research'], customSkills: 'supplier_news, web_research' },
        want: ['web_research', 'stock_research', 'supplier_news'],
      },
    ],
    ['v2 custom ids alone', { given: { customSkills: 'supplier_news' }, want: ['supplier_news'] }],
    ['v2 nothing chosen: clears the list', { given: { skills: [] }, want: [] }],
    ['neither field: skills untouched', { given: { name: 'New' }, want: undefined }],
  ])('skills: %s', (_, { given, want }) => {
    expect(buildTrackerUpdate(given).agent_config?.skills).toEqual(want);
  });

  it('clears the schedule and the vault TTL with null', () => {
    expect(buildTrackerUpdate({ clearSchedule: true, clearVaultTtl: true })).toEqual({
      schedule: null,
      vault_ttl_days: null,
    });
  });

  it('replaces the schedule', () => {
    expect(
      buildTrackerUpdate({
        runMode: 'scheduled',
        scheduleStartTime: '2026-11-21T08:00:00Z',
        scheduleIntervalMinutes: 60,
      }),
    ).toEqual({
      run_mode: 'scheduled',
      schedule: { start_time: '2026-11-21T08:00:00Z', interval_minutes: 60, end_time: null },
    });
  });

  it.each([
    [
      'clear and set the schedule',
      {
        given: { clearSchedule: true, scheduleStartTime: '2026-01-01T00:00:00Z', scheduleIntervalMinutes: 5 },
        want: 'Clear Schedule: cannot be combined',
      },
    ],
    [
      'clear and set the vault TTL',
      { given: { clearVaultTtl: true, vaultTtlDays: 30 }, want: 'Clear Vault TTL: cannot be combined' },
    ],
  ])('refuses to %s (parameters the node cannot send together)', (_, { given, want }) => {
    expect(() => buildTrackerUpdate(given)).toThrow(want);
  });
});

describe('buildRunFilters and buildRecentQuery', () => {
  it('maps every run filter to the document query names', () => {
    expect(
      buildRunFilters({
        status: 'completed',
        signal: 'Negative',
        notificationStatus: 'failed',
        startDate: '2026-11-01T00:00:00Z',
        endDate: '2026-11-02T00:00:00Z',
        minScore: 1,
        maxScore: 3,
      }),
    ).toEqual({
      status: 'completed',
      signal: 'Negative',
      notification_status: 'failed',
      start_date: '2026-11-01T00:00:00Z',
      end_date: '2026-11-02T00:00:00Z',
      min_score: 1,
      max_score: 3,
    });
  });

  it('joins content types', () => {
    expect(buildRecentQuery({ limit: 5, contentTypes: ['json', 'text'], sinceHours: 24 })).toEqual({
      limit: 5,
      content_types: 'json,text',
      since_hours: 24,
    });
  });

  it('reads lists from arrays and comma-separated text', () => {
    expect(list(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(list(['a', ' b'])).toEqual(['a', 'b']);
    expect(list(undefined)).toEqual([]);
  });
});
