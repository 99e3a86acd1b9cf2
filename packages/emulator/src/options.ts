import { accessSync, constants, type Stats, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DEFAULT_SKILL_COSTS, LIMITS, WEBHOOK_DELIVERY } from '@trackerkit/core';
import { UsageError, urlFromOption } from '@trackerkit/core/cli';
import type { ClockMode } from './clock.ts';

/** The journal's default cap: enough for a test's requests, a few MB at most. */
const DEFAULT_JOURNAL_SIZE = 1000;

export interface EmulatorOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  host?: string;
  /**
   * Host names (no port) the console (`/_emulator`) answers to besides loopback names and `host`:
   * a proxy's or container's name. Any other Host is refused (DNS-rebinding check).
   */
  allowedHosts?: readonly string[];
  clock?: ClockMode;
  /** Manual clock's starting instant (ISO string or epoch ms); defaults to now. */
  clockStart?: string | number;
  /** SQLite file; state stays in memory when absent. */
  data?: string;
  /** A YAML or JSON fixtures file loaded into the seeded account at the first start. */
  fixtures?: string;
  /** smtp://host:port for alert e-mail; without it mail is captured in-process and logged. */
  smtpUrl?: string;
  /** Skill catalog: id → base cost in quants. Defaults to the document's DEFAULT_SKILL_COSTS. */
  skillCosts?: Record<string, number>;
  /** Validate every response against the document and record mismatches. */
  validateResponses?: boolean;
  signalLevelMatch?: 'at-or-below' | 'exact';
  /** Send `tracker.alert.resolved` (default true). */
  resolveEvents?: boolean;
  /** How PATCH treats agent_config and notification_config (default merge). */
  patchObjects?: 'merge' | 'replace';
  /**
   * An empty PATCH body (`{}`): `accept` (default) answers 200 with the tracker unchanged, `refuse`
   * answers 422. The spec makes every field optional and does not show this case (an assumption).
   */
  emptyPatch?: 'accept' | 'refuse';
  /**
   * e-mail or webhook on with no direction (no notify_below/notify_above, no legacy pair): `refuse`
   * (default, the spec's rule: 422 at notification_config.notify_below) or `legacy`, the base
   * release's signal_level alerts, in case the hosted service still accepts it (an assumption).
   */
  alertsWithoutDirection?: 'refuse' | 'legacy';
  /** Most requests the journal keeps (a ring: the oldest go first); 0 keeps none. Default 1000. */
  journalSize?: number;
  /** Quants balance of seeded and new accounts; null or absent means unlimited. */
  quantsBalance?: number | null;
  maxFileBytes?: number;
  /**
   * Most linked trackers a tracker may have: the spec says 5 (base release) and 10 (v0.3); the
   * document takes 10, the schema's maxItems, so only a smaller value changes anything.
   */
  maxLinkedTrackers?: number;
  /** Fixed API token for the seeded account (a fresh one otherwise). */
  token?: string;
  /** E-mail address of the seeded account. */
  email?: string;
  /** Seconds between webhook attempts (defaults to the document's WEBHOOK_DELIVERY). */
  webhookBackoffSeconds?: readonly number[];
  /** Longest webhook `Retry-After` honoured between attempts (the document's retry_after_max_seconds); longer ones end the delivery. */
  webhookRetryAfterMaxSeconds?: number;
  /**
   * Base URL (ending in `/v1`) of a service to forward every `/v1` request to, answering with its
   * answers: the hosted service, or another emulator. Nothing of this emulator's state is used.
   */
  proxyTo?: string;
  /** With `proxyTo`: the file (JSON lines, replaced at start) the request/answer pairs go to. */
  record?: string;
  /** A recording to answer `/v1` requests from, with no upstream (see the README's record and replay). */
  replay?: string;
  /** Log sink; defaults to stderr. */
  log?: (line: string) => void;
}

const SMTP_ENV = 'TRACKER_EMULATOR_SMTP_URL';

/** A usage mistake in an option: exit 2 from the bin, the flag and the option both named. */
const usage = (why: string) => new UsageError(`@trackerkit/emulator: ${why}`);

/** What is at `path`, or undefined when nothing is (or a part of the path is not a directory). */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function may(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why SQLite could not keep its state in `file`, as the filesystem tells before trying: SQLite says
 * only "unable to open database file". It writes its journal beside the file, so the directory
 * must be writable too.
 */
function dataFileProblem(file: string): string | undefined {
  if (file === ':memory:') return undefined;
  const stat = statOf(file);
  if (stat?.isDirectory()) return 'is a directory; give the path of a file';
  if (stat && !stat.isFile()) return 'is not a regular file';
  if (stat && !may(file, constants.R_OK | constants.W_OK)) return 'may not be read and written by this user';
  const dir = dirname(resolve(file));
  const dirStat = statOf(dir);
  if (!dirStat) return `its directory ${dir} does not exist`;
  if (!dirStat.isDirectory()) return `${dir} is not a directory`;
  if (!may(dir, constants.W_OK | constants.X_OK))
    return `its directory ${dir} may not be written by this user`;
  return undefined;
}

function readableFileProblem(file: string): string | undefined {
  const stat = statOf(file);
  if (!stat) return 'no such file';
  if (!stat.isFile()) return stat.isDirectory() ? 'is a directory, not a file' : 'is not a regular file';
  return may(file, constants.R_OK) ? undefined : 'may not be read by this user';
}

/** The options a caller (the bin, `pnpm start`, a test) may get wrong, checked before anything starts. */
function checkOptions(options: EmulatorOptions, smtpUrl: string | undefined): void {
  if (smtpUrl !== undefined) {
    const name = options.smtpUrl !== undefined ? '--smtp-url (smtpUrl)' : SMTP_ENV;
    try {
      urlFromOption(name, smtpUrl, ['smtp:', 'smtps:'], 'smtp://127.0.0.1:2525');
    } catch (error) {
      throw usage((error as Error).message);
    }
  }
  const data = options.data === undefined ? undefined : dataFileProblem(options.data);
  if (data) throw usage(`--data (data) ${options.data}: ${data}`);
  const fixtures = options.fixtures === undefined ? undefined : readableFileProblem(options.fixtures);
  if (fixtures) throw usage(`--fixtures (fixtures) ${options.fixtures}: ${fixtures}`);
}

type Optional = 'data' | 'smtpUrl' | 'token' | 'clockStart' | 'fixtures' | 'proxyTo' | 'record' | 'replay';
export type ResolvedOptions = Required<Omit<EmulatorOptions, Optional>> & Pick<EmulatorOptions, Optional>;

export function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  // An empty variable is an unset one (a blank line in a compose file).
  const smtpUrl = options.smtpUrl ?? (process.env[SMTP_ENV] || undefined);
  checkOptions(options, smtpUrl);
  return {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    allowedHosts: options.allowedHosts ?? [],
    clock: options.clock ?? 'real',
    clockStart: options.clockStart,
    data: options.data,
    fixtures: options.fixtures,
    smtpUrl,
    skillCosts: options.skillCosts ?? { ...DEFAULT_SKILL_COSTS },
    validateResponses: options.validateResponses ?? false,
    signalLevelMatch: options.signalLevelMatch ?? 'at-or-below',
    resolveEvents: options.resolveEvents ?? true,
    patchObjects: options.patchObjects ?? 'merge',
    emptyPatch: options.emptyPatch ?? 'accept',
    alertsWithoutDirection: options.alertsWithoutDirection ?? 'refuse',
    journalSize: options.journalSize ?? DEFAULT_JOURNAL_SIZE,
    quantsBalance: options.quantsBalance ?? null,
    maxFileBytes: options.maxFileBytes ?? LIMITS.fileBytesMax,
    maxLinkedTrackers: options.maxLinkedTrackers ?? LIMITS.linkedTrackersMax,
    token: options.token,
    email: options.email ?? 'developer@emulator.trackerkit.test',
    webhookBackoffSeconds: options.webhookBackoffSeconds ?? WEBHOOK_DELIVERY.backoff_seconds,
    webhookRetryAfterMaxSeconds:
      options.webhookRetryAfterMaxSeconds ?? WEBHOOK_DELIVERY.retry_after_max_seconds,
    proxyTo: options.proxyTo,
    record: options.record,
    replay: options.replay,
    log: options.log ?? ((line: string) => process.stderr.write(`${line}\n`)),
  };
}
