import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_DELIVERY } from '@trackerkit/core';
import type { ConfigInput } from '../config/config-schema.ts';
import { loadConfig } from '../config/load-config.ts';
import { configSecrets, destinationSecrets } from '../config/secret-values.ts';
import { signingSecretProblems } from '../config/signing-secrets.ts';
import type { Config } from '../config/types.ts';
import { createDestination } from '../delivery/create-destination.ts';
import { createOutbox } from '../delivery/create-outbox.ts';
import { CODE_HANDLERS, createCodeHandlersDestination } from '../delivery/destinations/code-handlers.ts';
import type { Destination } from '../delivery/types.ts';
import { invalidConfig } from '../errors.ts';
import { createRouter, type Router } from '../router/create-router.ts';
import { openStore, type Store } from '../store/open-store.ts';
import { createApp } from './create-app.ts';
import { createLogger, type Logger, maskSecrets } from './logger.ts';
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
}

export interface Receiver {
  /** `http://host:port` */
  url: string;
  port: number;
  /** Source name → full URL to give the sender. */
  sourceUrls: Record<string, string>;
  config: Config;
  store: Store;
  metrics: Metrics;
  close(): Promise<void>;
}

function isLoaded(config: StartReceiverOptions['config']): config is Config {
  return typeof config === 'object' && Array.isArray((config as Config).catchAll);
}

/** Starts the receiver: store, outbox and HTTP server. `close()` drains deliveries in flight. */
export async function startReceiver(options: StartReceiverOptions): Promise<Receiver> {
  const config = isLoaded(options.config)
    ? options.config
    : loadConfig(options.config, options.env ? { env: options.env } : {});
  // A configuration built in code skipped loadConfig: hold its secrets to the same policy.
  if (isLoaded(options.config)) {
    const problems = signingSecretProblems(config);
    if (problems.length > 0) throw invalidConfig(problems);
  }
  // Whatever a log line carries (an error body a destination echoed), configured secrets are cut out.
  const logger = maskSecrets(options.logger ?? createLogger(config.log), configSecrets(config));
  const metrics = createMetrics();
  const store = openStore(options.storagePath ?? config.storage.path, {
    synchronous: config.storage.synchronous,
  });
  const given = new Map((options.destinations ?? []).map((d) => [d.name, d]));
  const destinations = config.destinations.map((c) => given.get(c.name) ?? createDestination(c));
  const handlers = options.router;
  const outboxConfigs: Array<Pick<Config['destinations'][number], 'name' | 'timeoutMs' | 'retry'>> = [
    ...config.destinations,
  ];
  if (handlers) {
    destinations.push(createCodeHandlersDestination(handlers));
    outboxConfigs.push({
      name: CODE_HANDLERS,
      timeoutMs: WEBHOOK_DELIVERY.timeout_seconds * 1000,
      retry: config.delivery.retry,
    });
  }
  const outbox = createOutbox({
    store,
    destinations,
    configs: outboxConfigs,
    secrets: new Map(config.destinations.map((d) => [d.name, destinationSecrets(d)])),
    concurrency: config.delivery.concurrency,
    pollIntervalMs: config.delivery.pollIntervalMs,
    breaker: config.delivery.breaker,
    metrics,
    logger,
  });
  const routeOnly = createRouter({ route: config.route, catchAll: config.catchAll });
  const router: Router = handlers
    ? {
        ...routeOnly,
        match: (event, nowMs) => [
          ...routeOnly.match(event, nowMs),
          { path: 'handlers', destinations: [CODE_HANDLERS], repeatIntervalMs: 0, muted: false },
        ],
      }
    : routeOnly;
  let ready = true;
  const app = createApp({ config, store, router, outbox, metrics, logger, isReady: () => ready });
  const server = createServer(
    { requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 },
    app,
  );
  const host = options.host ?? config.server.host;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? config.server.port, host, () => resolve());
  });
  outbox.start();
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
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
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    sourceUrls: Object.fromEntries(config.sources.map((s) => [s.name, `${url}${s.path}`])),
    config,
    store,
    metrics,
    close() {
      closing ??= (async () => {
        ready = false;
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await outbox.stop();
        store.close();
        logger.info('receiver stopped');
      })();
      return closing;
    },
  };
}
