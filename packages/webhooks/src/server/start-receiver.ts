import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OBSERVER_PATHS } from '../api/observer-paths.ts';
import type { Config } from '../config/types.ts';
import type { Destination } from '../delivery/types.ts';
import type { Router } from '../router/create-router.ts';
import { openStore } from '../store/open-store.ts';
import type { Store } from '../store/store.ts';
import { createLogger, type Logger } from '../telemetry/logger.ts';
import { createMetrics, type Metrics } from '../telemetry/metrics.ts';
import { buildRuntime, type RuntimeDeps } from './build-runtime.ts';
import { startEventLoopDelay } from './event-loop-delay.ts';
import { createFlushScheduler, type FlushScheduler } from './flush-scheduler.ts';
import { type ConfigSource, createReload, type LiveRuntime, load } from './reload.ts';
import { startRepeats } from './repeat-pass.ts';

export interface StartReceiverOptions {
  /** A file path, a file-shaped object, or the result of `loadConfig`. */
  config: ConfigSource;
  /** Overrides the configuration's port; 0 picks a free one. */
  port?: number;
  host?: string;
  /** Overrides the configuration's storage path (`:memory:` for throwaway runs). */
  storagePath?: string;
  /**
   * Code handlers (`router.on('tracker.alert', ...)`). Every newly stored alert gets an outbox row
   * for them, in the same transaction as the alert: they run at least once, with the retry policy
   * of `delivery.retry`, and dead-letter like any destination (`@handlers`). Handlers receive the
   * idempotency key as `context.idempotencyKey`: dedupe side effects on it.
   */
  router?: Router;
  logger?: Logger;
  /** Extra or replacement destinations by name, for embedding. */
  destinations?: Destination[];
  env?: NodeJS.ProcessEnv;
  /** Overrides `server.shutdown_grace`: how long a stop waits for requests and deliveries in flight. */
  shutdownGraceMs?: number;
}

export interface Receiver {
  /** `http://host:port` */
  url: string;
  port: number;
  /** Source name → full URL to give the sender. */
  sourceUrls: Record<string, string>;
  /** The running configuration (replaced by a reload). */
  readonly config: Config;
  store: Store;
  metrics: Metrics;
  /**
   * Loads the configuration again (from the file it started with, or the one given) and switches
   * to it. A configuration that fails validation is refused (the promise rejects, naming the
   * field) and the running one stays. Host, port, storage and log settings need a restart.
   */
  reload(config?: ConfigSource): Promise<Config>;
  /** Runs the retention pass now (it also runs in the background). */
  prune(): Promise<{ alerts: number; deliveries: number }>;
  close(): Promise<void>;
}

// Scrapes and health probes watch the receiver; they are not its work. An idle receiver they poll
// is not sampled for event loop delay (see `EventLoopDelay.working`).
const OBSERVERS = new Set<string>(Object.values(OBSERVER_PATHS));
const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * The store the configuration names: PostgreSQL when it names a database (several replicas), else
 * the SQLite file. The PostgreSQL client is loaded only for a PostgreSQL store: a SQLite receiver
 * starts without it.
 */
async function openConfiguredStore(
  config: Config,
  storagePath: string | undefined,
  logger: Logger,
): Promise<Store> {
  const storage = config.storage;
  if (storage.url === null || storagePath !== undefined)
    return openStore(storagePath ?? storage.path, { synchronous: storage.synchronous });
  const { openPostgresStore } = await import('../store/postgres/open-postgres-store.ts');
  return openPostgresStore({
    url: storage.url,
    leaseMs: storage.leaseMs,
    ...(storage.schema !== null ? { schema: storage.schema } : {}),
    onSessionLost: (error) =>
      logger.warn(
        'database session lost: until it is made again, other replicas may take the deliveries this one holds',
        { error: error.message },
      ),
  });
}

// node:http as the process has it: its ES module namespace would load the WebSocket client
// (undici) at start only to list its exports.
async function listen(port: number, host: string, handle: RequestListener): Promise<Server> {
  const server = process
    .getBuiltinModule('node:http')
    .createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

function logStarted(logger: Logger, config: Config, address: string): void {
  logger.info('receiver listening', {
    address,
    sources: config.sources.map((s) => `${s.name} ${s.path} (${s.verify.scheme})`),
    destinations: config.destinations.map((d) => `${d.name} (${d.type})`),
  });
  for (const s of config.sources) {
    if (s.verify.scheme === 'none') {
      logger.warn('source accepts unsigned requests (scheme none)', { source: s.name, path: s.path });
    }
  }
}

/**
 * Stops in order: no new requests (those in flight get the grace period), no reload, the outbox
 * drained, then the store closed under nothing that still writes to it.
 */
async function drain(
  p: {
    server: Server;
    graceMs: () => number;
    reloads: { settled(): Promise<unknown> };
    live: LiveRuntime;
    given: Map<string, Destination>;
    repeats: { stop(): void; settled(): Promise<void> };
    flusher: FlushScheduler | undefined;
    store: Store;
    eventLoop: { close(): void };
    logger: Logger;
  },
  notReady: () => void,
): Promise<void> {
  notReady();
  p.repeats.stop();
  const cut = setTimeout(() => p.server.closeAllConnections(), p.graceMs());
  await new Promise<void>((resolve) => {
    p.server.close(() => resolve());
    p.server.closeIdleConnections();
  });
  clearTimeout(cut);
  await p.reloads.settled();
  await Promise.all([p.live.runtime.outbox.stop(p.graceMs()), p.live.runtime.retention.stop()]);
  await Promise.allSettled([...p.given.values()].map(async (d) => d.close?.()));
  await p.repeats.settled();
  await p.flusher?.stop();
  await p.store.close();
  p.eventLoop.close();
  p.logger.info('receiver stopped');
}

/**
 * Starts the receiver: store, outbox and HTTP server. `close()` drains deliveries in flight.
 * Kept as one function: it is the start order (store, runtime, listen, then the loops), and the
 * runtime's dependencies close over the state it sets as it goes (the address bound, readiness).
 */
export async function startReceiver(options: StartReceiverOptions): Promise<Receiver> {
  const config = load(options.config, options.env);
  const baseLogger = options.logger ?? createLogger(config.log);
  const metrics = createMetrics();
  const store = await openConfiguredStore(config, options.storagePath, baseLogger);
  const given = new Map((options.destinations ?? []).map((d) => [d.name, d]));
  const host = options.host ?? config.server.host;
  // Alertmanager's `uptime` (/api/v2/status): the process's start, kept across reloads.
  const startedAt = Date.now();
  const graceMs = () => options.shutdownGraceMs ?? live.runtime.config.server.shutdownGraceMs;
  let ready = true;
  let closing: Promise<void> | undefined;
  // The webhook payload's externalURL: the configured one, else the address bound (known after listen).
  let listening = '';
  let flusher: FlushScheduler | undefined;
  const eventLoop = startEventLoopDelay();
  const deps = (c: Config): RuntimeDeps => ({
    store,
    metrics,
    eventLoop,
    baseLogger,
    externalURL: () => live.runtime.config.server.externalUrl ?? listening,
    flushAt: (at) => flusher?.at(at),
    ...(options.router ? { handlers: options.router } : {}),
    given,
    isReady: () => ready,
    admin: {
      ...(c.server.adminToken === undefined ? {} : { token: c.server.adminToken }),
      host,
      reload: () => reloads.reload(),
      startedAt,
    },
  });
  const live: LiveRuntime = { runtime: buildRuntime(config, deps(config)) };
  const reloads = createReload({
    live,
    configFile: typeof options.config === 'string' ? options.config : undefined,
    env: options.env,
    build: (c) => buildRuntime(c, deps(c)),
    graceMs,
    closing: () => closing !== undefined,
  });
  let server: Server;
  try {
    server = await listen(options.port ?? config.server.port, host, (req, res) => {
      if (!OBSERVERS.has(pathOf(req.url ?? ''))) eventLoop.working();
      live.runtime.app(req, res);
    });
  } catch (error) {
    // A port taken: only the store has started (its lock, its checkpointer thread). Left open, it
    // would keep the process alive and the file locked; the caller gets the listen error alone.
    eventLoop.close();
    await store.close();
    throw error;
  }
  live.runtime.outbox.start();
  live.runtime.retention.start();
  const logger = live.runtime.logger;
  const repeats = startRepeats(store, live, logger, config.delivery.pollIntervalMs);
  // Alertmanager's aggregation groups: each flushes when due (its notifications go to the outbox).
  flusher = createFlushScheduler({
    run: () => live.runtime.flushGroups(),
    nextAt: () => store.nextFlushAt(),
    pollMs: () => live.runtime.config.delivery.pollIntervalMs,
    logger,
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  listening = url;
  logStarted(logger, config, `${host}:${port}`);
  const stop = () =>
    drain({ server, graceMs, reloads, live, given, repeats, flusher, store, eventLoop, logger }, () => {
      ready = false;
    });
  return {
    url,
    port,
    sourceUrls: Object.fromEntries(config.sources.map((s) => [s.name, `${url}${s.path}`])),
    get config() {
      return live.runtime.config;
    },
    store,
    metrics,
    reload: (next) => reloads.reload(next),
    prune: () => live.runtime.retention.run(),
    close() {
      closing ??= stop();
      return closing;
    },
  };
}
