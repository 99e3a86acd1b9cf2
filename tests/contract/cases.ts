// The contract: one table of the service's rules as `[name, { given, want }]` cases. Every layer
// that can answer a case runs it (core.test.ts, client.test.ts, emulator.test.ts, ...); a layer
// that disagrees with the table fails the suite, so two layers cannot disagree silently.
import {
  LIMITS,
  type Outcome,
  type PacingDecision,
  type ReasoningMode,
  type RunStatus,
  VALIDATION_RULES,
} from '@trackerkit/core';
import type { FailureReason } from '@trackerkit/core/signing';
import { csvCases } from './csv-cases.ts';
import { type HttpAnswer, httpCases } from './http-cases.ts';

/** Accepted, or refused naming the field and the rule. */
export type Want = 'accepted' | { field: string; rule: string };

export type Given =
  | { kind: 'trackerCreate'; body: Record<string, unknown> }
  /** `stored`: the tracker as created before the PATCH (layers that know it check the merge). */
  | { kind: 'trackerUpdate'; stored?: Record<string, unknown>; body: Record<string, unknown> }
  | { kind: 'runTrigger'; mode: ReasoningMode; body: { sync?: boolean } }
  | {
      kind: 'query';
      operation: 'listRuns' | 'listSpaces' | 'getVaultRecent' | 'listVaultSources';
      query: Record<string, unknown>;
    }
  | { kind: 'jsonUpload'; body: Record<string, unknown> }
  | { kind: 'file'; filename: string; bytes: Uint8Array; description?: string }
  /** A .csv file's text; want: its rows, or 'unreadable' (csv-cases.ts). */
  | { kind: 'csv'; text: string }
  | { kind: 'secret'; secret: string }
  | {
      kind: 'signature';
      signWith: string;
      verifyWith: string[];
      tamper?: 'body' | 'id' | 'timestamp' | 'signature';
      /** Seconds between signing and verifying (negative: signed in the future). */
      ageSeconds?: number;
    }
  | { kind: 'retryAfter'; header: string | null }
  /** An answer of the service to a request; want: the outcome and detail line (http-cases.ts). */
  | { kind: 'httpAnswer'; method: 'GET' | 'POST'; answer: HttpAnswer }
  | { kind: 'resend'; method: string; outcome: Outcome }
  | { kind: 'batches'; rows: number; rowBytes: number }
  | { kind: 'pacing'; answered: number[]; inFlight: number; nowMs: number }
  | { kind: 'nextPage'; page: number; items: number; totalPages: number }
  | { kind: 'wait'; status: RunStatus; intervalMs: number; leftMs: number }
  | { kind: 'alert'; config: Record<string, unknown>; score: number; signal: string }
  | { kind: 'eventName'; type: string }
  /**
   * An id given as a path parameter. `wire`: how it is written in a raw request path (the
   * emulator's cases; default encodeURIComponent(value)), e.g. `..` spelled `%2E%2E`.
   */
  | { kind: 'pathId'; name: PathIdName; value: string; wire?: string };

export type PathIdName = 'space_id' | 'tracker_id' | 'run_id' | 'source_id';

export type Case = [name: string, { given: Given; want: unknown }];

// ---- shared inputs -------------------------------------------------------------------------------

export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'; // 24 bytes
export const ROTATED = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD'; // 24 bytes
const key = (bytes: number) => `whsec_${Buffer.alloc(bytes, 7).toString('base64')}`;

export const validCreate = {
  name: 'ACME supplier risk',
  description: 'Watches ACME for supply-chain risk.',
  run_mode: 'manual',
  agent_config: {
    instruction: 'Weigh delays and filings.',
    score_meaning: '10 = no risk',
    skills: ['web_research'],
  },
};
const create = (patch: Record<string, unknown>) => ({ ...validCreate, ...patch });
const agent = (patch: Record<string, unknown>) =>
  create({ agent_config: { ...validCreate.agent_config, ...patch } });
const notify = (config: Record<string, unknown>) => create({ notification_config: config });
const schedule = (patch: Record<string, unknown>) =>
  create({
    run_mode: 'scheduled',
    schedule: { start_time: '2026-12-01T08:00:00Z', interval_minutes: 60, ...patch },
  });
const refused = (field: string, rule: string): Want => ({ field, rule });
const N = VALIDATION_RULES;

const text = (n: number) => 'x'.repeat(n);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const CSV = new TextEncoder().encode('date,amount\n2026-11-01,12\n');
const MINUTE = LIMITS.uploadWindowSeconds * 1000;

// Boundaries: the largest accepted value and the first refused one, for every length and range limit.
const lengthBounds: Case[] = (
  [
    ['name', LIMITS.trackerNameMax, (v: string) => create({ name: v })],
    ['description', LIMITS.trackerDescriptionMax, (v: string) => create({ description: v })],
    ['agent_config.instruction', LIMITS.instructionMax, (v: string) => agent({ instruction: v })],
  ] as const
).flatMap(([field, max, body]): Case[] => [
  [
    `create: ${field} of ${max} characters`,
    { given: { kind: 'trackerCreate', body: body(text(max)) }, want: 'accepted' },
  ],
  [
    `create: ${field} of ${max + 1} characters`,
    {
      given: { kind: 'trackerCreate', body: body(text(max + 1)) },
      want: refused(field, `maxLength: ${max}`),
    },
  ],
  [
    `create: empty ${field}`,
    { given: { kind: 'trackerCreate', body: body('') }, want: refused(field, 'minLength: 1') },
  ],
]);

const rangeBounds: Case[] = (
  [
    [
      'schedule.interval_minutes',
      LIMITS.intervalMinutesMin,
      LIMITS.intervalMinutesMax,
      (v: number) => schedule({ interval_minutes: v }),
    ],
    [
      'vault_ttl_days',
      LIMITS.vaultTtlDaysMin,
      LIMITS.vaultTtlDaysMax,
      (v: number) => create({ vault_ttl_days: v }),
    ],
    [
      'notification_config.lower_threshold',
      LIMITS.scoreMin,
      LIMITS.scoreMax,
      (v: number) => notify({ notify_below: true, lower_threshold: v }),
    ],
    [
      'notification_config.upper_threshold',
      LIMITS.scoreMin,
      LIMITS.scoreMax,
      (v: number) => notify({ notify_above: true, upper_threshold: v }),
    ],
  ] as const
).flatMap(([field, min, max, body]): Case[] => [
  [`create: ${field} = ${min}`, { given: { kind: 'trackerCreate', body: body(min) }, want: 'accepted' }],
  [`create: ${field} = ${max}`, { given: { kind: 'trackerCreate', body: body(max) }, want: 'accepted' }],
  [
    `create: ${field} = ${min - 1}`,
    { given: { kind: 'trackerCreate', body: body(min - 1) }, want: refused(field, `minimum: ${min}`) },
  ],
  [
    `create: ${field} = ${max + 1}`,
    { given: { kind: 'trackerCreate', body: body(max + 1) }, want: refused(field, `maximum: ${max}`) },
  ],
]);

// ---- spec §2, §8 and the v0.3 changes: trackers -------------------------------------------------

const trackerCases: Case[] = [
  [
    'create: a valid manual tracker',
    { given: { kind: 'trackerCreate', body: validCreate }, want: 'accepted' },
  ],
  [
    'create: no skills (a general analyst)',
    { given: { kind: 'trackerCreate', body: agent({ skills: [] }) }, want: 'accepted' },
  ],
  ...lengthBounds,
  ...rangeBounds,
  [
    'create: missing name',
    {
      given: { kind: 'trackerCreate', body: { ...validCreate, name: undefined } },
      want: refused('name', 'required'),
    },
  ],
  [
    'create: missing agent_config',
    {
      given: { kind: 'trackerCreate', body: { ...validCreate, agent_config: undefined } },
      want: refused('agent_config', 'required'),
    },
  ],
  [
    'create: missing score_meaning',
    {
      given: { kind: 'trackerCreate', body: create({ agent_config: { instruction: 'x', skills: [] } }) },
      want: refused('agent_config.score_meaning', 'required'),
    },
  ],
  [
    'create: run_mode weekly',
    {
      given: { kind: 'trackerCreate', body: create({ run_mode: 'weekly' }) },
      want: refused('run_mode', 'enum: manual | scheduled'),
    },
  ],
  [
    'create: reasoning_mode zen exists from v0.3',
    { given: { kind: 'trackerCreate', body: agent({ reasoning_mode: 'zen' }) }, want: 'accepted' },
  ],
  [
    'create: reasoning_mode turbo',
    {
      given: { kind: 'trackerCreate', body: agent({ reasoning_mode: 'turbo' }) },
      want: refused('agent_config.reasoning_mode', 'enum: basic | advanced | super | zen'),
    },
  ],
  [
    'create: a skill id that is not snake_case',
    {
      given: { kind: 'trackerCreate', body: agent({ skills: ['WebResearch'] }) },
      want: refused('agent_config.skills[0]', 'pattern: ^[a-z][a-z0-9]*(_[a-z0-9]+)*$'),
    },
  ],
  [
    `create: ${LIMITS.linkedTrackersMax + 1} linked trackers`,
    {
      given: {
        kind: 'trackerCreate',
        body: agent({
          linked_trackers: Array.from({ length: LIMITS.linkedTrackersMax + 1 }, (_, i) => `trk_${i}`),
        }),
      },
      want: refused(
        'agent_config.linked_trackers',
        `maxItems: ${LIMITS.linkedTrackersMax} (${N.linkedTrackersMax})`,
      ),
    },
  ],
  [
    'create: vault_ttl_days null keeps data forever',
    { given: { kind: 'trackerCreate', body: create({ vault_ttl_days: null }) }, want: 'accepted' },
  ],
  [
    'create: vault_ttl_days 1.5',
    {
      given: { kind: 'trackerCreate', body: create({ vault_ttl_days: 1.5 }) },
      want: refused('vault_ttl_days', 'type: integer'),
    },
  ],
  // Schedules (§2.7).
  [
    'schedule: scheduled with a schedule',
    { given: { kind: 'trackerCreate', body: schedule({}) }, want: 'accepted' },
  ],
  [
    'schedule: scheduled without a schedule',
    {
      given: { kind: 'trackerCreate', body: create({ run_mode: 'scheduled' }) },
      want: refused('schedule', N.scheduleRequired),
    },
  ],
  [
    'schedule: scheduled with schedule null',
    {
      given: { kind: 'trackerCreate', body: create({ run_mode: 'scheduled', schedule: null }) },
      want: refused('schedule', N.scheduleRequired),
    },
  ],
  [
    'schedule: end_time null runs forever',
    { given: { kind: 'trackerCreate', body: schedule({ end_time: null }) }, want: 'accepted' },
  ],
  [
    'schedule: end_time equal to start_time (one run)',
    {
      given: { kind: 'trackerCreate', body: schedule({ end_time: '2026-12-01T08:00:00Z' }) },
      want: 'accepted',
    },
  ],
  [
    'schedule: end_time before start_time',
    {
      given: { kind: 'trackerCreate', body: schedule({ end_time: '2026-11-30T08:00:00Z' }) },
      want: refused('schedule.end_time', N.scheduleOrder),
    },
  ],
  [
    'schedule: end_time equal in another offset',
    {
      given: { kind: 'trackerCreate', body: schedule({ end_time: '2026-12-01T09:00:00+01:00' }) },
      want: 'accepted',
    },
  ],
  [
    'schedule: start_time not a date-time',
    {
      given: { kind: 'trackerCreate', body: schedule({ start_time: 'tomorrow' }) },
      want: refused('schedule.start_time', 'format: date-time'),
    },
  ],
  [
    'schedule: missing interval_minutes',
    {
      given: {
        kind: 'trackerCreate',
        body: create({ run_mode: 'scheduled', schedule: { start_time: '2026-12-01T08:00:00Z' } }),
      },
      want: refused('schedule.interval_minutes', 'required'),
    },
  ],
  // notification_config (§2.6, v0.3).
  // "when email or webhook is enabled at least one direction is required" (§2.6).
  [
    'notify: a channel on, no direction',
    {
      given: { kind: 'trackerCreate', body: notify({ signal_level: 'Poor', email_enabled: true }) },
      want: refused('notification_config.notify_below', N.directionNeeded),
    },
  ],
  [
    'notify: a channel on with the legacy pair',
    {
      given: {
        kind: 'trackerCreate',
        body: notify({ webhook_enabled: true, score_threshold: 3, threshold_direction: 'below' }),
      },
      want: 'accepted',
    },
  ],
  [
    'notify: signal_level Any, no channel',
    {
      given: { kind: 'trackerCreate', body: notify({ signal_level: 'Any' }) },
      want: 'accepted',
    },
  ],
  [
    'notify: signal_level Terrible',
    {
      given: { kind: 'trackerCreate', body: notify({ signal_level: 'Terrible' }) },
      want: refused(
        'notification_config.signal_level',
        'enum: Any | Poor | Negative | Neutral | Positive | Excellent',
      ),
    },
  ],
  [
    'notify: lower bound on',
    {
      given: {
        kind: 'trackerCreate',
        body: notify({ webhook_enabled: true, notify_below: true, lower_threshold: 3 }),
      },
      want: 'accepted',
    },
  ],
  [
    'notify: upper bound on',
    {
      given: {
        kind: 'trackerCreate',
        body: notify({ email_enabled: true, notify_above: true, upper_threshold: 8 }),
      },
      want: 'accepted',
    },
  ],
  [
    'notify: both bounds in order',
    {
      given: {
        kind: 'trackerCreate',
        body: notify({
          email_enabled: true,
          notify_below: true,
          lower_threshold: 3,
          notify_above: true,
          upper_threshold: 8,
        }),
      },
      want: 'accepted',
    },
  ],
  [
    'notify: equal bounds',
    {
      given: {
        kind: 'trackerCreate',
        body: notify({ notify_below: true, lower_threshold: 5, notify_above: true, upper_threshold: 5 }),
      },
      want: 'accepted',
    },
  ],
  [
    'notify: bounds reversed',
    {
      given: {
        kind: 'trackerCreate',
        body: notify({ notify_below: true, lower_threshold: 8, notify_above: true, upper_threshold: 3 }),
      },
      want: refused('notification_config.lower_threshold', N.ordered),
    },
  ],
  [
    'notify: reversed thresholds with one direction off',
    {
      given: {
        kind: 'trackerCreate',
        body: notify({ notify_below: true, lower_threshold: 8, notify_above: false, upper_threshold: 3 }),
      },
      want: 'accepted',
    },
  ],
  [
    'notify: notify_below without lower_threshold',
    {
      given: { kind: 'trackerCreate', body: notify({ notify_below: true }) },
      want: refused('notification_config.lower_threshold', N.belowNeedsLower),
    },
  ],
  [
    'notify: notify_below with lower_threshold null',
    {
      given: { kind: 'trackerCreate', body: notify({ notify_below: true, lower_threshold: null }) },
      want: refused('notification_config.lower_threshold', N.belowNeedsLower),
    },
  ],
  [
    'notify: notify_above without upper_threshold',
    {
      given: { kind: 'trackerCreate', body: notify({ notify_above: true }) },
      want: refused('notification_config.upper_threshold', N.aboveNeedsUpper),
    },
  ],
  [
    'notify: channel on, v0.3 field, no direction',
    {
      given: { kind: 'trackerCreate', body: notify({ webhook_enabled: true, lower_threshold: 3 }) },
      want: refused('notification_config.notify_below', N.directionNeeded),
    },
  ],
  [
    'notify: channel on, both directions off',
    {
      given: {
        kind: 'trackerCreate',
        body: notify({ email_enabled: true, notify_below: false, notify_above: false }),
      },
      want: refused('notification_config.notify_below', N.directionNeeded),
    },
  ],
  [
    'notify: no channel, v0.3 field, no direction',
    { given: { kind: 'trackerCreate', body: notify({ lower_threshold: 3 }) }, want: 'accepted' },
  ],
  [
    'notify: legacy pair',
    {
      given: { kind: 'trackerCreate', body: notify({ score_threshold: 3, threshold_direction: 'below' }) },
      want: 'accepted',
    },
  ],
  [
    'notify: score_threshold alone',
    {
      given: { kind: 'trackerCreate', body: notify({ score_threshold: 3 }) },
      want: refused('notification_config.threshold_direction', N.legacyTogether),
    },
  ],
  [
    'notify: threshold_direction alone',
    {
      given: { kind: 'trackerCreate', body: notify({ threshold_direction: 'above' }) },
      want: refused('notification_config.score_threshold', N.legacyTogether),
    },
  ],
  [
    'notify: threshold 2.5',
    {
      given: { kind: 'trackerCreate', body: notify({ notify_below: true, lower_threshold: 2.5 }) },
      want: refused('notification_config.lower_threshold', 'type: integer'),
    },
  ],
  // PATCH (§4.2): only sent fields change; rules that need a stored field are checked by the service.
  ['update: one field', { given: { kind: 'trackerUpdate', body: { name: 'Renamed' } }, want: 'accepted' }],
  [
    // Every field optional (§4.2): an empty body changes nothing (an assumption of the document).
    'update: nothing',
    { given: { kind: 'trackerUpdate', body: {} }, want: 'accepted' },
  ],
  [
    'update: an empty agent_config',
    {
      given: { kind: 'trackerUpdate', body: { agent_config: {} } },
      want: refused('agent_config', 'minProperties: 1'),
    },
  ],
  [
    'update: name too long',
    {
      given: { kind: 'trackerUpdate', body: { name: text(LIMITS.trackerNameMax + 1) } },
      want: refused('name', `maxLength: ${LIMITS.trackerNameMax}`),
    },
  ],
  [
    'update: only skills',
    {
      given: { kind: 'trackerUpdate', body: { agent_config: { skills: ['stock_research'] } } },
      want: 'accepted',
    },
  ],
  [
    'update: schedule null clears it',
    { given: { kind: 'trackerUpdate', body: { schedule: null } }, want: 'accepted' },
  ],
  [
    'update: scheduled relying on a stored schedule',
    {
      given: { kind: 'trackerUpdate', stored: schedule({}), body: { run_mode: 'scheduled' } },
      want: 'accepted',
    },
  ],
  [
    'update: scheduled while clearing the schedule',
    {
      given: { kind: 'trackerUpdate', body: { run_mode: 'scheduled', schedule: null } },
      want: refused('schedule', N.scheduleNotNull),
    },
  ],
  [
    'update: schedule with end_time equal to start_time',
    {
      given: {
        kind: 'trackerUpdate',
        body: {
          run_mode: 'scheduled',
          schedule: {
            start_time: '2026-12-01T08:00:00Z',
            interval_minutes: 5,
            end_time: '2026-12-01T08:00:00Z',
          },
        },
      },
      want: 'accepted',
    },
  ],
  [
    'update: notify_below relying on the stored lower_threshold',
    {
      given: {
        kind: 'trackerUpdate',
        stored: notify({ notify_below: false, lower_threshold: 3 }),
        body: { notification_config: { notify_below: true } },
      },
      want: 'accepted',
    },
  ],
  [
    'update: notify_above relying on the stored upper_threshold',
    {
      given: {
        kind: 'trackerUpdate',
        stored: notify({ upper_threshold: 9 }),
        body: { notification_config: { notify_above: true, webhook_enabled: true } },
      },
      want: 'accepted',
    },
  ],
  [
    'update: adding an upper bound keeps the stored lower bound and webhook',
    {
      given: {
        kind: 'trackerUpdate',
        stored: notify({ webhook_enabled: true, notify_below: true, lower_threshold: 3 }),
        body: { notification_config: { notify_above: true, upper_threshold: 8 } },
      },
      want: 'accepted',
    },
  ],
  [
    'update: notify_below with lower_threshold null',
    {
      given: {
        kind: 'trackerUpdate',
        body: { notification_config: { notify_below: true, lower_threshold: null } },
      },
      want: refused('notification_config.lower_threshold', N.belowNeedsLower),
    },
  ],
  [
    'update: channel on, both directions sent off',
    {
      given: {
        kind: 'trackerUpdate',
        body: { notification_config: { webhook_enabled: true, notify_below: false, notify_above: false } },
      },
      want: refused('notification_config.notify_below', N.directionNeeded),
    },
  ],
  [
    'update: bounds reversed in one PATCH',
    {
      given: {
        kind: 'trackerUpdate',
        body: {
          notification_config: {
            notify_below: true,
            lower_threshold: 9,
            notify_above: true,
            upper_threshold: 2,
          },
        },
      },
      want: refused('notification_config.lower_threshold', N.ordered),
    },
  ],
  [
    'update: legacy direction cleared',
    {
      given: {
        kind: 'trackerUpdate',
        body: { notification_config: { score_threshold: 2, threshold_direction: null } },
      },
      want: refused('notification_config.threshold_direction', N.legacyTogether),
    },
  ],
  // Runs (§4.3, §7): zen is asynchronous only.
  [
    'run: zen, sync true',
    { given: { kind: 'runTrigger', mode: 'zen', body: { sync: true } }, want: refused('sync', N.zenSync) },
  ],
  [
    'run: zen, sync false',
    { given: { kind: 'runTrigger', mode: 'zen', body: { sync: false } }, want: 'accepted' },
  ],
  ['run: zen, sync omitted', { given: { kind: 'runTrigger', mode: 'zen', body: {} }, want: 'accepted' }],
  [
    'run: super, sync true',
    { given: { kind: 'runTrigger', mode: 'super', body: { sync: true } }, want: 'accepted' },
  ],
  [
    'run: basic, sync true',
    { given: { kind: 'runTrigger', mode: 'basic', body: { sync: true } }, want: 'accepted' },
  ],
];

// ---- §4 query parameters ---------------------------------------------------------------------------

const queryCases: Case[] = [
  [
    'query: runs, page_size at the maximum',
    {
      given: { kind: 'query', operation: 'listRuns', query: { page_size: LIMITS.pageSizeMax } },
      want: 'accepted',
    },
  ],
  [
    'query: runs, page_size above the maximum',
    {
      given: { kind: 'query', operation: 'listRuns', query: { page_size: LIMITS.pageSizeMax + 1 } },
      want: refused('page_size', `maximum: ${LIMITS.pageSizeMax}`),
    },
  ],
  [
    'query: spaces, page 0',
    {
      given: { kind: 'query', operation: 'listSpaces', query: { page: 0 } },
      want: refused('page', 'minimum: 1'),
    },
  ],
  [
    'query: runs by signal',
    { given: { kind: 'query', operation: 'listRuns', query: { signal: 'Negative' } }, want: 'accepted' },
  ],
  [
    'query: runs by an unknown signal',
    {
      given: { kind: 'query', operation: 'listRuns', query: { signal: 'Bad' } },
      want: refused('signal', 'enum: Poor | Negative | Neutral | Positive | Excellent'),
    },
  ],
  [
    'query: runs, min_score 0 and max_score 10',
    {
      given: { kind: 'query', operation: 'listRuns', query: { min_score: 0, max_score: 10 } },
      want: 'accepted',
    },
  ],
  [
    'query: runs, max_score 11',
    {
      given: { kind: 'query', operation: 'listRuns', query: { max_score: 11 } },
      want: refused('max_score', 'maximum: 10'),
    },
  ],
  [
    'query: runs, min_score -1',
    {
      given: { kind: 'query', operation: 'listRuns', query: { min_score: -1 } },
      want: refused('min_score', 'minimum: 0'),
    },
  ],
  [
    'query: runs by status failed',
    { given: { kind: 'query', operation: 'listRuns', query: { status: 'failed' } }, want: 'accepted' },
  ],
  [
    'query: runs by status done',
    {
      given: { kind: 'query', operation: 'listRuns', query: { status: 'done' } },
      want: refused('status', 'enum: pending | running | completed | failed'),
    },
  ],
  [
    'query: runs by notification_status skipped',
    {
      given: { kind: 'query', operation: 'listRuns', query: { notification_status: 'skipped' } },
      want: 'accepted',
    },
  ],
  [
    'query: runs, start_date a date-time',
    {
      given: { kind: 'query', operation: 'listRuns', query: { start_date: '2026-11-01T00:00:00Z' } },
      want: 'accepted',
    },
  ],
  [
    'query: runs, start_date yesterday',
    {
      given: { kind: 'query', operation: 'listRuns', query: { start_date: 'yesterday' } },
      want: refused('start_date', 'format: date-time'),
    },
  ],
  [
    'query: recent, limit at the maximum',
    {
      given: { kind: 'query', operation: 'getVaultRecent', query: { limit: LIMITS.recentLimitMax } },
      want: 'accepted',
    },
  ],
  [
    'query: recent, limit above the maximum',
    {
      given: { kind: 'query', operation: 'getVaultRecent', query: { limit: LIMITS.recentLimitMax + 1 } },
      want: refused('limit', `maximum: ${LIMITS.recentLimitMax}`),
    },
  ],
  [
    'query: sources, page_size 1',
    { given: { kind: 'query', operation: 'listVaultSources', query: { page_size: 1 } }, want: 'accepted' },
  ],
];

// ---- §4.4 vault uploads ----------------------------------------------------------------------------

const uploadCases: Case[] = [
  [
    'upload: one object',
    { given: { kind: 'jsonUpload', body: { source_name: 'orders', data: { id: 1 } } }, want: 'accepted' },
  ],
  [
    'upload: a batch of objects',
    {
      given: { kind: 'jsonUpload', body: { source_name: 'orders', data: [{ id: 1 }, { id: 2 }] } },
      want: 'accepted',
    },
  ],
  [
    `upload: ${LIMITS.uploadRowsMax} rows`,
    {
      given: {
        kind: 'jsonUpload',
        body: {
          source_name: 'orders',
          data: Array.from({ length: LIMITS.uploadRowsMax }, (_, id) => ({ id })),
        },
      },
      want: 'accepted',
    },
  ],
  [
    `upload: ${LIMITS.uploadRowsMax + 1} rows`,
    {
      given: {
        kind: 'jsonUpload',
        body: {
          source_name: 'orders',
          data: Array.from({ length: LIMITS.uploadRowsMax + 1 }, (_, id) => ({ id })),
        },
      },
      want: refused('data', `maxItems: ${LIMITS.uploadRowsMax}`),
    },
  ],
  [
    'upload: a body over the byte limit',
    {
      given: {
        kind: 'jsonUpload',
        body: { source_name: 'big', data: [{ blob: text(LIMITS.uploadBytesMax) }] },
      },
      want: refused('data', `x-max-request-bytes: ${LIMITS.uploadBytesMax}`),
    },
  ],
  [
    'upload: missing source_name',
    { given: { kind: 'jsonUpload', body: { data: { id: 1 } } }, want: refused('source_name', 'required') },
  ],
  [
    `upload: source_name of ${LIMITS.sourceNameMax + 1} characters`,
    {
      given: { kind: 'jsonUpload', body: { source_name: text(LIMITS.sourceNameMax + 1), data: { id: 1 } } },
      want: refused('source_name', `maxLength: ${LIMITS.sourceNameMax}`),
    },
  ],
  [
    'file: a PNG with a description',
    {
      given: { kind: 'file', filename: 'chart.png', bytes: PNG, description: 'A weekly sales chart' },
      want: 'accepted',
    },
  ],
  [
    'file: a PNG without a description',
    {
      given: { kind: 'file', filename: 'chart.png', bytes: PNG },
      want: refused('description', N.imageDescription),
    },
  ],
  [
    'file: a JPEG with a short description',
    {
      given: { kind: 'file', filename: 'photo.jpg', bytes: JPEG, description: 'short' },
      want: refused('description', N.imageDescription),
    },
  ],
  ['file: a PDF', { given: { kind: 'file', filename: 'report.pdf', bytes: PDF }, want: 'accepted' }],
  ['file: a CSV', { given: { kind: 'file', filename: 'orders.csv', bytes: CSV }, want: 'accepted' }],
  [
    'file: an upper-case extension',
    { given: { kind: 'file', filename: 'ORDERS.CSV', bytes: CSV }, want: 'accepted' },
  ],
  [
    'file: a zip',
    { given: { kind: 'file', filename: 'archive.zip', bytes: CSV }, want: refused('file', N.fileExtension) },
  ],
  [
    'file: an empty CSV',
    {
      given: { kind: 'file', filename: 'orders.csv', bytes: new Uint8Array() },
      want: refused('file', N.fileNotEmpty),
    },
  ],
  [
    'file: a JPEG named .png',
    {
      given: { kind: 'file', filename: 'chart.png', bytes: JPEG, description: 'A weekly sales chart' },
      want: refused('file', N.fileContent),
    },
  ],
  [
    'file: a PNG named .txt',
    { given: { kind: 'file', filename: 'notes.txt', bytes: PNG }, want: refused('file', N.fileContent) },
  ],
  [
    'file: a PDF named .md',
    { given: { kind: 'file', filename: 'notes.md', bytes: PDF }, want: refused('file', N.fileContent) },
  ],
  [
    'file: invalid UTF-8 named .md',
    {
      given: { kind: 'file', filename: 'notes.md', bytes: Uint8Array.from([0x61, 0xc3, 0x28]) },
      want: refused('file', N.fileContent),
    },
  ],
];

// ---- the alert contract: one secret policy, Standard Webhooks signing --------------------------------

const secretCases: Case[] = [
  ['secret: 24 random bytes', { given: { kind: 'secret', secret: SECRET }, want: 'accepted' }],
  ['secret: 16 bytes (the minimum)', { given: { kind: 'secret', secret: key(16) }, want: 'accepted' }],
  ['secret: 64 bytes', { given: { kind: 'secret', secret: key(64) }, want: 'accepted' }],
  ['secret: 15 bytes', { given: { kind: 'secret', secret: key(15) }, want: 'refused' }],
  ['secret: 5 bytes', { given: { kind: 'secret', secret: key(5) }, want: 'refused' }],
  [
    'secret: no whsec_ prefix',
    { given: { kind: 'secret', secret: SECRET.slice('whsec_'.length) }, want: 'refused' },
  ],
  [
    'secret: a Stripe-style whsec_ string that is not base64',
    { given: { kind: 'secret', secret: 'whsec_this-is-not_base64!!' }, want: 'refused' },
  ],
  ['secret: empty after the prefix', { given: { kind: 'secret', secret: 'whsec_' }, want: 'refused' }],
  [
    'secret: non-canonical base64',
    { given: { kind: 'secret', secret: `${key(16).slice(0, -3)}B==` }, want: 'refused' },
  ],
];

const signatureCases: Case[] = [
  ['signature: good', { given: { kind: 'signature', signWith: SECRET, verifyWith: [SECRET] }, want: 'ok' }],
  [
    'signature: tampered body',
    {
      given: { kind: 'signature', signWith: SECRET, verifyWith: [SECRET], tamper: 'body' },
      want: 'no_matching_signature',
    },
  ],
  [
    'signature: tampered id',
    {
      given: { kind: 'signature', signWith: SECRET, verifyWith: [SECRET], tamper: 'id' },
      want: 'no_matching_signature',
    },
  ],
  [
    'signature: tampered timestamp',
    {
      given: { kind: 'signature', signWith: SECRET, verifyWith: [SECRET], tamper: 'timestamp' },
      want: 'no_matching_signature',
    },
  ],
  [
    'signature: tampered signature',
    {
      given: { kind: 'signature', signWith: SECRET, verifyWith: [SECRET], tamper: 'signature' },
      want: 'no_matching_signature',
    },
  ],
  [
    'signature: another secret',
    { given: { kind: 'signature', signWith: ROTATED, verifyWith: [SECRET] }, want: 'no_matching_signature' },
  ],
  [
    'signature: rotated, old secret still configured',
    { given: { kind: 'signature', signWith: SECRET, verifyWith: [ROTATED, SECRET] }, want: 'ok' },
  ],
  [
    'signature: rotated, new secret first',
    { given: { kind: 'signature', signWith: ROTATED, verifyWith: [ROTATED, SECRET] }, want: 'ok' },
  ],
  [
    'signature: 16-byte secret',
    { given: { kind: 'signature', signWith: key(16), verifyWith: [key(16)] }, want: 'ok' },
  ],
  [
    'signature: 10 minutes old',
    {
      given: { kind: 'signature', signWith: SECRET, verifyWith: [SECRET], ageSeconds: 600 },
      want: 'timestamp_too_old',
    },
  ],
  [
    'signature: 10 minutes in the future',
    {
      given: { kind: 'signature', signWith: SECRET, verifyWith: [SECRET], ageSeconds: -600 },
      want: 'timestamp_too_new',
    },
  ],
  [
    'signature: 4 minutes old',
    { given: { kind: 'signature', signWith: SECRET, verifyWith: [SECRET], ageSeconds: 240 }, want: 'ok' },
  ],
  [
    'signature: verifier holds a 5-byte secret',
    { given: { kind: 'signature', signWith: SECRET, verifyWith: [key(5)] }, want: 'invalid_secret' },
  ],
];

const eventCases: Case[] = [
  ['event: tracker.alert', { given: { kind: 'eventName', type: 'tracker.alert' }, want: true }],
  [
    'event: tracker.alert.resolved',
    { given: { kind: 'eventName', type: 'tracker.alert.resolved' }, want: true },
  ],
  ['event: constructor is no event', { given: { kind: 'eventName', type: 'constructor' }, want: false }],
  ['event: __proto__ is no event', { given: { kind: 'eventName', type: '__proto__' }, want: false }],
  [
    'event: tracker.deleted is unknown',
    { given: { kind: 'eventName', type: 'tracker.deleted' }, want: false },
  ],
];

// ---- alert conditions (§2.6, §6, v0.3 bounds) -------------------------------------------------------

const alertCases: Case[] = [
  [
    'alert: score at the lower bound',
    {
      given: {
        kind: 'alert',
        config: { notify_below: true, lower_threshold: 3 },
        score: 3,
        signal: 'Negative',
      },
      want: 'lower',
    },
  ],
  [
    'alert: score above the lower bound',
    {
      given: {
        kind: 'alert',
        config: { notify_below: true, lower_threshold: 3 },
        score: 4,
        signal: 'Neutral',
      },
      want: null,
    },
  ],
  [
    'alert: score at the upper bound',
    {
      given: {
        kind: 'alert',
        config: { notify_above: true, upper_threshold: 8 },
        score: 8,
        signal: 'Excellent',
      },
      want: 'upper',
    },
  ],
  [
    'alert: between both bounds',
    {
      given: {
        kind: 'alert',
        config: { notify_below: true, lower_threshold: 3, notify_above: true, upper_threshold: 8 },
        score: 5,
        signal: 'Neutral',
      },
      want: null,
    },
  ],
  [
    'alert: legacy below',
    {
      given: {
        kind: 'alert',
        config: { score_threshold: 4, threshold_direction: 'below' },
        score: 4,
        signal: 'Neutral',
      },
      want: 'lower',
    },
  ],
  [
    'alert: legacy above, not met',
    {
      given: {
        kind: 'alert',
        config: { score_threshold: 9, threshold_direction: 'above' },
        score: 8,
        signal: 'Excellent',
      },
      want: null,
    },
  ],
  [
    'alert: signal_level Poor by default',
    { given: { kind: 'alert', config: {}, score: 1, signal: 'Poor' }, want: 'signal_level' },
  ],
  [
    'alert: signal_level Poor, a Neutral run',
    { given: { kind: 'alert', config: { signal_level: 'Poor' }, score: 5, signal: 'Neutral' }, want: null },
  ],
  [
    'alert: signal_level Any',
    {
      given: { kind: 'alert', config: { signal_level: 'Any' }, score: 9, signal: 'Excellent' },
      want: 'signal_level',
    },
  ],
  [
    'alert: v0.3 field with both directions off',
    {
      given: { kind: 'alert', config: { lower_threshold: 3, signal_level: 'Any' }, score: 1, signal: 'Poor' },
      want: null,
    },
  ],
];

// ---- protocol: Retry-After, resending, upload planning and pacing, paging, run waiting --------------

const NOW = Date.parse('2026-11-21T08:00:00Z');
export const RETRY_NOW = NOW;

const retryCases: Case[] = [
  ['retry-after: absent', { given: { kind: 'retryAfter', header: null }, want: 'backoff' }],
  ['retry-after: 7 seconds', { given: { kind: 'retryAfter', header: '7' }, want: 7_000 }],
  ['retry-after: 0 seconds', { given: { kind: 'retryAfter', header: '0' }, want: 0 }],
  ['retry-after: 1.5 seconds', { given: { kind: 'retryAfter', header: '1.5' }, want: 1_500 }],
  ['retry-after: padded', { given: { kind: 'retryAfter', header: ' 3 ' }, want: 3_000 }],
  [
    'retry-after: an HTTP-date ahead',
    { given: { kind: 'retryAfter', header: 'Sat, 21 Nov 2026 08:00:30 GMT' }, want: 30_000 },
  ],
  [
    'retry-after: an HTTP-date passed',
    { given: { kind: 'retryAfter', header: 'Sat, 21 Nov 2026 07:59:00 GMT' }, want: 0 },
  ],
  ['retry-after: -5', { given: { kind: 'retryAfter', header: '-5' }, want: 'backoff' }],
  ['retry-after: a bare year', { given: { kind: 'retryAfter', header: '2026x' }, want: 'backoff' }],
  ['retry-after: a word', { given: { kind: 'retryAfter', header: 'soon' }, want: 'backoff' }],
  ['retry-after: empty', { given: { kind: 'retryAfter', header: '' }, want: 'backoff' }],
  [
    'resend: GET after 503',
    { given: { kind: 'resend', method: 'GET', outcome: { kind: 'status', status: 503 } }, want: true },
  ],
  [
    'resend: GET after 404',
    { given: { kind: 'resend', method: 'GET', outcome: { kind: 'status', status: 404 } }, want: false },
  ],
  [
    'resend: GET after a reset',
    { given: { kind: 'resend', method: 'GET', outcome: { kind: 'network' } }, want: true },
  ],
  [
    'resend: PATCH after 500',
    { given: { kind: 'resend', method: 'PATCH', outcome: { kind: 'status', status: 500 } }, want: true },
  ],
  [
    'resend: DELETE after a timeout',
    { given: { kind: 'resend', method: 'DELETE', outcome: { kind: 'timeout' } }, want: true },
  ],
  [
    'resend: POST after 429',
    { given: { kind: 'resend', method: 'POST', outcome: { kind: 'status', status: 429 } }, want: true },
  ],
  [
    'resend: POST after a refused connection',
    { given: { kind: 'resend', method: 'POST', outcome: { kind: 'refused' } }, want: true },
  ],
  [
    'resend: POST after 503 (a run may have started)',
    { given: { kind: 'resend', method: 'POST', outcome: { kind: 'status', status: 503 } }, want: false },
  ],
  [
    'resend: POST after a reset',
    { given: { kind: 'resend', method: 'POST', outcome: { kind: 'network' } }, want: false },
  ],
  [
    'resend: POST after a timeout',
    { given: { kind: 'resend', method: 'POST', outcome: { kind: 'timeout' } }, want: false },
  ],
  [
    'resend: POST after 422',
    { given: { kind: 'resend', method: 'POST', outcome: { kind: 'status', status: 422 } }, want: false },
  ],
];

const batchCases: Case[] = [
  ['batches: 1 row', { given: { kind: 'batches', rows: 1, rowBytes: 20 }, want: [1] }],
  [
    `batches: ${LIMITS.uploadRowsMax} small rows`,
    { given: { kind: 'batches', rows: LIMITS.uploadRowsMax, rowBytes: 20 }, want: [LIMITS.uploadRowsMax] },
  ],
  [
    `batches: ${LIMITS.uploadRowsMax + 1} small rows`,
    {
      given: { kind: 'batches', rows: LIMITS.uploadRowsMax + 1, rowBytes: 20 },
      want: [LIMITS.uploadRowsMax, 1],
    },
  ],
  [
    'batches: 2,500 small rows',
    { given: { kind: 'batches', rows: 2_500, rowBytes: 20 }, want: [1_000, 1_000, 500] },
  ],
  [
    'batches: rows of 1 MB split by bytes',
    { given: { kind: 'batches', rows: 12, rowBytes: 1_000_000 }, want: [9, 3] },
  ],
  [
    'batches: rows of 20 kB: the byte limit binds before the row limit',
    { given: { kind: 'batches', rows: 1_000, rowBytes: 20_000 }, want: [499, 499, 2] },
  ],
  [
    'batches: one row larger than any request',
    { given: { kind: 'batches', rows: 1, rowBytes: LIMITS.uploadBytesMax }, want: 'refused' },
  ],
];

const pacingCases: Case[] = [
  [
    'pacing: an empty window',
    { given: { kind: 'pacing', answered: [], inFlight: 0, nowMs: NOW }, want: { go: true } },
  ],
  [
    `pacing: ${LIMITS.uploadsPerWindow - 1} answered this minute`,
    {
      given: {
        kind: 'pacing',
        answered: Array(LIMITS.uploadsPerWindow - 1).fill(NOW - 1_000),
        inFlight: 0,
        nowMs: NOW,
      },
      want: { go: true },
    },
  ],
  [
    `pacing: ${LIMITS.uploadsPerWindow} answered this minute`,
    {
      given: {
        kind: 'pacing',
        answered: Array(LIMITS.uploadsPerWindow).fill(NOW - 1_000),
        inFlight: 0,
        nowMs: NOW,
      },
      want: { go: false, waitMs: MINUTE - 1_000 },
    },
  ],
  [
    'pacing: the oldest answer just left the window',
    {
      given: {
        kind: 'pacing',
        answered: [NOW - MINUTE, ...Array(LIMITS.uploadsPerWindow - 1).fill(NOW - 10)],
        inFlight: 0,
        nowMs: NOW,
      },
      want: { go: true },
    },
  ],
  [
    'pacing: the window is full of requests in flight',
    {
      given: { kind: 'pacing', answered: [], inFlight: LIMITS.uploadsPerWindow, nowMs: NOW },
      want: { go: false, waitFor: 'answer' },
    },
  ],
  [
    'pacing: answered and in flight fill the window',
    {
      given: {
        kind: 'pacing',
        answered: Array(LIMITS.uploadsPerWindow - 2).fill(NOW - 30_000),
        inFlight: 2,
        nowMs: NOW,
      },
      want: { go: false, waitMs: 30_000 },
    },
  ],
];

const pagingCases: Case[] = [
  ['paging: page 1 of 3', { given: { kind: 'nextPage', page: 1, items: 100, totalPages: 3 }, want: 2 }],
  [
    'paging: the last page',
    { given: { kind: 'nextPage', page: 3, items: 10, totalPages: 3 }, want: undefined },
  ],
  [
    'paging: an empty page ends the walk',
    { given: { kind: 'nextPage', page: 2, items: 0, totalPages: 5 }, want: undefined },
  ],
  [
    'paging: an empty list',
    { given: { kind: 'nextPage', page: 1, items: 0, totalPages: 0 }, want: undefined },
  ],
];

const waitCases: Case[] = [
  [
    'wait: completed',
    {
      given: { kind: 'wait', status: 'completed', intervalMs: 1_000, leftMs: 10_000 },
      want: { kind: 'done', failed: false },
    },
  ],
  [
    'wait: failed is done, and failed',
    {
      given: { kind: 'wait', status: 'failed', intervalMs: 1_000, leftMs: 10_000 },
      want: { kind: 'done', failed: true },
    },
  ],
  [
    'wait: pending polls again',
    {
      given: { kind: 'wait', status: 'pending', intervalMs: 1_000, leftMs: 10_000 },
      want: { kind: 'poll', afterMs: 1_000, nextIntervalMs: 1_500 },
    },
  ],
  [
    'wait: running near the deadline',
    {
      given: { kind: 'wait', status: 'running', intervalMs: 4_000, leftMs: 1_000 },
      want: { kind: 'poll', afterMs: 1_000, nextIntervalMs: 6_000 },
    },
  ],
  [
    'wait: the interval stops growing at 15 s',
    {
      given: { kind: 'wait', status: 'running', intervalMs: 12_000, leftMs: 60_000 },
      want: { kind: 'poll', afterMs: 12_000, nextIntervalMs: 15_000 },
    },
  ],
  [
    'wait: past the deadline',
    { given: { kind: 'wait', status: 'running', intervalMs: 1_000, leftMs: 0 }, want: { kind: 'timeout' } },
  ],
];

// ---- ids in a request path (issue 24 item 7): never one the service could not have issued ------------

/** A value as a test name can show it: long ones by length, invisible characters escaped. */
const shown = (value: string) =>
  value.length > 40
    ? `of ${value.length} characters`
    : JSON.stringify(value).replace(
        /[\u007f-\u00a0]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
const pathId = (name: PathIdName, value: string, want: Want, wire?: string): Case => [
  `path id: ${name} ${shown(value)}${wire === undefined ? '' : ` written ${wire}`}`,
  { given: { kind: 'pathId', name, value, ...(wire === undefined ? {} : { wire }) }, want },
];
const notAnId = (name: PathIdName) => refused(name, N.resourceId);

const pathIdCases: Case[] = [
  pathId('tracker_id', 'trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10', 'accepted'),
  pathId('run_id', 'run_5a0c3e0e-2a57-4a44-9f4f-5d1a3c0b9e11', 'accepted'),
  pathId('source_id', 'src_3f6b1a2c-9d8e-4c7b-8a6f-5e4d3c2b1a00', 'accepted'),
  pathId('space_id', 'spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7', 'accepted'),
  pathId('run_id', '...', 'accepted'),
  pathId('run_id', 'run.1', 'accepted'),
  pathId('run_id', 'rün_1', 'accepted'),
  pathId('run_id', text(200), 'accepted'),
  pathId('run_id', text(201), refused('run_id', 'maxLength: 200')),
  pathId('run_id', '', refused('run_id', 'minLength: 1')),
  pathId('run_id', '..', notAnId('run_id')),
  pathId('run_id', '..', notAnId('run_id'), '%2E%2E'),
  pathId('run_id', '..', notAnId('run_id'), '%2e.'),
  pathId('run_id', '.', notAnId('run_id')),
  pathId('run_id', '.', notAnId('run_id'), '%2E'),
  pathId('run_id', '../..', notAnId('run_id')),
  pathId('run_id', 'a/b', notAnId('run_id')),
  pathId('run_id', '..\\', notAnId('run_id')),
  pathId('run_id', 'a\\b', notAnId('run_id')),
  pathId('run_id', 'run_1?x=1', notAnId('run_id')),
  pathId('run_id', 'run_1#x', notAnId('run_id')),
  pathId('run_id', '%2E%2E', notAnId('run_id')),
  pathId('run_id', ' run_1', notAnId('run_id')),
  pathId('run_id', 'run_1\n', notAnId('run_id')),
  pathId('run_id', 'run\u00a01', notAnId('run_id')),
  pathId('run_id', 'run\u00001', notAnId('run_id')),
  pathId('run_id', 'run\u007f1', notAnId('run_id')),
  pathId('run_id', 'run\u00851', notAnId('run_id')),
  pathId('tracker_id', '..', notAnId('tracker_id')),
  pathId('tracker_id', '..', notAnId('tracker_id'), '%2E%2E'),
  pathId('tracker_id', 'trk_1/runs', notAnId('tracker_id')),
  pathId('source_id', '..', notAnId('source_id'), '%2E%2E'),
  pathId('source_id', '.', notAnId('source_id')),
  pathId('space_id', '..', notAnId('space_id'), '%2E%2E'),
  pathId('space_id', '.', notAnId('space_id')),
];

export const CASES: Case[] = [
  ...trackerCases,
  ...queryCases,
  ...uploadCases,
  ...csvCases,
  ...secretCases,
  ...signatureCases,
  ...eventCases,
  ...alertCases,
  ...retryCases,
  ...httpCases,
  ...batchCases,
  ...pacingCases,
  ...pagingCases,
  ...waitCases,
  ...pathIdCases,
];

/** The cases of some kinds, for a layer that answers only those. */
export function casesOf<K extends Given['kind']>(
  ...kinds: K[]
): [string, { given: Extract<Given, { kind: K }>; want: unknown }][] {
  return CASES.filter(([, c]) => (kinds as string[]).includes(c.given.kind)) as never;
}

export type { FailureReason, PacingDecision };
