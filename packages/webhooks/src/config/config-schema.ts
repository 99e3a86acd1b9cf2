import { DATABASE_SCHEMA_RULE, isDatabaseSchemaName, SIGNALS } from '@trackerkit/core';
import { z } from 'zod';
import { consoleOrigin } from '../alerts/run-link.ts';
import { SIZE } from '../config-common/parse-duration.ts';
import {
  destinationCommon,
  duration,
  isLocation,
  isTimeZone,
  labelName,
  list,
  matchMap,
  retry,
  secretRef,
  stringMatchers,
} from '../config-common/schema-parts.ts';
import { type AnyDestinationDefinition, DESTINATION_TYPES } from '../delivery/destinations/index.ts';
import { globalSchema, receiverSchema } from './alertmanager-schema.ts';

export { envRef, type SecretRef, secretRef } from '../config-common/schema-parts.ts';

const size = z.union([z.number().int().positive(), z.string().regex(SIZE, 'must be a size such as 256kb')]);
// A retention period: a duration of at least a minute, or `forever` (nothing is pruned).
const retentionPeriod = z.union([
  z.literal('forever'),
  z.number().min(60, 'must be at least 60 seconds, or forever'),
  z
    .string()
    .regex(/^\d+(\.\d+)?(m|h|d)$/, 'must be a duration of at least a minute such as 30d, 12h, or forever'),
]);
// An origin as `runLink` compares it (scheme, host and port, lower-cased), or the rule it breaks.
const consoleOriginEntry = z.string().transform((value, ctx) => {
  const checked = consoleOrigin(value);
  if ('origin' in checked) return checked.origin;
  ctx.issues.push({ code: 'custom', message: checked.problem, input: value });
  return z.NEVER;
});
const destinationName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);
const named = { name: destinationName };

/** One type's entry in the file: its name when `N` has one, the common fields, its type and its own. */
type Entry<D, N extends z.core.$ZodLooseShape> = D extends AnyDestinationDefinition
  ? z.ZodObject<
      N & typeof destinationCommon & { type: z.ZodLiteral<D['type']> } & D['fields'],
      z.core.$strict
    >
  : never;
type OwnType = Extract<AnyDestinationDefinition, { integration: null }>;

function entry(d: AnyDestinationDefinition, withName: boolean) {
  const object = z.strictObject({
    ...(withName ? named : {}),
    ...destinationCommon,
    type: z.literal(d.type),
    ...d.fields,
  });
  if (!d.refine) return object;
  const { check, path, message } = d.refine;
  return object.refine(check as (value: unknown) => boolean, { path, message });
}

/** A destination under `destinations`: every type of the list (delivery/destinations/index.ts). */
const destinationSchema = z.discriminatedUnion(
  'type',
  DESTINATION_TYPES.map((d) => entry(d, true)) as unknown as [
    Entry<AnyDestinationDefinition, typeof named>,
    ...Entry<AnyDestinationDefinition, typeof named>[],
  ],
);
/**
 * A receiver's `trackerkit_configs` entry: one of this package's own types (those Alertmanager has
 * no integration for); its name is made for it.
 */
const trackerkitConfigSchema = z.discriminatedUnion(
  'type',
  DESTINATION_TYPES.filter((d) => d.integration === null).map((d) => entry(d, false)) as unknown as [
    Entry<OwnType, Record<never, never>>,
    ...Entry<OwnType, Record<never, never>>[],
  ],
);
export type TrackerkitConfigInput = z.infer<typeof trackerkitConfigSchema>;
export type DestinationInput = z.infer<typeof destinationSchema>;

// The document's signals, so a matcher cannot name one the service never sends.
const signal = z.enum(SIGNALS);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be HH:MM');
const weekday = z
  .string()
  .regex(
    /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)(:(monday|tuesday|wednesday|thursday|friday|saturday|sunday))?$/i,
    'must be a weekday or a range such as monday:friday',
  );

const objectMatchers = z.strictObject({
  event: list(z.string()).optional(),
  tracker_id: list(z.string()).optional(),
  tracker_name: list(z.string()).optional(),
  space_id: list(z.string()).optional(),
  signal: list(signal).optional(),
  score: z.strictObject({ min: z.number().optional(), max: z.number().optional() }).optional(),
  bound: list(z.enum(['lower', 'upper', 'none'])).optional(),
});
// Alertmanager's inhibit rule: `*_matchers` strings, or the deprecated `*_match` / `*_match_re` maps.
const inhibitRule = z.strictObject({
  source_matchers: stringMatchers.optional(),
  target_matchers: stringMatchers.optional(),
  source_match: matchMap(false).optional(),
  source_match_re: matchMap(true).optional(),
  target_match: matchMap(false).optional(),
  target_match_re: matchMap(true).optional(),
  equal: z.array(labelName).optional(),
});
export type InhibitRuleInput = z.infer<typeof inhibitRule>;
type MatchersInput = z.infer<typeof objectMatchers> | string[];
// The two forms are told apart by shape, not by a union: a union's error would hide which field
// of the form the operator meant is wrong (`matchers.signal` rather than "Invalid input").
const matchers = z.unknown().transform((value, ctx): MatchersInput => {
  const parsed = (Array.isArray(value) ? stringMatchers : objectMatchers).safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.issues.push({ ...issue, input: value } as never);
  return z.NEVER;
});

const muteWindow = z.strictObject({
  weekdays: z.array(weekday).optional(),
  times: z.array(z.strictObject({ start: hhmm, end: hhmm })).optional(),
  timezone: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin').optional(),
});

/**
 * Alertmanager's named time interval entry (`time_intervals[].time_intervals[]`). A file in
 * Alertmanager's words is also held to its ordering rules (config-words.ts).
 */
const timeInterval = z.strictObject({
  weekdays: z.array(weekday).optional(),
  times: z.array(z.strictObject({ start_time: hhmm, end_time: hhmm })).optional(),
  location: z
    .string()
    .refine(
      isLocation,
      'must be Local, UTC or a time zone name such as Europe/Berlin (case as written there)',
    )
    .optional(),
  days_of_month: z.never({ error: 'not supported yet: use weekdays and times' }).optional(),
  months: z.never({ error: 'not supported yet: use weekdays and times' }).optional(),
  years: z.never({ error: 'not supported yet: use weekdays and times' }).optional(),
});
export type TimeIntervalInput = z.infer<typeof timeInterval>;

const timeIntervals = z.array(
  z.strictObject({
    name: z.string().min(1, 'missing name in time interval'),
    time_intervals: z.array(timeInterval).optional(),
  }),
);

// A label name as Alertmanager's, or `...` alone: group by every label (each alert its own group).
const groupBy = z
  .array(
    z.string().regex(/^([A-Za-z_][A-Za-z0-9_]*|\.\.\.)$/, 'must be a label name such as tracker_id, or ...'),
  )
  .refine(
    (names) => !names.includes('...') || names.length === 1,
    "'...' groups by every label: list it alone",
  )
  .refine((names) => new Set(names).size === names.length, 'a label is listed twice');

export interface RouteInput {
  name?: string;
  /** `{ signal: [Poor] }` or Alertmanager's strings, `['signal=~"Poor|Negative"', 'bound!=upper']`. */
  matchers?: MatchersInput;
  /** Destination names (a file in this package's words); inherited from the parent when absent. */
  destination?: string | string[];
  /** Alertmanager's receiver (a file in Alertmanager's words); inherited from the parent when absent. */
  receiver?: string;
  /** Alertmanager's deprecated equality matchers: label name → value. */
  match?: Record<string, string>;
  /** Alertmanager's deprecated regex matchers: label name → regex (anchored). */
  match_re?: Record<string, string>;
  continue?: boolean;
  repeat_interval?: number | string;
  group_by?: string[];
  group_wait?: number | string;
  group_interval?: number | string;
  mute_windows?: z.infer<typeof muteWindow>[];
  active_windows?: z.infer<typeof muteWindow>[];
  /** Names from the top-level `time_intervals`, as Alertmanager's. */
  mute_time_intervals?: string[];
  active_time_intervals?: string[];
  routes?: RouteInput[];
}

const routeSchema: z.ZodType<RouteInput> = z.lazy(() =>
  z.strictObject({
    name: z.string().optional(),
    matchers: matchers.optional(),
    destination: list(z.string()).optional(),
    receiver: z.string().optional(),
    match: matchMap(false).optional(),
    match_re: matchMap(true).optional(),
    continue: z.boolean().optional(),
    repeat_interval: duration.optional(),
    group_by: groupBy.optional(),
    group_wait: duration.optional(),
    group_interval: duration.optional(),
    mute_windows: z.array(muteWindow).optional(),
    active_windows: z.array(muteWindow).optional(),
    mute_time_intervals: z.array(z.string().min(1)).optional(),
    active_time_intervals: z.array(z.string().min(1)).optional(),
    routes: z.array(routeSchema).optional(),
  }),
);

export const sourceSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/),
  path: z.string().regex(/^\/[A-Za-z0-9/_.-]*$/, 'must be an absolute URL path'),
  scheme: z.enum(['standard-webhooks', 'stripe', 'github', 'token', 'none']).default('standard-webhooks'),
  secret: secretRef.optional(),
  secrets: z.array(secretRef).min(1).optional(),
  tolerance: duration.default('5m'),
  header: z.string().min(1).optional(),
  id_header: z.string().min(1).optional(),
});

export const configSchema = z.strictObject({
  server: z
    .strictObject({
      host: z.string().default('127.0.0.1'),
      port: z.number().int().min(0).max(65535).default(8787),
      body_limit: size.default('256kb'),
      // How long a stop waits for deliveries in flight before aborting them (they are retried).
      shutdown_grace: duration.default('5s'),
      // Bearer token for /-/reload, the API and the UI; without one, they answer whoever reaches the
      // listener outside a browser, as Alertmanager's do (server/origin-guard.ts).
      admin_token: secretRef.optional(),
      // Host names (no scheme, no port) the API, reload and UI answer to besides the loopback names
      // and the bound address: a reverse proxy's public name (the DNS-rebinding check).
      allowed_hosts: z
        .array(
          z
            .string()
            .regex(
              /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\]|[0-9A-Fa-f.]*:[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*)$/,
              'must be a host name without scheme or port',
            ),
        )
        .default([]),
      // This receiver's public URL (Alertmanager's --web.external-url): the `externalURL` of the
      // webhook payload. Default: the address it listens on.
      external_url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    })
    .prefault({}),
  storage: z
    .strictObject({
      path: z.string().min(1).default('trackerkit-webhooks.db'),
      synchronous: z.enum(['full', 'normal']).default('full'),
      // PostgreSQL, for several replicas sharing one state: postgres://user:password@host:port/db
      // (or { env: NAME }; TRACKERKIT_WEBHOOKS_DATABASE_URL when unset). Then `path` is unused.
      url: secretRef.optional(),
      // A schema of its own in that database (made if missing).
      schema: z.string().refine(isDatabaseSchemaName, DATABASE_SCHEMA_RULE).optional(),
      // How long a replica's claim on an outbox row lasts; longer than any destination's timeout.
      lease: duration.default('60s'),
    })
    .prefault({}),
  // Without it, the one tracker source from TRACKERKIT_WEBHOOKS_SECRET (see env-source.ts).
  sources: z.array(sourceSchema).min(1).optional(),
  // One of the two words (config-words.ts): Alertmanager's receivers, or this package's destinations.
  destinations: z.array(destinationSchema).min(1).optional(),
  receivers: z.array(receiverSchema(trackerkitConfigSchema)).optional(),
  global: globalSchema.optional(),
  // Alertmanager's template files: honoured only where nothing would be rendered with them.
  templates: z.array(z.string()).optional(),
  route: routeSchema,
  catch_all: list(z.string()).optional(),
  inhibit_rules: z.array(inhibitRule).optional(),
  time_intervals: timeIntervals.optional(),
  // Alertmanager's deprecated name for time_intervals: both may be given, names unique across them.
  mute_time_intervals: timeIntervals.optional(),
  delivery: z
    .strictObject({
      concurrency: z.number().int().min(1).max(256).default(64),
      poll_interval: duration.default('250ms'),
      retry: retry.prefault({}),
      breaker: z
        .strictObject({
          failure_threshold: z.number().int().min(1).default(5),
          cooldown: duration.default('30s'),
        })
        .prefault({}),
    })
    .prefault({}),
  retention: z
    .strictObject({
      alerts: retentionPeriod.default('30d'),
      deliveries: retentionPeriod.default('7d'),
      // Expired silences stay visible (and can be looked up) this long, as Alertmanager's
      // --data.retention (120h) keeps them.
      silences: retentionPeriod.default('5d'),
    })
    .prefault({}),
  log: z
    .strictObject({
      level: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
      stream: z.enum(['stderr', 'stdout']).default('stderr'),
    })
    .prefault({}),
  // The origins of the tracker service's web console: a run's URL is offered as the run's link
  // only on one of them. The service does not publish its console's address, so none is assumed.
  links: z.strictObject({ console_origins: z.array(consoleOriginEntry).max(32).default([]) }).prefault({}),
});
export type ConfigInput = z.input<typeof configSchema>;
export type ParsedConfig = z.infer<typeof configSchema>;
export type ReceiverInput = NonNullable<ParsedConfig['receivers']>[number];
