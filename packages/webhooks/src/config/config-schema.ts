import { DATABASE_SCHEMA_RULE, isDatabaseSchemaName, SIGNALS } from '@trackerkit/core';
import { z } from 'zod';
import { parseMatchers } from '../router/label-matcher.ts';
import { DURATION, parseDuration, SIZE } from './parse-duration.ts';

/** A reference to an environment variable: `{ env: NAME }`. */
export const envRef = z.strictObject({
  env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name'),
});
/** A secret or URL with a token in it: `{ env: NAME }` (preferred) or a literal. Never printed. */
export const secretRef = z.union([z.string().min(1), envRef]);
export type SecretRef = z.infer<typeof secretRef>;

const duration = z.union([
  z.number().nonnegative(),
  z.string().regex(DURATION, 'must be a duration such as 500ms, 30s, 5m, 4h'),
]);
const size = z.union([z.number().int().positive(), z.string().regex(SIZE, 'must be a size such as 256kb')]);
// A retention period: a duration of at least a minute, or `forever` (nothing is pruned).
const retentionPeriod = z.union([
  z.literal('forever'),
  z.number().min(60, 'must be at least 60 seconds, or forever'),
  z
    .string()
    .regex(/^\d+(\.\d+)?(m|h|d)$/, 'must be a duration of at least a minute such as 30d, 12h, or forever'),
]);
const list = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1)]);

const retry = z.strictObject({
  max_attempts: z.number().int().min(1).max(100).optional(),
  initial_delay: duration.optional(),
  max_delay: duration.optional(),
  factor: z.number().min(1).max(100).optional(),
});

const common = {
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/),
  retry: retry.optional(),
  timeout: duration.optional(),
};
const httpUrl = secretRef;

export const destinationSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...common,
    type: z.literal('forward'),
    url: httpUrl,
    secret: secretRef,
    headers: z.record(z.string(), z.string()).optional(),
  }),
  z.strictObject({ ...common, type: z.literal('n8n'), url: httpUrl, secret: secretRef }),
  z.strictObject({ ...common, type: z.literal('slack'), url: httpUrl }),
  z.strictObject({
    ...common,
    type: z.literal('discord'),
    url: httpUrl,
    username: z.string().max(80).optional(),
  }),
  z.strictObject({ ...common, type: z.literal('teams'), url: httpUrl }),
  z.strictObject({
    ...common,
    type: z.literal('ntfy'),
    url: httpUrl.default('https://ntfy.sh'),
    topic: z.string().regex(/^[-_A-Za-z0-9]{1,64}$/),
    token: secretRef.optional(),
    priority: z.number().int().min(1).max(5).optional(),
  }),
  z.strictObject({
    ...common,
    type: z.literal('pagerduty'),
    url: httpUrl.default('https://events.pagerduty.com/v2/enqueue'),
    routing_key: secretRef,
    source: z.string().optional(),
  }),
  z.strictObject({
    ...common,
    type: z.literal('email'),
    smtp: z.strictObject({
      host: z.string().min(1),
      port: z.number().int().min(1).max(65535).default(587),
      secure: z.boolean().default(false),
      require_tls: z.boolean().default(false),
      user: secretRef.optional(),
      pass: secretRef.optional(),
    }),
    from: z.string().min(3),
    to: list(z.string().min(3)),
  }),
  z
    .strictObject({
      ...common,
      type: z.literal('alertmanager'),
      url: httpUrl,
      alertname: z.string().min(1).optional(),
      // The refinement runs even when the duration's own check failed; that failure is reported.
      resolve_timeout: duration
        .refine((v) => !duration.safeParse(v).success || parseDuration(v) >= 1000, 'must be at least 1s')
        .optional(),
      basic_auth: z.strictObject({ username: z.string().min(1), password: secretRef }).optional(),
      bearer_token: secretRef.optional(),
    })
    .refine((d) => !(d.basic_auth && d.bearer_token), {
      path: ['bearer_token'],
      message: 'give basic_auth or bearer_token, not both',
    }),
  z.strictObject({ ...common, type: z.literal('file'), path: z.string().min(1) }),
  z.strictObject({ ...common, type: z.literal('stdout') }),
]);
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

/** Alertmanager's string form, e.g. `signal=~"Poor|Negative"`, checked as it loads. */
const labelMatcher = z.string().superRefine((text, ctx) => {
  try {
    parseMatchers(text);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

const objectMatchers = z.strictObject({
  event: list(z.string()).optional(),
  tracker_id: list(z.string()).optional(),
  tracker_name: list(z.string()).optional(),
  space_id: list(z.string()).optional(),
  signal: list(signal).optional(),
  score: z.strictObject({ min: z.number().optional(), max: z.number().optional() }).optional(),
  bound: list(z.enum(['lower', 'upper', 'none'])).optional(),
});
const stringMatchers = z.array(labelMatcher).min(1);
// Alertmanager's inhibit rule, in its `*_matchers` string form.
const inhibitRule = z.strictObject({
  source_matchers: stringMatchers,
  target_matchers: stringMatchers,
  equal: z
    .array(z.string().regex(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/, 'must be a label name such as tracker_id'))
    .optional(),
});
type MatchersInput = z.infer<typeof objectMatchers> | string[];
// The two forms are told apart by shape, not by a union: a union's error would hide which field
// of the form the operator meant is wrong (`matchers.signal` rather than "Invalid input").
const matchers = z.unknown().transform((value, ctx): MatchersInput => {
  const parsed = (Array.isArray(value) ? stringMatchers : objectMatchers).safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.issues.push({ ...issue, input: value } as never);
  return z.NEVER;
});

/** Whether this runtime knows the time zone: a mistyped one fails `check`, not every alert later. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const muteWindow = z.strictObject({
  weekdays: z.array(weekday).optional(),
  times: z.array(z.strictObject({ start: hhmm, end: hhmm })).optional(),
  timezone: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin').optional(),
});

/** Alertmanager's named time interval entry (`time_intervals[].time_intervals[]`). */
const timeInterval = z.strictObject({
  weekdays: z.array(weekday).optional(),
  times: z.array(z.strictObject({ start_time: hhmm, end_time: hhmm })).optional(),
  location: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin').optional(),
  days_of_month: z.never({ error: 'not supported yet: use weekdays and times' }).optional(),
  months: z.never({ error: 'not supported yet: use weekdays and times' }).optional(),
  years: z.never({ error: 'not supported yet: use weekdays and times' }).optional(),
});
export type TimeIntervalInput = z.infer<typeof timeInterval>;

const timeIntervals = z.array(
  z.strictObject({ name: z.string().min(1), time_intervals: z.array(timeInterval) }),
);

// A label name as Alertmanager's, or `...` alone: group by every label (each alert its own group).
const groupBy = z
  .array(
    z.string().regex(/^([A-Za-z_][A-Za-z0-9_]*|\.\.\.)$/, 'must be a label name such as tracker_id, or ...'),
  )
  .refine(
    (names) => !names.includes('...') || names.length === 1,
    "'...' groups by every label: list it alone",
  );

/** Why a route's `receiver:` fails: the word now means the server only. */
export const RENAMED_RECEIVER = 'renamed to destination (a route names the destination it delivers to)';

export interface RouteInput {
  name?: string;
  /** `{ signal: [Poor] }` or Alertmanager's strings, `['signal=~"Poor|Negative"', 'bound!=upper']`. */
  matchers?: MatchersInput;
  /** Destination names; inherited from the parent when absent. */
  destination?: string | string[];
  /** Alertmanager's word, renamed to `destination`: present only so an old configuration fails loudly. */
  receiver?: never;
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

export const routeSchema: z.ZodType<RouteInput> = z.lazy(() =>
  z.strictObject({
    name: z.string().optional(),
    matchers: matchers.optional(),
    destination: list(z.string()).optional(),
    // "Receiver" is the server; a route names the destination it delivers to. An old key fails
    // `check` with the new name rather than being accepted and ignored.
    receiver: z.never({ error: RENAMED_RECEIVER }).optional(),
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
      // Bearer token for POST /-/reload; without one, reload answers only on a loopback address.
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
  sources: z.array(sourceSchema).min(1),
  destinations: z.array(destinationSchema).min(1),
  route: routeSchema,
  catch_all: list(z.string()).optional(),
  inhibit_rules: z.array(inhibitRule).optional(),
  time_intervals: timeIntervals.optional(),
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
});
export type ConfigInput = z.input<typeof configSchema>;
