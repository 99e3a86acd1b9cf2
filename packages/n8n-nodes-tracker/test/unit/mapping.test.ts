import { describe, expect, it } from 'vitest';
import {
  buildNotification,
  buildRecentQuery,
  buildRunFilters,
  buildTrackerCreate,
  buildTrackerUpdate,
  type TrackerCreateParams,
} from '../../nodes/shared/mapping';

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
      schedule: { start_time: '2026-11-21T08:00:00.000Z', interval_minutes: 1440, end_time: null },
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
    ['name too long', { given: { name: 'x'.repeat(51) }, want: 'Name: must have at most 50 characters' }],
    ['empty name', { given: { name: '' }, want: 'Name: must have at least 1 character' }],
    [
      'description too long',
      { given: { description: 'x'.repeat(501) }, want: 'Description: must have at most 500' },
    ],
    [
      'instruction too long',
      { given: { instruction: 'x'.repeat(1001) }, want: 'Instruction: must have at most 1000' },
    ],
    ['bad skill id', { given: { skills: 'Web Research' }, want: 'is not a snake_case skill ID' }],
    [
      'eleven linked trackers',
      { given: { linkedTrackers: Array.from({ length: 11 }, (_, i) => `t${i}`) }, want: 'at most 10' },
    ],
    [
      'unknown reasoning mode',
      { given: { reasoningMode: 'deep' }, want: 'Reasoning Mode: must be one of basic' },
    ],
    [
      'interval 0',
      {
        given: { runMode: 'scheduled', schedule: { startTime: '2026-01-01T00:00:00Z', intervalMinutes: 0 } },
        want: 'between 1 and 1440',
      },
    ],
    [
      'interval 1441',
      {
        given: {
          runMode: 'scheduled',
          schedule: { startTime: '2026-01-01T00:00:00Z', intervalMinutes: 1441 },
        },
        want: 'between 1 and 1440',
      },
    ],
    [
      'scheduled without start',
      { given: { runMode: 'scheduled', schedule: { intervalMinutes: 5 } }, want: 'Schedule Start Time' },
    ],
    ['ttl 366', { given: { vaultTtlDays: 366 }, want: 'between 1 and 365' }],
  ])('rejects %s', (_, { given, want }) => {
    expect(() => buildTrackerCreate({ ...base, ...(given as Partial<TrackerCreateParams>) })).toThrow(want);
  });
});

describe('buildNotification', () => {
  it.each([
    [
      'notify below without threshold',
      { given: { notifyBelow: true }, want: 'Lower Threshold: is required' },
    ],
    [
      'lower above upper',
      {
        given: { notifyBelow: true, lowerThreshold: 8, notifyAbove: true, upperThreshold: 3 },
        want: 'must not exceed',
      },
    ],
    ['threshold 11', { given: { notifyAbove: true, upperThreshold: 11 }, want: 'between 0 and 10' }],
    [
      'webhook with thresholds but no direction',
      { given: { webhookEnabled: true, lowerThreshold: 2 }, want: 'must be on' },
    ],
    ['legacy threshold alone', { given: { scoreThreshold: 3 }, want: 'go together' }],
  ])('rejects %s', (_, { given, want }) => {
    expect(() => buildNotification(given)).toThrow(want);
  });

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
});

describe('buildTrackerUpdate', () => {
  it('sends only the fields set, merging agent fields under agent_config', () => {
    expect(buildTrackerUpdate({ name: 'New', skills: [], reasoningMode: 'super' })).toEqual({
      name: 'New',
      agent_config: { skills: [], reasoning_mode: 'super' },
    });
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
      schedule: { start_time: '2026-11-21T08:00:00.000Z', interval_minutes: 60, end_time: null },
    });
  });

  it.each([
    ['nothing to change', { given: {}, want: 'set at least one field' }],
    [
      'clear and set the schedule',
      {
        given: { clearSchedule: true, scheduleStartTime: '2026-01-01T00:00:00Z', scheduleIntervalMinutes: 5 },
        want: 'cannot be combined',
      },
    ],
  ])('rejects %s', (_, { given, want }) => {
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
      start_date: '2026-11-01T00:00:00.000Z',
      end_date: '2026-11-02T00:00:00.000Z',
      min_score: 1,
      max_score: 3,
    });
  });

  it.each([
    ['min above max', { given: { minScore: 5, maxScore: 2 }, want: 'Min Score: must not exceed' }],
    ['unknown signal', { given: { signal: 'Bad' }, want: 'Signal: must be one of' }],
    [
      'start after end',
      { given: { startDate: '2026-11-03T00:00:00Z', endDate: '2026-11-02T00:00:00Z' }, want: 'Start Date' },
    ],
  ])('rejects %s', (_, { given, want }) => {
    expect(() => buildRunFilters(given)).toThrow(want);
  });

  it('joins content types and checks the recent limit', () => {
    expect(buildRecentQuery({ limit: 5, contentTypes: ['json', 'text'], sinceHours: 24 })).toEqual({
      limit: 5,
      content_types: 'json,text',
      since_hours: 24,
    });
    expect(() => buildRecentQuery({ limit: 101 })).toThrow('between 1 and 100');
  });
});
