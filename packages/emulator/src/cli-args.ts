import { hostFromOption, parseFlags, portFromFlag, UsageError } from '@trackerkit/core/cli';
import { CLOCK_RANGE, clockInstantOf } from './clock.ts';
import type { EmulatorOptions } from './options.ts';

export const usage = `Usage: trackerkit-emulator [options]

  --port N                     TCP port (default 0: a free one)
  --host HOST                  interface (default 127.0.0.1)
  --allowed-hosts LIST         more Host names the console answers to (comma-separated; a proxy's)
  --clock real|manual          emulator clock (default real)
  --clock-start ISO            starting instant of a manual clock (replaces a --data file's)
  --data FILE                  keep state in this SQLite file (default: memory)
  --fixtures FILE              load spaces, trackers, runs and vault data (YAML or JSON) at the first start
  --smtp-url URL               SMTP server for alert mail (env TRACKER_EMULATOR_SMTP_URL)
  --skill-costs JSON           skill catalog, e.g. '{"web_research":1}' (default: the document's)
  --signal-level-match at-or-below|exact
  --resolve-events on|off      send tracker.alert.resolved (default on)
  --patch-objects merge|replace
  --empty-patch accept|refuse  an empty PATCH body: 200 unchanged (default) or 422
  --alerts-without-direction refuse|legacy
                               a channel on with no direction: 422 (default) or signal_level alerts
  --journal-size N             requests the journal keeps (default 1000; 0: none)
  --quants-balance N           balance of each account (default unlimited)
  --max-file-bytes N           largest accepted file upload
  --max-linked-trackers N      most linked trackers per tracker (default 10; 5 is the base release's)
  --token qapi_...             fixed token for the seeded account
  --email ADDRESS              e-mail of the seeded account
  --validate-responses         log responses that do not match the document
  --proxy-to BASE_URL          forward every /v1 request to this service (its base URL, .../v1)
  --record FILE                with --proxy-to: record request/answer pairs (JSON lines, credentials redacted)
  --replay FILE                answer /v1 requests from a recording (501 for a request it lacks)
  --help, --version

Ready: one JSON line on stdout, {"event":"ready","name":"trackerkit-emulator","url":".../v1",
"base_url":".../v1","token":"qapi_...","account_id":"...","space_id":"spc_..."}; logs go to stderr.
SIGINT or SIGTERM: requests in flight are answered (5 s at most), then it exits 0.
Bad usage (a flag, a value, a port taken): one line on stderr, exit code 2.`;

function oneOf<T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T))
    throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

function number(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0)
    throw new UsageError(`--${flag} must be a non-negative number, got "${value}"`);
  return n;
}

function integer(flag: string, value: string | undefined): number | undefined {
  const n = number(flag, value);
  if (n !== undefined && !Number.isInteger(n))
    throw new UsageError(`--${flag} must be a whole number, got "${value}"`);
  return n;
}

function clockStart(value: string | undefined): string | undefined {
  if (value === undefined || clockInstantOf(value) !== null) return value;
  throw new UsageError(`--clock-start must be ${CLOCK_RANGE}, got "${value}"`);
}

function skillCosts(value: string | undefined): Record<string, number> | undefined {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new UsageError('--skill-costs must be a JSON object of skill id → cost');
  }
  const ok =
    parsed &&
    typeof parsed === 'object' &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((v) => typeof v === 'number' && v >= 0);
  if (!ok) throw new UsageError('--skill-costs must map skill ids to non-negative numbers');
  return parsed as Record<string, number>;
}

/**
 * Flags → options. The library checks what it would check for any caller (the SMTP URL, the data
 * and fixtures files) and reads TRACKER_EMULATOR_SMTP_URL itself, so a problem names where the value
 * came from.
 */
export function parseCliArgs(argv: string[]): EmulatorOptions | 'help' | 'version' {
  const { values } = parseFlags({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'allowed-hosts': { type: 'string' },
      clock: { type: 'string' },
      'clock-start': { type: 'string' },
      data: { type: 'string' },
      fixtures: { type: 'string' },
      'smtp-url': { type: 'string' },
      'skill-costs': { type: 'string' },
      'signal-level-match': { type: 'string' },
      'resolve-events': { type: 'string' },
      'patch-objects': { type: 'string' },
      'empty-patch': { type: 'string' },
      'alerts-without-direction': { type: 'string' },
      'journal-size': { type: 'string' },
      'quants-balance': { type: 'string' },
      'max-file-bytes': { type: 'string' },
      'max-linked-trackers': { type: 'string' },
      token: { type: 'string' },
      email: { type: 'string' },
      'validate-responses': { type: 'boolean' },
      'proxy-to': { type: 'string' },
      record: { type: 'string' },
      replay: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  if (values.help) return 'help';
  if (values.version) return 'version';
  const resolve = oneOf('resolve-events', values['resolve-events'], ['on', 'off'] as const);
  return {
    port: values.port === undefined ? undefined : portFromFlag('port', values.port),
    host: values.host === undefined ? undefined : hostFromOption('--host', values.host),
    allowedHosts: values['allowed-hosts']
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    clock: oneOf('clock', values.clock, ['real', 'manual'] as const),
    clockStart: clockStart(values['clock-start']),
    data: values.data,
    fixtures: values.fixtures,
    smtpUrl: values['smtp-url'],
    skillCosts: skillCosts(values['skill-costs']),
    signalLevelMatch: oneOf('signal-level-match', values['signal-level-match'], [
      'at-or-below',
      'exact',
    ] as const),
    resolveEvents: resolve === undefined ? undefined : resolve === 'on',
    patchObjects: oneOf('patch-objects', values['patch-objects'], ['merge', 'replace'] as const),
    emptyPatch: oneOf('empty-patch', values['empty-patch'], ['accept', 'refuse'] as const),
    alertsWithoutDirection: oneOf('alerts-without-direction', values['alerts-without-direction'], [
      'refuse',
      'legacy',
    ] as const),
    journalSize: integer('journal-size', values['journal-size']),
    quantsBalance: number('quants-balance', values['quants-balance']),
    maxFileBytes: number('max-file-bytes', values['max-file-bytes']),
    maxLinkedTrackers: number('max-linked-trackers', values['max-linked-trackers']),
    token: values.token,
    email: values.email,
    validateResponses: values['validate-responses'],
    proxyTo: values['proxy-to'],
    record: values.record,
    replay: values.replay,
  };
}
