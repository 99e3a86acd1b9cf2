// The pieces both configuration vocabularies are written with: secret references, durations,
// label names and matchers, time zones.
import { z } from 'zod';
import { newMatcher, parseMatchers } from '../router/label-matcher.ts';
import { ANY_DURATION } from './parse-duration.ts';

/**
 * An `{ env: NAME }` the schema read where a secret goes. Only these are looked up in the
 * environment: a label map such as `match: {env: production}` has the same shape and is a label.
 */
export class EnvReference {
  readonly env: string;
  constructor(env: string) {
    this.env = env;
  }
}

/** A reference to an environment variable: `{ env: NAME }`. */
export const envRef = z
  .strictObject({
    env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name'),
  })
  .transform((ref) => new EnvReference(ref.env));
/** A secret or URL with a token in it: `{ env: NAME }` (preferred) or a literal. Never printed. */
export const secretRef = z.union([z.string().min(1), envRef]);
export type SecretRef = z.infer<typeof secretRef>;

/** `500ms`, `30s`, `5m`, `4h`, Alertmanager's `1h30m` or `1w`, or a number of seconds. */
export const duration = z.union([
  z.number().nonnegative(),
  z.string().regex(ANY_DURATION, 'must be a duration such as 500ms, 30s, 5m, 4h or 1h30m'),
]);

/** A retry policy's fields: the delivery default, and each destination's own over it. */
export const retry = z.strictObject({
  max_attempts: z.number().int().min(1).max(100).optional(),
  initial_delay: duration.optional(),
  max_delay: duration.optional(),
  factor: z.number().min(1).max(100).optional(),
});

/** What every destination entry may set besides its type's own fields. */
export const destinationCommon = { retry: retry.optional(), timeout: duration.optional() };

/** Basic authentication with its password as a secret reference. */
export const basicAuth = z.strictObject({ username: z.string().min(1), password: secretRef });

/** Alertmanager's rule for `http_config`: one way to authenticate. */
export const oneAuth = {
  check: (d: { basic_auth?: unknown; bearer_token?: unknown }) => !(d.basic_auth && d.bearer_token),
  path: ['bearer_token'],
  message: 'give basic_auth or bearer_token, not both',
};

export const list = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1)]);

/** Prometheus' label name (model.LabelNameRE): what `group_by`, `equal` and `match` keys take. */
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
export const labelName = z.string().regex(LABEL_NAME, 'must be a label name such as tracker_id');

/** Alertmanager's string form, e.g. `signal=~"Poor|Negative"`, parsed and compiled as it loads. */
const labelMatcher = z.string().superRefine((text, ctx) => {
  try {
    parseMatchers(text);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
  }
});
export const stringMatchers = z.array(labelMatcher);

/**
 * Alertmanager's deprecated `match` (label → value) or `match_re` (label → regex, anchored):
 * each key a label name, each regex one Go compiles.
 */
export const matchMap = (regex: boolean) =>
  z.record(z.string(), z.string()).superRefine((map, ctx) => {
    for (const [name, value] of Object.entries(map)) {
      if (!LABEL_NAME.test(name)) {
        ctx.addIssue({ code: 'custom', path: [name], message: `invalid label name ${JSON.stringify(name)}` });
      } else if (regex) {
        try {
          newMatcher('=~', name, value);
        } catch (error) {
          const message = `invalid regular expression (${(error as Error).message})`;
          ctx.addIssue({ code: 'custom', path: [name], message });
        }
      }
    }
  });

/**
 * Alertmanager's `location` (Go's time.LoadLocation): empty or `UTC` is UTC, `Local` the zone this
 * process runs in (TZ, else the system's), anything else a time zone database name, spelt with
 * its case (`Europe/Berlin`; Go refuses `europe/berlin` and offsets such as `+01:00`).
 */
export function isLocation(name: string): boolean {
  if (name === '' || name === 'UTC' || name === 'Local') return true;
  if (!/^[A-Za-z]/.test(name) || !isTimeZone(name)) return false;
  // The runtime reads names in any case, and may answer with a newer name for an old one
  // (`US/Eastern` → `America/New_York`): only an answer differing by case alone is a misspelling.
  const canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  return canonical === name || canonical.toLowerCase() !== name.toLowerCase();
}

/** The time zone a `location` stands for, as the router's windows take it. */
export function locationZone(name: string): string {
  if (name === 'Local') return new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return name === '' ? 'UTC' : name;
}

/** Whether this runtime knows the time zone: a mistyped one fails `check`, not every alert later. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
