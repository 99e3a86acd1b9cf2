import type { AddressInfo } from 'node:net';
import { OBSERVER_PATHS } from '../api/observer-paths.ts';
import type { ConfigInput } from '../config/config-schema.ts';
import { loadConfig } from '../config/load-config.ts';
import { signingSecretProblems } from '../config/signing-secrets.ts';
import type { Config } from '../config/types.ts';
import type { Destination } from '../delivery/types.ts';
import { invalidConfig, WebhooksError } from '../errors.ts';
import type { Router } from '../router/create-router.ts';
import { isRouteMuted, routeAt } from '../router/match-route-tree.ts';
import { openStore } from '../store/open-store.ts';
import type { Store } from '../store/store.ts';
import { buildRuntime, type Runtime, type RuntimeDeps } from './build-runtime.ts';
import { startEventLoopDelay } from './event-loop-delay.ts';
import { createFlushScheduler, type FlushScheduler } from './flush-scheduler.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMetrics, type Metrics } from './metrics.ts';

export interface StartReceiverOptions {
  /** A file path, a file-shaped object, or the result of `loadConfig`. */
  config: Config | ConfigInput | string;
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
  reload(config?: Config | ConfigInput | string): Promise<Config>;
  /** Runs the retention pass now (it also runs in the background). */
  prune(): Promise<{ alerts: number; deliveries: number }>;
  close(): Promise<void>;
}

function isLoaded(config: StartReceiverOptions['config']): config is Config {
  return typeof config === 'object' && Array.isArray((config as Config).catchAll);
}

function load(source: Config | ConfigInput | string, env: NodeJS.ProcessEnv | undefined): Config {
  if (!isLoaded(source)) return loadConfig(source, env ? { env } : {});
  // A configuration built in code skipped loadConfig: hold its secrets to the same policy.
  const problems = signingSecretProblems(source);
  if (problems.length > 0) throw invalidConfig(problems);
  return source;
}

/** Settings a running server cannot change: named in a warning, applied at the next start. */
function restartOnly(running: Config, next: Config): string[] {
  const changed: string[] = [];
  if (running.server.host !== next.server.host) changed.push('server.host');
  if (running.server.port !== next.server.port) changed.push('server.port');
  if (JSON.stringify(running.storage) !== JSON.stringify(next.storage)) changed.push('storage');
  if (JSON.stringify(running.log) !== JSON.stringify(next.log)) changed.push('log');
  return changed;
}

// Scrapes and health probes watch the receiver; they are not its work. An idle receiver they poll
// is not sampled for event loop delay (see `EventLoopDelay.working`).
const OBSERVERS = new Set<string>(Object.values(OBSERVER_PATHS));
const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** Starts the receiver: store, outbox and HTTP server. `close()` drains deliveries in flight. */
export async function startReceiver(options: StartReceiverOptions): Promise<Receiver> {
  const config = load(options.config, options.env);
  const baseLogger = options.logger ?? createLogger(config.log);
  const metrics = createMetrics();
  // PostgreSQL when the configuration names a database (several replicas); else the SQLite file.
  const storage = config.storage;
  // The PostgreSQL client is loaded only for a PostgreSQL store: a SQLite receiver starts without it.
  const store: Store =
    storage.url !== null && options.storagePath === undefined
      ? await (await import('../store/postgres/open-postgres-store.ts')).openPostgresStore({
          url: storage.url,
          leaseMs: storage.leaseMs,
          ...(storage.schema !== null ? { schema: storage.schema } : {}),
          onSessionLost: (error) =>
            baseLogger.warn(
              'database session lost: until it is made again, other replicas may take the deliveries this one holds',
              { error: error.message },
            ),
        })
      : openStore(options.storagePath ?? config.storage.path, { synchronous: config.storage.synchronous });
  const given = new Map((options.destinations ?? []).map((d) => [d.name, d]));
  const host = options.host ?? config.server.host;
  // Alertmanager's `uptime` (/api/v2/status): the process's start, kept across reloads.
  const startedAt = Date.now();
  const graceMs = () => options.shutdownGraceMs ?? current.config.server.shutdownGraceMs;
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
    externalURL: () => current.config.server.externalUrl ?? listening,
    flushAt: (at) => flusher?.at(at),
    ...(options.router ? { handlers: options.router } : {}),
    given,
    isReady: () => ready,
    admin: {
      ...(c.server.adminToken === undefined ? {} : { token: c.server.adminToken }),
      host,
      reload: () => reload(),
      startedAt,
    },
  });
  let current: Runtime = buildRuntime(config, deps(config));
  const configFile = typeof options.config === 'string' ? options.config : undefined;
  let reloads: Promise<unknown> = Promise.resolve();
  /** Loads the new configuration first: one that fails is refused and the running one stays. */
  const reload = (next?: Config | ConfigInput | string): Promise<Config> => {
    const run = reloads.then(async () => {
      if (closing) throw new WebhooksError('reload: shutting down', { status: 503, reason: 'shutting_down' });
      const source = next ?? configFile;
      if (source === undefined) {
        throw new WebhooksError('reload: started from a configuration object; pass the new one to reload()', {
          status: 409,
          reason: 'no_config_file',
        });
      }
      let loaded: Config;
      try {
        loaded = load(source, options.env);
      } catch (error) {
        current.logger.error('reload refused; the running configuration stays', {
          error: (error as Error).message,
        });
        throw error;
      }
      const kept = restartOnly(current.config, loaded);
      if (kept.length > 0) {
        current.logger.warn('reload: these settings take effect at the next start', { settings: kept });
      }
      const applied: Config = {
        ...loaded,
        server: { ...loaded.server, host: current.config.server.host, port: current.config.server.port },
        storage: current.config.storage,
        log: current.config.log,
      };
      const previous = current;
      current = buildRuntime(applied, deps(applied));
      current.outbox.start();
      current.retention.start();
      // Attempts in flight finish under the old runtime; their rows stay leased meanwhile.
      await Promise.all([previous.outbox.stop(graceMs()), previous.retention.stop()]);
      current.logger.info('configuration reloaded', {
        sources: applied.sources.length,
        destinations: applied.destinations.length,
      });
      return applied;
    });
    reloads = run.catch(() => {});
    return run;
  };
  // node:http as the process has it: its ES module namespace would load the WebSocket client
  // (undici) at start only to list its exports.
  const server = process
    .getBuiltinModule('node:http')
    .createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, (req, res) => {
      if (!OBSERVERS.has(pathOf(req.url ?? ''))) eventLoop.working();
      current.app(req, res);
    });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? config.server.port, host, () => resolve());
    });
  } catch (error) {
    // A port taken: only the store has started (its lock, its checkpointer thread). Left open, it
    // would keep the process alive and the file locked; the caller gets the listen error alone.
    eventLoop.close();
    await store.close();
    throw error;
  }
  current.outbox.start();
  current.retention.start();
  const logger = current.logger;
  // repeat_interval: trackers still firing are sent again from the store (store.repeatDue).
  const routeMuted = async (path: string, t: number, body: string) => {
    const node = routeAt(current.config.route, path);
    if (node !== undefined && isRouteMuted(node, t)) return true;
    // A silenced or inhibited alert's repeats wait too (Alertmanager holds every notification).
    let event: unknown;
    try {
      event = JSON.parse(body);
    } catch {
      return false;
    }
    return (await current.hold(event as Parameters<Runtime['hold']>[0], t)) !== undefined;
  };
  // One pass at a time: a pass still reading (a slow database) is not started again over itself.
  let repeating: Promise<void> | undefined;
  const repeatTimer = setInterval(() => {
    repeating ??= store
      .repeatDue(routeMuted)
      .then((made) => {
        if (made > 0) current.outbox.wake();
      })
      .catch((error: Error) => logger.warn('repeat check failed', { error: error.message }))
      .finally(() => {
        repeating = undefined;
      });
  }, config.delivery.pollIntervalMs);
  repeatTimer.unref();
  // Alertmanager's aggregation groups: each flushes when due (its notifications go to the outbox).
  flusher = createFlushScheduler({
    run: () => current.flushGroups(),
    nextAt: () => store.nextFlushAt(),
    pollMs: () => current.config.delivery.pollIntervalMs,
    logger,
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  listening = url;
  logger.info('receiver listening', {
    address: `${host}:${port}`,
    sources: config.sources.map((s) => `${s.name} ${s.path} (${s.verify.scheme})`),
    destinations: config.destinations.map((d) => `${d.name} (${d.type})`),
  });
  for (const s of config.sources) {
    if (s.verify.scheme === 'none') {
      logger.warn('source accepts unsigned requests (scheme none)', { source: s.name, path: s.path });
    }
  }
  return {
    url,
    port,
    sourceUrls: Object.fromEntries(config.sources.map((s) => [s.name, `${url}${s.path}`])),
    get config() {
      return current.config;
    },
    store,
    metrics,
    reload,
    prune: () => current.retention.run(),
    close() {
      closing ??= (async () => {
        ready = false;
        clearInterval(repeatTimer);

        // Requests in flight get the grace period to finish, then their connections are cut.
        const cut = setTimeout(() => server.closeAllConnections(), graceMs());
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        clearTimeout(cut);
        await reloads;
        await Promise.all([current.outbox.stop(graceMs()), current.retention.stop()]);
        await Promise.allSettled([...given.values()].map(async (d) => d.close?.()));
        await repeating;
        await flusher?.stop();
        await store.close();
        eventLoop.close();
        logger.info('receiver stopped');
      })();
      return closing;
    },
  };
}
