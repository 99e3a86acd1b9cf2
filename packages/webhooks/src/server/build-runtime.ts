import { WEBHOOK_DELIVERY } from '@trackerkit/core';
import type { Express } from 'express';
import {
  type AlertIdentity,
  alertIdentity,
  firedTrackerId,
  resolvedTracker,
} from '../alerts/alert-identity.ts';
import { configSecrets, destinationSecrets } from '../config/secret-values.ts';
import type { Config } from '../config/types.ts';
import { createDestination } from '../delivery/create-destination.ts';
import { createOutbox, type Outbox } from '../delivery/create-outbox.ts';
import { CODE_HANDLERS, createCodeHandlersDestination } from '../delivery/destinations/code-handlers.ts';
import type { Destination } from '../delivery/types.ts';
import type { AlertEvent } from '../events/types.ts';
import { createRouter, type Router } from '../router/create-router.ts';
import { isRouteMuted } from '../router/match-route-tree.ts';
import { resolveRouteTree } from '../router/resolve-route-tree.ts';
import type { RouteMatch } from '../router/types.ts';
import { createHold, type Held, type Hold } from '../silences/hold-alert.ts';
import { createRetention, type Retention } from '../store/retention.ts';
import type { Store } from '../store/store.ts';
import type { IngestGrouping } from '../store/types.ts';
import { type Logger, maskSecrets } from '../telemetry/logger.ts';
import type { Metrics } from '../telemetry/metrics.ts';
import { type AppContext, createApp } from './create-app.ts';

/** What one configuration runs on: replaced as a whole by a reload, beside the same store. */
export interface Runtime {
  config: Config;
  logger: Logger;
  router: Router;
  /** The router's matches with silences and inhibit rules applied: what an alert is stored with. */
  route(event: AlertEvent, now?: number): Promise<RouteMatch[]>;
  outbox: Outbox;
  retention: Retention;
  app: Express;
  /** Whether a silence or an inhibit rule holds this alert now. */
  hold: Hold;
  /** What an event does to Alertmanager's aggregation groups (the ingest's `grouping`). */
  grouping(event: AlertEvent, now: number): IngestGrouping;
  /** Flushes the groups whose time has come; their notifications go to the outbox at once. */
  flushGroups(): Promise<number>;
}

export interface RuntimeDeps {
  store: Store;
  metrics: Metrics;
  /** The unmasked logger; each runtime masks its own configuration's secrets. */
  baseLogger: Logger;
  /** Code handlers (`router.on`), delivered through the outbox as `@handlers`. */
  handlers?: Router;
  /** Destinations given in code, by name. Their `close` is the embedder's, not a runtime's. */
  given: Map<string, Destination>;
  isReady: () => boolean;
  admin: AppContext['admin'];
  eventLoop?: AppContext['eventLoop'];
  /** This receiver's public URL (the webhook payload's `externalURL`), known once it listens. */
  externalURL?: () => string;
  /** Brings the group flush pass forward to `at` (an ingest made a group due then). */
  flushAt?: (at: number) => void;
}

// A runtime stopped by a reload must not close a destination the next runtime still uses.
const withoutClose = (d: Destination): Destination => ({
  name: d.name,
  type: d.type,
  ...(d.groups ? { groups: true } : {}),
  ...(d.sendResolved === undefined ? {} : { sendResolved: d.sendResolved }),
  deliver: (job) => d.deliver(job),
});

/**
 * One configuration's runtime: logger, destinations, router, hold, outbox, retention and app.
 * Long because it is the wiring: each part is made by its own module, and here they are handed to
 * one another in the order they depend on each other.
 */
export function buildRuntime(config: Config, deps: RuntimeDeps): Runtime {
  const { store, metrics, handlers } = deps;
  // Whatever a log line carries (an error body a destination echoed), configured secrets are cut out.
  const logger = maskSecrets(deps.baseLogger, configSecrets(config));
  const context = { externalURL: deps.externalURL ?? (() => '') };
  const destinations = config.destinations.map((c) => {
    const given = deps.given.get(c.name);
    return given ? withoutClose(given) : createDestination(c, context);
  });
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
    ...(deps.eventLoop ? { working: deps.eventLoop.working } : {}),
  });
  const routeOnly = createRouter({ route: config.route, catchAll: config.catchAll });
  // Silences and inhibit rules hold what the configuration routes; code handlers still run.
  const hold = createHold(store, config.inhibitRules ?? []);
  const router: Router = routeOnly;
  const withHold = (found: RouteMatch[], held: Held): RouteMatch[] => {
    const routed = held ? found.map((m) => ({ ...m, held })) : found;
    return handlers
      ? [...routed, { path: 'handlers', destinations: [CODE_HANDLERS], repeatIntervalMs: 0, muted: false }]
      : routed;
  };
  const route = async (event: AlertEvent, nowMs = Date.now()): Promise<RouteMatch[]> =>
    withHold(routeOnly.match(event, nowMs), await hold(event, nowMs));
  const judge = async (event: AlertEvent, nowMs = Date.now()) => {
    const { held, silencesVersion } = await hold.judge(event, nowMs);
    return { matches: withHold(routeOnly.match(event, nowMs), held), silencesVersion };
  };
  // Alertmanager's aggregation groups: chat and webhook destinations get one notification per
  // flush of a group instead of a message per event.
  const grouped = destinations.filter((d) => d.groups === true).map((d) => d.name);
  const grouping = (event: AlertEvent, now: number): IngestGrouping => {
    // Worked out on first read: a receiver whose routes group nothing never needs the labels,
    // annotations or fingerprint, and would pay for them on every alert.
    let alert: AlertIdentity | null | undefined;
    return {
      at: now,
      get alert() {
        if (alert === undefined) alert = alertIdentity(event, now);
        return alert;
      },
      trackerId: firedTrackerId(event),
      resolve: resolvedTracker(event, now),
      destinations: grouped,
    };
  };
  const tree = resolveRouteTree(config.route);
  const sendResolved = new Map(
    config.destinations.map((c) => [
      c.name,
      c.sendResolved ?? destinations.find((d) => d.name === c.name)?.sendResolved ?? true,
    ]),
  );
  for (const d of destinations)
    if (!sendResolved.has(d.name)) sendResolved.set(d.name, d.sendResolved ?? true);
  const flushGroups = async (): Promise<number> => {
    const now = Date.now();
    const held = await hold.snapshot(now);
    const rows = await store.flushGroups({
      // Judged on the routing labels, as the alert was when it was routed (silences, inhibit rules).
      muted: (_route, alert) => held(alert.routing) !== undefined,
      routeMuted: (path, t) => {
        const route = tree.byPath.get(path);
        return route !== undefined && isRouteMuted(route, t);
      },
      sendResolved: (name) => sendResolved.get(name) ?? true,
    });
    // Committed: sent from memory now, as an ingest's rows are.
    if (rows.length > 0) outbox.offer(rows);
    return rows.length;
  };
  const retention = createRetention({
    prune: (kind, before, afterId, window) => store.prune(kind, before, afterId, window),
    alertsMs: config.retention.alertsMs,
    deliveriesMs: config.retention.deliveriesMs,
    pruneSilences: (before) => store.pruneSilences(before),
    forgetEnded: (now) => store.forgetEnded(now),
    silencesMs: config.retention.silencesMs,
    logger,
  });
  const app = createApp({
    config,
    store,
    route,
    judge,
    silencesChanged: hold.stale,
    match: (event, nowMs) => routeOnly.match(event, nowMs),
    grouping,
    outbox,
    metrics,
    logger,
    isReady: deps.isReady,
    admin: deps.admin,
    ...(deps.eventLoop ? { eventLoop: deps.eventLoop } : {}),
  });
  return { config, logger, router, route, outbox, retention, app, hold, grouping, flushGroups };
}
