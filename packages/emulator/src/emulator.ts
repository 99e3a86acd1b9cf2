import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from '@trackerkit/core/cli';
import { secretProblems } from '@trackerkit/core/signing';
import { parse as parseYaml } from 'yaml';
import { EmailSender } from './alerts/email-sender.ts';
import { Notifier } from './alerts/notifier.ts';
import { runHandlers } from './api/runs.ts';
import { spaceHandlers } from './api/spaces.ts';
import { trackerHandlers } from './api/trackers.ts';
import { vaultHandlers } from './api/vault.ts';
import type { App } from './app.ts';
import {
  advanceProblem,
  CLOCK_RANGE,
  type Clock,
  clockInstantOf,
  createClock,
  isClockInstant,
  iso,
  saveClock,
} from './clock.ts';
import { consoleOriginPolicy, consoleRefusal } from './console/console-origin.ts';
import { type ConsoleLink, consolePage } from './console/console-page.ts';
import { createConsole } from './console/console-routes.ts';
import { RateLimiter } from './domain/rate-limiter.ts';
import { RunWorker } from './domain/run-worker.ts';
import { type Seeded, seed, setAccountWebhook, type WebhookChange } from './domain/seed.ts';
import { TimeDriver } from './domain/time-driver.ts';
import { ValidationFailure } from './errors/errors.ts';
import { type FaultRule, FaultRules, type FaultSpec } from './faults/fault-rules.ts';
import { faultSpecOf } from './faults/fault-spec.ts';
import { createApiDispatcher } from './http/api-dispatch.ts';
import { API_PREFIX, createHttpServer } from './http/server.ts';
import { Inbox, type InboxFilter, type InboxMessage } from './inbox/inbox.ts';
import { Credentials } from './journal/credentials.ts';
import { type JournalExpectation, type JournalFilter, RequestJournal } from './journal/journal.ts';
import type { JournalEntry } from './journal/journal-entry.ts';
import { type EmulatorOptions, resolveOptions } from './options.ts';
import { apiSource } from './record/api-source.ts';
import { loadPaths } from './routing/operations.ts';
import { exportState } from './state/export-state.ts';
import type { Fixtures } from './state/fixture-types.ts';
import { type Loaded, loadFixtures } from './state/load-fixtures.ts';
import { resetState } from './state/reset.ts';
import { createMemoryStore } from './store/memory-store.ts';
import type { Store } from './store/store.ts';
import { ResponseValidator } from './validation/response-validator.ts';

export interface EmulatorClock {
  readonly mode: 'real' | 'manual';
  /** The emulator clock as an ISO 8601 string. */
  now(): string;
  /**
   * Moves a manual clock forward, firing due schedules and expiry and waiting for their runs (at
   * most the latest 100 occurrences of each schedule). `minutes`: 0 to 5,256,000 (10 years), and the
   * clock may not pass 9999-12-31T23:59:59.999Z; a TypeError or RangeError says which rule failed.
   */
  advance(minutes: number): Promise<string>;
}

export interface RunningEmulator {
  /** `http://host:port/v1`: the service base address. */
  baseUrl: string;
  /** `http://host:port`: the console stand-in is at `${origin}/_emulator` (an HTML page there). */
  origin: string;
  /** Services running beside the emulator, listed on the `/_emulator` page; push to add one. */
  consoleLinks: ConsoleLink[];
  token: string;
  accountId: string;
  spaceId: string;
  clock: EmulatorClock;
  /**
   * Points the seeded account's webhook at `url` (null clears it), like the console's
   * `PUT /accounts/{id}/webhook`, and returns the `whsec_` signing secret, which survives later calls
   * unless `rotate` or a `secret` is given. A `secret` outside the Standard Webhooks policy
   * (`whsec_` + base64 of at least 16 bytes) throws.
   */
  setWebhook(url: string | null, change?: WebhookChange): { url: string | null; secret: string };
  /** Faults on demand, as the console's `/_emulator/faults`. */
  faults: EmulatorFaults;
  /** What the emulator sent (alerts and e-mails), newest first, as the console's `/_emulator/inbox`. */
  inbox: { list(filter?: InboxFilter): InboxMessage[]; clear(): number };
  /** Every request received on `/v1`, as the console's `/_emulator/requests` (see EmulatorRequests). */
  requests: EmulatorRequests;
  /** Back to the bootstrap state (same account, token and space ids; faults, inbox, journal and limits emptied). */
  reset(): void;
  /** Loads fixtures (the format of `exportState`) into the seeded account; throws on a problem. */
  loadFixtures(fixtures: Fixtures): Loaded;
  /** The seeded account's spaces, trackers, finished runs and vault data, in the fixtures format. */
  exportState(): Fixtures;
  /** Resolves when every run started so far has finished. */
  idle(): Promise<void>;
  /** Stops; `graceMs` lets requests in flight finish first (default 0: they are cut). */
  close(options?: { graceMs?: number }): Promise<void>;
  /** Responses that did not match the document (only with validateResponses). */
  contractViolations(): string[];
}

/**
 * The request journal: what the emulator received on `/v1` (credentials redacted), oldest first,
 * in a ring of `journalSize` entries (default 1000).
 */
export interface EmulatorRequests {
  list(filter?: JournalFilter): JournalEntry[];
  count(filter?: JournalFilter): number;
  /**
   * The matching requests when they meet `expect`, else throws an Error listing what was received:
   * `emu.requests.verify({ operation_id: 'uploadVaultData', tracker_id }, { count: 3, notStatus: 429 })`.
   */
  verify(filter: JournalFilter, expect: JournalExpectation): JournalEntry[];
  /** Empties the journal; returns how many entries there were. */
  clear(): number;
}

export interface EmulatorFaults {
  /** Adds a rule (a TypeError names each problem of a malformed one). */
  add(spec: FaultSpec): FaultRule;
  list(): FaultRule[];
  remove(faultId: string): boolean;
  /** Removes every rule; returns how many there were. */
  clear(): number;
}

type Options = ReturnType<typeof resolveOptions>;

/** The operationIds of the document, which fault rules name. */
export const OPERATION_IDS: readonly string[] = loadPaths().flatMap((entry) =>
  Object.values(entry.operations).map((op) => op.operationId),
);

/**
 * The clock at start: `clockStart`, else the clock saved in the `--data` file, else now. A saved
 * clock that is not an instant in range is refused (bad usage: exit 2 from the bin) rather than
 * started on, since every timestamp would then fail; `clockStart` replaces it.
 */
function startClock(options: Options, store: Store): Clock {
  if (options.clockStart !== undefined) {
    const start = clockInstantOf(options.clockStart);
    if (start === null)
      throw new UsageError(
        `@trackerkit/emulator: clockStart ${JSON.stringify(options.clockStart)} is not ${CLOCK_RANGE}`,
      );
    const clock = createClock(options.clock, start);
    if (clock.mode === 'manual') saveClock(store, clock);
    return clock;
  }
  const saved = store.meta.get('clock');
  if (saved && !isClockInstant(saved.value))
    throw new UsageError(
      `@trackerkit/emulator: --data ${options.data}: the saved clock (meta "clock") is ${JSON.stringify(saved.value)}, not ${CLOCK_RANGE}; start with --clock-start ISO to replace it`,
    );
  return createClock(options.clock, saved ? (saved.value as number) : Date.now());
}

/**
 * What the emulator knows as credentials: its API tokens, the accounts' webhook secrets, and the
 * passwords of the URLs it was given (an upstream's, an SMTP server's).
 */
function knownCredentials(store: Store, options: Options): string[] {
  const known = store.tokens.all().map((token) => token.id);
  for (const account of store.accounts.all()) if (account.webhook_secret) known.push(account.webhook_secret);
  for (const url of [options.proxyTo, options.smtpUrl]) {
    if (url === undefined) continue;
    try {
      const { username, password } = new URL(url);
      known.push(...[username, password].filter((part) => part !== '').map(decodeURIComponent));
    } catch {
      // Not a URL: the option's own check says so.
    }
  }
  return known;
}

function seededAccount(app: App, seeded: { accountId: string }) {
  const account = app.store.accounts.get(seeded.accountId);
  if (!account) throw new Error('@trackerkit/emulator: the seeded account is gone');
  return account;
}

/**
 * `--fixtures FILE` (YAML or JSON): loaded once into the seeded account. A `--data` file remembers
 * that it was loaded, so a restart does not load it again (its ids would conflict).
 */
function startFixtures(app: App, seeded: { accountId: string }, file: string): void {
  if (app.store.meta.get('fixtures')) return;
  let parsed: unknown;
  try {
    parsed = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`@trackerkit/emulator: --fixtures ${file}: ${(error as Error).message}`);
  }
  try {
    loadFixtures(app, seededAccount(app, seeded), parsed);
  } catch (error) {
    const detail = error instanceof ValidationFailure ? error.message : (error as Error).message;
    throw new Error(`@trackerkit/emulator: --fixtures ${file}: ${detail}`);
  }
  app.store.meta.put({ id: 'fixtures', value: file, seq: app.store.nextSeq() });
}

/** The services every handler shares, on the store of `options` (memory, or the `--data` file). */
async function createApp(options: Options): Promise<{ app: App; worker: RunWorker }> {
  // node:sqlite loads only with --data (it prints an experimental warning on some Node versions).
  const store = options.data
    ? (await import('./store/sqlite-store.ts')).createSqliteStore(options.data)
    : createMemoryStore();
  const clock = startClock(options, store);
  const worker = new RunWorker();
  const credentials = new Credentials(() => knownCredentials(store, options));
  const app: App = {
    store,
    clock,
    options,
    limiter: new RateLimiter(clock),
    runs: worker,
    faults: new FaultRules(),
    inbox: new Inbox(),
    journal: new RequestJournal(options.journalSize),
    credentials,
    log: (line) => options.log(credentials.all().text(line)),
  };
  return { app, worker };
}

/** Where the server listens once it does: `http://host:port`. */
async function listen(server: Server, options: Options): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return `http://${host}:${port}`;
}

/** What runs beside the HTTP server, stopped with it. */
interface Parts {
  app: App;
  worker: RunWorker;
  notifier: Notifier;
  driver: TimeDriver;
  server: Server;
  seeded: Seeded;
  validator: ResponseValidator | null;
}

/**
 * Stops in order: nothing new starts (schedules, runs, deliveries), the server closes (cutting the
 * connections at once or after `graceMs`), runs in flight finish, then the store closes.
 */
async function stop({ driver, worker, notifier, server, app }: Parts, graceMs: number): Promise<void> {
  driver.stop();
  worker.close();
  notifier.close();
  // A drain (the bin's stop on a signal) lets requests in flight finish within the grace;
  // the default cuts them, as tests and embedders expect of close().
  if (graceMs === 0) server.closeAllConnections();
  const cut = graceMs > 0 ? setTimeout(() => server.closeAllConnections(), graceMs) : undefined;
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await stopped;
  clearTimeout(cut);
  await worker.idle();
  app.store.close();
}

/** The clock as the embedder sees it: ISO strings, and `advance` refusing a bad move with a TypeError or RangeError. */
function emulatorClock(clock: Clock, driver: TimeDriver): EmulatorClock {
  return {
    mode: clock.mode,
    now: () => iso(clock.now()),
    advance: async (minutes: number) => {
      const wrong = advanceProblem(clock.now(), minutes);
      if (wrong) {
        const message = `@trackerkit/emulator: clock.advance minutes: ${wrong.msg}`;
        throw wrong.type === 'number_type' ? new TypeError(message) : new RangeError(message);
      }
      return iso(await driver.advanceTo(clock.now() + minutes * 60_000));
    },
  };
}

/** Fault rules as the embedder adds them: a malformed rule is a TypeError naming each problem. */
function emulatorFaults(app: App): EmulatorFaults {
  return {
    add: (spec) => {
      try {
        return app.faults.add(faultSpecOf({ ...spec } as Record<string, unknown>, OPERATION_IDS));
      } catch (error) {
        if (!(error instanceof ValidationFailure)) throw error;
        throw new TypeError(`@trackerkit/emulator: fault rule: ${error.message}`);
      }
    },
    list: () => app.faults.list(),
    remove: (id) => app.faults.remove(id),
    clear: () => app.faults.clear(),
  };
}

/** The running emulator's handle: the seeded ids, and the console's powers as calls. */
function runningEmulator(parts: Parts, origin: string, consoleLinks: ConsoleLink[]): RunningEmulator {
  const { app, worker, driver, seeded, validator } = parts;
  let closed: Promise<void> | undefined;
  return {
    baseUrl: `${origin}${API_PREFIX}`,
    origin,
    consoleLinks,
    token: seeded.token,
    accountId: seeded.accountId,
    spaceId: seeded.spaceId,
    clock: emulatorClock(app.clock, driver),
    setWebhook: (url, change = {}) => {
      const [bad] = change.secret === undefined ? [] : secretProblems(change.secret, ['secret']);
      if (bad)
        throw new TypeError(`@trackerkit/emulator: setWebhook ${bad.field}: ${bad.message} (${bad.rule})`);
      return setAccountWebhook(app, seededAccount(app, seeded), url, change);
    },
    faults: emulatorFaults(app),
    inbox: { list: (filter) => app.inbox.list(filter), clear: () => app.inbox.clear() },
    requests: {
      list: (filter) => app.journal.list(filter),
      count: (filter) => app.journal.count(filter),
      verify: (filter, expect) => app.journal.verify(filter, expect),
      clear: () => app.journal.clear(),
    },
    reset: () => {
      resetState(app, seeded);
    },
    loadFixtures: (fixtures) => loadFixtures(app, seededAccount(app, seeded), fixtures),
    exportState: () => exportState(app, seeded.accountId),
    idle: () => worker.idle(),
    contractViolations: () => [...(validator?.violations ?? [])],
    close: (options) => {
      closed ??= stop(parts, options?.graceMs ?? 0);
      return closed;
    },
  };
}

/** Starts the emulator on a real socket and resolves once it accepts requests. */
export async function startEmulator(input: EmulatorOptions = {}): Promise<RunningEmulator> {
  const options = resolveOptions(input);
  const { app, worker } = await createApp(options);
  const { store, clock } = app;
  // Proxy or replay: checked before anything starts (a wrong combination is bad usage).
  const upstream = apiSource(app);
  const notifier = new Notifier(app, new EmailSender(options.smtpUrl, app.log));
  worker.attach(app, notifier);
  const driver = new TimeDriver(app);
  const seeded = seed(app);
  if (options.fixtures !== undefined) startFixtures(app, seeded, options.fixtures);
  const validator = options.validateResponses
    ? new ResponseValidator((message) => app.log(`@trackerkit/emulator: contract violation: ${message}`))
    : null;
  const handlers = {
    ...spaceHandlers(app),
    ...trackerHandlers(app),
    ...runHandlers(app),
    ...vaultHandlers(app),
  };
  const consoleRoutes = createConsole(app, { driver, operationIds: OPERATION_IDS, seeded });
  const consolePolicy = consoleOriginPolicy(options);
  const consoleLinks: ConsoleLink[] = [];
  let origin = '';
  const server = createHttpServer({
    app,
    api: upstream ?? createApiDispatcher(app, handlers),
    console: consoleRoutes.handle,
    consoleGate: (req) => consoleRefusal(req, consolePolicy),
    page: () =>
      consolePage({
        baseUrl: `${origin}${API_PREFIX}`,
        token: seeded.token,
        accountId: seeded.accountId,
        spaceId: seeded.spaceId,
        webhookUrl: store.accounts.get(seeded.accountId)?.webhook_url ?? null,
        clock: { mode: clock.mode, now: iso(clock.now()) },
        links: consoleLinks,
        endpoints: consoleRoutes.endpoints,
      }),
    validator,
  });
  origin = await listen(server, options);
  // Runs cut short by a previous stop resume now.
  for (const run of store.runs.all()) {
    if (run.status === 'pending' || run.status === 'running') void worker.execute(run.id);
  }
  driver.start();
  return runningEmulator({ app, worker, notifier, driver, server, seeded, validator }, origin, consoleLinks);
}
