import type { OperationId } from '@trackerkit/core';
import { describe, expect, it } from 'vitest';
import {
  LIMITS,
  type TrackerCreate,
  type TrackerUpdate,
  TrackerValidationError,
  VALIDATION_RULES,
} from '../../src/index.ts';
import {
  checkZenSync,
  validateQuery,
  validateTrackerCreate,
  validateTrackerUpdate,
} from '../../src/validate/requests.ts';

const valid: TrackerCreate = {
  name: 'ACME',
  description: 'Watches ACME.',
  run_mode: 'manual',
  agent_config: { instruction: 'Weigh delays.', score_meaning: '10 = fine', skills: ['web_research'] },
};

function problem(fn: () => void): [string, string] | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    if (!(error instanceof TrackerValidationError)) throw error;
    expect(error.message).toMatch(/^@trackerkit\/client: invalid /);
    return [error.field, error.rule];
  }
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `trk_${i}`);

describe('validateTrackerCreate', () => {
  it.each<[string, { given: TrackerCreate; want: [string, string] | undefined }]>([
    ['a valid tracker', { given: valid, want: undefined }],
    [
      'a long name',
      {
        given: { ...valid, name: 'x'.repeat(LIMITS.trackerNameMax + 1) },
        want: ['name', `maxLength: ${LIMITS.trackerNameMax}`],
      },
    ],
    ['an empty description', { given: { ...valid, description: '' }, want: ['description', 'minLength: 1'] }],
    [
      'a missing agent_config',
      { given: { ...valid, agent_config: undefined as never }, want: ['agent_config', 'required'] },
    ],
    [
      'a bad run_mode',
      { given: { ...valid, run_mode: 'hourly' as never }, want: ['run_mode', 'enum: manual | scheduled'] },
    ],
    [
      'a skill id that is not snake_case',
      {
        given: { ...valid, agent_config: { ...valid.agent_config, skills: ['Web Research'] } },
        want: ['agent_config.skills[0]', 'pattern: ^[a-z][a-z0-9]*(_[a-z0-9]+)*$'],
      },
    ],
    [
      'linked trackers at the maximum',
      {
        given: {
          ...valid,
          agent_config: { ...valid.agent_config, linked_trackers: ids(LIMITS.linkedTrackersMax) },
        },
        want: undefined,
      },
    ],
    [
      'too many linked trackers',
      {
        given: {
          ...valid,
          agent_config: { ...valid.agent_config, linked_trackers: ids(LIMITS.linkedTrackersMax + 1) },
        },
        want: [
          'agent_config.linked_trackers',
          `maxItems: ${LIMITS.linkedTrackersMax} (at most ${LIMITS.linkedTrackersMax} linked trackers)`,
        ],
      },
    ],
    [
      'scheduled without schedule',
      {
        given: { ...valid, run_mode: 'scheduled' },
        want: ['schedule', VALIDATION_RULES.scheduleRequired],
      },
    ],
    [
      'scheduled with schedule',
      {
        given: {
          ...valid,
          run_mode: 'scheduled',
          schedule: { start_time: '2026-11-21T08:00:00Z', interval_minutes: LIMITS.intervalMinutesMax },
        },
        want: undefined,
      },
    ],
    [
      'an interval too long',
      {
        given: {
          ...valid,
          run_mode: 'scheduled',
          schedule: { start_time: '2026-11-21T08:00:00Z', interval_minutes: LIMITS.intervalMinutesMax + 1 },
        },
        want: ['schedule.interval_minutes', `maximum: ${LIMITS.intervalMinutesMax}`],
      },
    ],
    [
      'a start_time that is not a date-time',
      {
        given: {
          ...valid,
          run_mode: 'scheduled',
          schedule: { start_time: 'tomorrow', interval_minutes: 60 },
        },
        want: ['schedule.start_time', 'format: date-time'],
      },
    ],
    [
      'vault_ttl_days out of range',
      {
        given: { ...valid, vault_ttl_days: LIMITS.vaultTtlDaysMax + 1 },
        want: ['vault_ttl_days', `maximum: ${LIMITS.vaultTtlDaysMax}`],
      },
    ],
    ['vault_ttl_days null', { given: { ...valid, vault_ttl_days: null }, want: undefined }],
    [
      'a threshold out of range',
      {
        given: {
          ...valid,
          notification_config: { notify_below: true, lower_threshold: LIMITS.scoreMax + 1 },
        },
        want: ['notification_config.lower_threshold', `maximum: ${LIMITS.scoreMax}`],
      },
    ],
    [
      'a v0.3 rule',
      {
        given: { ...valid, notification_config: { webhook_enabled: true, notify_below: true } },
        want: ['notification_config.lower_threshold', 'notify_below requires lower_threshold'],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(problem(() => validateTrackerCreate(given))).toEqual(want);
  });
});

describe('validateTrackerUpdate', () => {
  it.each<[string, { given: TrackerUpdate; want: [string, string] | undefined }]>([
    ['one field', { given: { name: 'n' }, want: undefined }],
    ['nothing (a PATCH that changes nothing)', { given: {}, want: undefined }],
    ['an empty agent_config', { given: { agent_config: {} }, want: ['agent_config', 'minProperties: 1'] }],
    ['schedule null clears', { given: { schedule: null }, want: undefined }],
    ['scheduled with a stored schedule', { given: { run_mode: 'scheduled' }, want: undefined }],
    [
      'scheduled while clearing the schedule',
      {
        given: { run_mode: 'scheduled', schedule: null },
        want: ['schedule', VALIDATION_RULES.scheduleNotNull],
      },
    ],
    ['zen reasoning', { given: { agent_config: { reasoning_mode: 'zen' } }, want: undefined }],
    [
      'bounds reversed',
      {
        given: {
          notification_config: {
            notify_below: true,
            lower_threshold: 9,
            notify_above: true,
            upper_threshold: 1,
          },
        },
        want: [
          'notification_config.lower_threshold',
          'lower_threshold <= upper_threshold when both directions are on',
        ],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(problem(() => validateTrackerUpdate(given))).toEqual(want);
  });
});

describe('validateQuery', () => {
  it.each<[string, { op: OperationId; given: object; want: [string, string] | undefined }]>([
    [
      'page sizes up to the maximum',
      { op: 'listSpaces', given: { page_size: LIMITS.pageSizeMax }, want: undefined },
    ],
    [
      'a page size above it',
      {
        op: 'listSpaces',
        given: { page_size: LIMITS.pageSizeMax + 1 },
        want: ['page_size', `maximum: ${LIMITS.pageSizeMax}`],
      },
    ],
    ['page 0', { op: 'listVaultSources', given: { page: 0 }, want: ['page', 'minimum: 1'] }],
    ['trackers without space_id', { op: 'listTrackers', given: {}, want: ['space_id', 'required'] }],
    ['a misspelt filter', { op: 'listRuns', given: { pageSize: 5 }, want: ['pageSize', 'unknown field'] }],
    [
      'a score above the range',
      {
        op: 'listRuns',
        given: { min_score: LIMITS.scoreMax + 1 },
        want: ['min_score', `maximum: ${LIMITS.scoreMax}`],
      },
    ],
    [
      'an unknown signal',
      {
        op: 'listRuns',
        given: { signal: 'Bad' },
        want: ['signal', 'enum: Poor | Negative | Neutral | Positive | Excellent'],
      },
    ],
    ['a start_date', { op: 'listRuns', given: { start_date: '2026-11-21T00:00:00Z' }, want: undefined }],
    ['content types', { op: 'getVaultRecent', given: { content_types: 'json,text' }, want: undefined }],
    [
      'an unknown content type',
      {
        op: 'getVaultRecent',
        given: { content_types: 'json,video' },
        want: ['content_types', 'pattern: ^(text|image|json)(,(text|image|json))*$'],
      },
    ],
    [
      'a recent limit above the maximum',
      {
        op: 'getVaultRecent',
        given: { limit: LIMITS.recentLimitMax + 1 },
        want: ['limit', `maximum: ${LIMITS.recentLimitMax}`],
      },
    ],
  ])('%s', (_name, { op, given, want }) => {
    expect(problem(() => validateQuery(op, given))).toEqual(want);
  });
});

describe('checkZenSync', () => {
  it.each<[string, { given: [boolean | undefined, 'zen' | 'basic' | undefined]; refused: boolean }]>([
    ['zen and sync', { given: [true, 'zen'], refused: true }],
    ['zen and async', { given: [false, 'zen'], refused: false }],
    ['zen with sync omitted', { given: [undefined, 'zen'], refused: false }],
    ['basic and sync', { given: [true, 'basic'], refused: false }],
  ])('%s', (_name, { given, refused }) => {
    expect(problem(() => checkZenSync(...given))).toEqual(
      refused ? ['sync', VALIDATION_RULES.zenSync] : undefined,
    );
  });
});
