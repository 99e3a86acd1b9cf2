import { createHmac } from 'node:crypto';
// The rule texts are not in the node's bundle (the node does not use them): the rulebook itself.
import { VALIDATION_RULES as RULES } from '@trackerkit/core';
import { describe, expect, it } from 'vitest';
import {
  checkFile,
  checkRecentQuery,
  checkRunFilters,
  checkRunTrigger,
  checkSigningSecret,
  checkSourceUpdate,
  checkTrackerCreate,
  checkTrackerUpdate,
  retryWaitMs,
  verifyAlert,
} from '../../nodes/shared/checks';
import { LIMITS, type Problem } from '../../nodes/shared/generated/core';
import {
  buildRecentQuery,
  buildRunFilters,
  buildTrackerCreate,
  buildTrackerUpdate,
  type TrackerCreateParams,
  type TrackerUpdateParams,
} from '../../nodes/shared/mapping';
import { describeProblem } from '../../nodes/shared/node-errors';

type Answer = 'accepted' | { field: string; rule: string };
const answer = (problems: Problem[]): Answer =>
  problems[0] ? { field: problems[0].field, rule: problems[0].rule } : 'accepted';

const base: TrackerCreateParams = {
  name: 'ACME supplier risk',
  description: 'Watches ACME',
  runMode: 'manual',
  instruction: 'Weigh delays.',
  scoreMeaning: '10 is no risk',
  skills: 'web_research, stock_research',
};
const create = (given: Partial<TrackerCreateParams>) =>
  answer(checkTrackerCreate(buildTrackerCreate({ ...base, ...given })));
const scheduled = (schedule: TrackerCreateParams['schedule']) => create({ runMode: 'scheduled', schedule });

describe('Tracker › Create: the node composes the body, the core judges it', () => {
  it.each<[string, { given: Partial<TrackerCreateParams>; want: Answer }]>([
    ['a valid tracker', { given: {}, want: 'accepted' }],
    ['name too long', { given: { name: 'x'.repeat(51) }, want: { field: 'name', rule: 'maxLength: 50' } }],
    ['empty name', { given: { name: '' }, want: { field: 'name', rule: 'minLength: 1' } }],
    [
      'description too long',
      { given: { description: 'x'.repeat(501) }, want: { field: 'description', rule: 'maxLength: 500' } },
    ],
    [
      'instruction too long',
      {
        given: { instruction: 'x'.repeat(1001) },
        want: { field: 'agent_config.instruction', rule: 'maxLength: 1000' },
      },
    ],
    [
      'a skill id that is not snake_case',
      {
        given: { skills: 'Web Research' },
        want: { field: 'agent_config.skills[0]', rule: 'pattern: ^[a-z][a-z0-9]*(_[a-z0-9]+)*$' },
      },
    ],
    [
      'eleven linked trackers',
      {
        given: { linkedTrackers: Array.from({ length: 11 }, (_, i) => `t${i}`) },
        want: {
          field: 'agent_config.linked_trackers',
          rule: `maxItems: ${LIMITS.linkedTrackersMax} (${RULES.linkedTrackersMax})`,
        },
      },
    ],
    [
      'an unknown reasoning mode',
      {
        given: { reasoningMode: 'deep' },
        want: { field: 'agent_config.reasoning_mode', rule: 'enum: basic | advanced | super | zen' },
      },
    ],
    [
      'vault TTL 366',
      { given: { vaultTtlDays: 366 }, want: { field: 'vault_ttl_days', rule: 'maximum: 365' } },
    ],
  ])('%s', (_, { given, want }) => {
    expect(create(given)).toEqual(want);
  });

  it.each<[string, { given: TrackerCreateParams['schedule']; want: Answer }]>([
    [
      'interval 0',
      {
        given: { startTime: '2026-01-01T00:00:00Z', intervalMinutes: 0 },
        want: { field: 'schedule.interval_minutes', rule: 'minimum: 1' },
      },
    ],
    [
      'interval 1441',
      {
        given: { startTime: '2026-01-01T00:00:00Z', intervalMinutes: 1441 },
        want: { field: 'schedule.interval_minutes', rule: 'maximum: 1440' },
      },
    ],
    [
      'no start time',
      { given: { intervalMinutes: 5 }, want: { field: 'schedule.start_time', rule: 'required' } },
    ],
    [
      'end time equal to the start time (one run)',
      {
        given: {
          startTime: '2026-12-01T08:00:00Z',
          intervalMinutes: 60,
          endTime: '2026-12-01T09:00:00+01:00',
        },
        want: 'accepted',
      },
    ],
    [
      'end time before the start time',
      {
        given: { startTime: '2026-12-01T08:00:00Z', intervalMinutes: 60, endTime: '2026-11-30T08:00:00Z' },
        want: { field: 'schedule.end_time', rule: RULES.scheduleOrder },
      },
    ],
  ])('scheduled: %s', (_, { given, want }) => {
    expect(scheduled(given)).toEqual(want);
  });

  it.each<[string, { given: NonNullable<TrackerCreateParams['notification']>; want: Answer }]>([
    [
      'notify below without a threshold',
      {
        given: { notifyBelow: true },
        want: { field: 'notification_config.lower_threshold', rule: RULES.belowNeedsLower },
      },
    ],
    [
      'lower above upper',
      {
        given: { notifyBelow: true, lowerThreshold: 8, notifyAbove: true, upperThreshold: 3 },
        want: { field: 'notification_config.lower_threshold', rule: RULES.ordered },
      },
    ],
    [
      'threshold 11',
      {
        given: { notifyAbove: true, upperThreshold: 11 },
        want: { field: 'notification_config.upper_threshold', rule: 'maximum: 10' },
      },
    ],
    [
      'webhook with a threshold but no direction',
      {
        given: { webhookEnabled: true, lowerThreshold: 2 },
        want: { field: 'notification_config.notify_below', rule: RULES.directionNeeded },
      },
    ],
    [
      'a legacy threshold alone',
      {
        given: { scoreThreshold: 3 },
        want: { field: 'notification_config.threshold_direction', rule: RULES.legacyTogether },
      },
    ],
  ])('notification: %s', (_, { given, want }) => {
    expect(create({ notification: given })).toEqual(want);
  });
});

describe('Tracker › Update: a partial check without the stored tracker', () => {
  const update = (given: TrackerUpdateParams) => answer(checkTrackerUpdate(buildTrackerUpdate(given)));
  it.each<[string, { given: TrackerUpdateParams; want: Answer }]>([
    ['one field', { given: { name: 'Renamed' }, want: 'accepted' }],
    ['nothing to change (a PATCH that changes nothing)', { given: {}, want: 'accepted' }],
    [
      'notify below relying on the stored lower threshold',
      { given: { notification: { notifyBelow: true } }, want: 'accepted' },
    ],
    ['scheduled relying on a stored schedule', { given: { runMode: 'scheduled' }, want: 'accepted' }],
    [
      'a new schedule ending at its start',
      {
        given: {
          scheduleStartTime: '2026-12-01T08:00:00Z',
          scheduleIntervalMinutes: 60,
          scheduleEndTime: '2026-12-01T08:00:00Z',
        },
        want: 'accepted',
      },
    ],
    ['a name too long', { given: { name: 'x'.repeat(51) }, want: { field: 'name', rule: 'maxLength: 50' } }],
  ])('%s', (_, { given, want }) => {
    expect(update(given)).toEqual(want);
  });
});

describe('queries, sources, runs and files', () => {
  it.each<[string, { given: Answer | Problem[]; want: Answer }]>([
    [
      'max score 11',
      {
        given: checkRunFilters(buildRunFilters({ maxScore: 11 })),
        want: { field: 'max_score', rule: 'maximum: 10' },
      },
    ],
    [
      'an unknown signal',
      {
        given: checkRunFilters(buildRunFilters({ signal: 'Bad' })),
        want: { field: 'signal', rule: 'enum: Poor | Negative | Neutral | Positive | Excellent' },
      },
    ],
    // The document has no rule ordering min and max: the service answers an empty list.
    [
      'min score above max score',
      { given: checkRunFilters(buildRunFilters({ minScore: 5, maxScore: 2 })), want: 'accepted' },
    ],
    [
      'recent limit 101',
      {
        given: checkRecentQuery(buildRecentQuery({ limit: 101 })),
        want: { field: 'limit', rule: 'maximum: 100' },
      },
    ],
    [
      'a source update without fields',
      { given: checkSourceUpdate({}), want: { field: '(body)', rule: 'minProperties: 1' } },
    ],
    [
      'zen with sync',
      { given: checkRunTrigger({ sync: true }, 'zen'), want: { field: 'sync', rule: RULES.zenSync } },
    ],
    ['a run without sync', { given: checkRunTrigger({ sync: false }, 'zen'), want: 'accepted' }],
    [
      'an unsupported extension',
      {
        given: checkFile('report.xlsx', Buffer.from('x'), {}),
        want: { field: 'file', rule: RULES.fileExtension },
      },
    ],
    [
      'an empty file',
      {
        given: checkFile('empty.csv', Buffer.alloc(0), {}),
        want: { field: 'file', rule: RULES.fileNotEmpty },
      },
    ],
    [
      'an image without a description',
      {
        given: checkFile('chart.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), {}),
        want: { field: 'description', rule: RULES.imageDescription },
      },
    ],
    [
      'a document with a short description',
      { given: checkFile('notes.md', Buffer.from('# hi'), { description: 'notes' }), want: 'accepted' },
    ],
  ])('%s', (_, { given, want }) => {
    expect(answer(given as Problem[])).toEqual(want);
  });

  it('describes a problem by the parameter, the document field and the rule', () => {
    const [problem] = checkTrackerCreate(buildTrackerCreate({ ...base, skills: 'Web Research' }));
    expect(describeProblem(problem as Problem)).toMatch(
      /^Skills: .+ \(field agent_config\.skills\[0\], rule pattern: \^\[a-z\]/,
    );
  });
});

describe('verifyAlert: Standard Webhooks by the core, with its one secret policy', () => {
  const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
  const body = Buffer.from('{"type":"tracker.alert","data":{"score":2}}');
  // Independent of the code under test: the Standard Webhooks recipe spelled out.
  const sign = (id: string, ts: number, raw: Buffer, key = secret) =>
    `v1,${createHmac('sha256', Buffer.from(key.slice(6), 'base64'))
      .update(`${id}.${ts}.${raw.toString('utf8')}`)
      .digest('base64')}`;
  const now = 1_800_000_000;
  const headers = (change: Record<string, string | undefined> = {}) => ({
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(now),
    'webhook-signature': sign('msg_1', now, body),
    ...change,
  });
  const valid = { secret, headers: headers(), rawBody: body, nowMs: now * 1000, toleranceSeconds: 300 };

  it('accepts a valid signature, also among rotated ones, and names the delivery', () => {
    expect(verifyAlert(valid)).toEqual({
      ok: true,
      scheme: 'standard-webhooks',
      id: 'msg_1',
      timestamp: now,
    });
    const rotated = `v1,${Buffer.alloc(32).toString('base64')} ${sign('msg_1', now, body)}`;
    expect(verifyAlert({ ...valid, headers: headers({ 'webhook-signature': rotated }) }).ok).toBe(true);
  });

  it.each([
    [
      'a tampered body',
      { rawBody: Buffer.from('{"type":"tracker.alert","data":{"score":9}}') },
      'no_matching_signature',
    ],
    ['another id', { headers: headers({ 'webhook-id': 'msg_2' }) }, 'no_matching_signature'],
    [
      'another secret',
      { secret: `whsec_${Buffer.from('another-secret-of-32-bytes-long!').toString('base64')}` },
      'no_matching_signature',
    ],
    [
      'a v2 entry',
      { headers: headers({ 'webhook-signature': sign('msg_1', now, body).replace('v1,', 'v2,') }) },
      'malformed_signature',
    ],
    ['a missing signature', { headers: headers({ 'webhook-signature': undefined }) }, 'missing_signature'],
    ['an old timestamp', { nowMs: (now + 301) * 1000 }, 'timestamp_too_old'],
    ['a future timestamp', { nowMs: (now - 301) * 1000 }, 'timestamp_too_new'],
    ['a secret without whsec_', { secret: 'abc' }, 'invalid_secret'],
  ])('refuses %s', (_, change, reason) => {
    const result = verifyAlert({ ...valid, ...change });
    expect(result.ok ? 'ok' : result.reason).toBe(reason);
  });

  it.each([
    ['24 random bytes', { given: `whsec_${Buffer.alloc(24, 7).toString('base64')}`, want: [] }],
    ['15 bytes', { given: `whsec_${Buffer.alloc(15, 7).toString('base64')}`, want: ['secret'] }],
    [
      'non-canonical base64',
      { given: `${`whsec_${Buffer.alloc(16, 7).toString('base64')}`.slice(0, -3)}B==`, want: ['secret'] },
    ],
  ])('checks the credential secret: %s', (_, { given, want }) => {
    expect(checkSigningSecret(given).map((p) => p.field)).toEqual(want);
  });
});

describe('retryWaitMs: the core decides the wait after a 429', () => {
  it.each([
    ['seconds', { given: '7', want: 7000 }],
    ['fractional seconds', { given: '0.5', want: 500 }],
    ['an HTTP date', { given: new Date(10_000).toUTCString(), want: 10_000 }],
    // Unreadable or absent: the core's backoff (random 0.5 of base 500 × 2^2), never "at once".
    ['absent', { given: undefined, want: 1000 }],
    ['a negative number', { given: '-5', want: 1000 }],
  ])('%s', (_, { given, want }) => {
    expect(retryWaitMs(given, 2, 0, () => 0.5)).toBe(want);
  });

  it('stops once the retries are used up', () => {
    expect(retryWaitMs('1', 3, 0)).toBeUndefined();
  });
});
