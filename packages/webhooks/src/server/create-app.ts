import { JSON_MEDIA_TYPE } from '@trackerkit/core';
import express, { type Express } from 'express';
import { alertmanagerGauges } from '../api/alertmanager-gauges.ts';
import { type AlertsApiContext, mountAlertsApi } from '../api/alerts-api.ts';
import { OBSERVER_PATHS } from '../api/observer-paths.ts';
import { mountSilencesApi } from '../api/silences-api.ts';
import { mountProbes, mountStatusApi } from '../api/status-api.ts';
import { WebhooksError } from '../errors.ts';
import type { OutboxCounts } from '../store/outbox-counts.ts';
import { FORM_MEDIA_TYPE, mountUi } from '../ui/mount-ui.ts';
import { type EventLoopDelay, renderEventLoopDelay } from './event-loop-delay.ts';
import { edgeCheck, originGuard, tokenGiven } from './origin-guard.ts';
import { type ReceiveContext, receiveHandler } from './receive-handler.ts';

/** The alerts API's context (the store, routing and delivery) and what the server adds. */
export interface AppContext extends AlertsApiContext, Pick<ReceiveContext, 'judge' | 'silencesChanged'> {
  isReady: () => boolean;
  /** The process's event loop delay, appended to /metrics when given. */
  eventLoop?: EventLoopDelay;
  /** `POST /-/reload` (as Alertmanager): absent, the endpoint is not served. */
  admin?: {
    /** Bearer token; without one, the origin rule and the listener's reach are the only gates. */
    token?: string;
    /** The address the server is bound to: its names are the ones the origin rule accepts. */
    host: string;
    reload(): Promise<unknown>;
    /** When the receiver started (epoch ms): `/api/v2/status`'s uptime. Default: when this app was made. */
    startedAt?: number;
  };
}

/**
 * Who may reload (or use the API or the UI): with a token, its holder; without one, whoever the
 * origin rule let through (clients outside a browser, as Alertmanager lets them all in).
 */
function reloadRefusal(
  admin: NonNullable<AppContext['admin']>,
  authorization: string | undefined,
  what = 'reload',
) {
  if (admin.token === undefined || tokenGiven(authorization, admin.token)) return undefined;
  return {
    status: 401,
    reason: 'unauthorized',
    error: `${what} needs Authorization: Bearer <server.admin_token>`,
  };
}

/**
 * The express app: one POST route per source, health, readiness, metrics, Alertmanager's API v2
 * and the operators' pages. No body parser anywhere.
 */
export function createApp(ctx: AppContext): Express {
  const startedAt = Date.now();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Alertmanager serves its UI at `/`: the operators' pages are the receiver's (a source taking
  // alerts at `/`, as a file without `sources` has, still takes them by POST).
  if (ctx.admin) app.get('/', (_req, res) => res.redirect(302, 'ui'));
  mountSources(app, ctx);
  if (ctx.admin) mountOperatorEndpoints(app, ctx, ctx.admin, startedAt);
  mountObservers(app, ctx);
  app.use((_req: express.Request, res: express.Response) => {
    res.status(404).json({ error: '@trackerkit/webhooks: not found', reason: 'not_found' });
  });
  app.use(errorHandler(ctx));
  return app;
}

/** One POST route per source; any other method there is a 405 naming the one that works. */
function mountSources(app: Express, ctx: AppContext): void {
  for (const source of ctx.config.sources) {
    app.post(
      source.path,
      receiveHandler({ ...ctx, source, bodyLimitBytes: ctx.config.server.bodyLimitBytes }),
    );
    app.all(source.path, (_req, res) => {
      res
        .set('allow', source.path === '/' && ctx.admin ? 'GET, HEAD, POST' : 'POST')
        .status(405)
        .json({ error: '@trackerkit/webhooks: use POST', reason: 'method_not_allowed' });
    });
  }
}

/**
 * Every operator endpoint (reload, the APIs, the pages): the core's origin rule first (Host; a
 * page's Origin, Sec-Fetch-Site and body, which the token lifts); then the token.
 */
function mountOperatorEndpoints(
  app: Express,
  ctx: AppContext,
  admin: NonNullable<AppContext['admin']>,
  startedAt: number,
): void {
  const edge = { host: admin.host, allowedHosts: ctx.config.server.allowedHosts, token: admin.token };
  app.post('/-/reload', originGuard(edge), async (req, res) => {
    const refusal = reloadRefusal(admin, req.headers.authorization);
    if (refusal) {
      if (refusal.status === 401) res.set('www-authenticate', 'Bearer');
      res
        .status(refusal.status)
        .json({ error: `@trackerkit/webhooks: ${refusal.error}`, reason: refusal.reason });
      return;
    }
    try {
      await admin.reload();
      res.json({ status: 'reloaded' });
    } catch (error) {
      // The file on disk is wrong, not the request: 409, and the running configuration stays.
      const e = error as { message: string; reason?: string; status?: number };
      res
        .status(e.status === 503 ? 503 : 409)
        .json({ error: e.message, reason: e.reason ?? 'reload_failed', kept: 'the running configuration' });
    }
  });
  // Anything under /api (Alertmanager's API v2, the first silences API) reads JSON.
  app.use('/api', originGuard(edge, { accepts: [JSON_MEDIA_TYPE] }));
  app.use(['/api/v2', '/api/silences'], (req, res, next) => {
    const what = req.baseUrl === '/api/v2' ? 'the API' : 'the silences API';
    const refusal = reloadRefusal(admin, req.headers.authorization, what);
    if (!refusal) return next();
    if (refusal.status === 401) res.set('www-authenticate', 'Bearer');
    res
      .status(refusal.status)
      .json({ error: `@trackerkit/webhooks: ${refusal.error}`, reason: refusal.reason });
  });
  mountSilencesApi(app, ctx.store);
  mountAlertsApi(app, ctx);
  mountStatusApi(app, ctx.config, admin.startedAt ?? startedAt);
  const refusal = (authorization: string | undefined) => reloadRefusal(admin, authorization, 'the UI');
  const origin = edgeCheck(edge, { accepts: [FORM_MEDIA_TYPE], browserCredentials: true });
  mountUi(app, { ...ctx, refusal, origin });
}

/** Health, readiness and metrics: unauthenticated, as Alertmanager's probes beside them. */
function mountObservers(app: Express, ctx: AppContext): void {
  // Alertmanager's probes beside the receiver's own, unauthenticated as those.
  mountProbes(app, ctx.store, ctx.isReady);
  app.get(OBSERVER_PATHS.healthz, (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get(OBSERVER_PATHS.readyz, async (_req, res) => {
    try {
      await ctx.store.ping();
      if (!ctx.isReady()) throw new Error('shutting down');
      res.json({ status: 'ready' });
    } catch (error) {
      res
        .status(503)
        .set('retry-after', '5')
        .json({ status: 'not ready', error: (error as Error).message });
    }
  });
  app.get(OBSERVER_PATHS.metrics, async (_req, res) => {
    res.type('text/plain; version=0.0.4; charset=utf-8').send(await metricsText(ctx));
  });
}

/** The registry's series with the outbox's and Alertmanager's gauges as they are now. */
async function metricsText(ctx: AppContext): Promise<string> {
  let counts: Partial<OutboxCounts> = {};
  try {
    counts = await ctx.store.outboxCounts();
  } catch {}
  // What the outbox holds. Delivered and held rows are history kept for retention.deliveries:
  // counting them read every row kept at each scrape (store/outbox-counts.ts).
  const states = ['pending', 'dead'] as const;
  const memory = ctx.outbox.inMemory();
  // Alertmanager's gauges of alerts and silences by state; left out while the store cannot answer.
  const alertmanager = await alertmanagerGauges(ctx.store, ctx.config, Date.now()).catch(() => ({}));
  const body = ctx.metrics.render({
    ...alertmanager,
    trackerkit_webhooks_outbox_deliveries: {
      help: 'Outbox rows waiting to be sent (pending) or dead-lettered (dead).',
      values: states.map((state) => [{ state }, counts[state] ?? 0]),
    },
    // What the outbox holds in memory; bounded by design (the rest waits in the store), shown so a soak can tell.
    trackerkit_webhooks_outbox_in_flight: {
      help: 'Outbox attempts in flight (at most delivery.concurrency).',
      values: [[{}, memory.inFlight]],
    },
    trackerkit_webhooks_outbox_held: {
      help: 'Outbox rows taken and not yet settled in the store.',
      values: [[{}, memory.held]],
    },
    trackerkit_webhooks_outbox_recording: {
      help: 'Outbox outcomes handed to the store and not yet committed.',
      values: [[{}, memory.recording]],
    },
    trackerkit_webhooks_circuit_open: {
      help: '1 while the destination circuit breaker is open or half-open.',
      values: ctx.config.destinations.map((d) => [
        { destination: d.name },
        ctx.outbox.breakerState(d.name) === 'closed' ? 0 : 1,
      ]),
    },
  });
  const eventLoop = ctx.eventLoop ? renderEventLoopDelay(ctx.eventLoop.read()) : '';
  return body + eventLoop;
}

function errorHandler(ctx: AppContext) {
  return (error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    // A store that cannot be reached is the server's trouble, not the caller's: 503, try again.
    if (error instanceof WebhooksError && error.status === 503) {
      ctx.logger.warn('store unavailable', { error: error.message });
      if (!res.headersSent)
        res
          .status(503)
          .set('retry-after', '5')
          .json({ error: `@trackerkit/webhooks: ${error.message}`, reason: error.reason });
      return;
    }
    // The caller's mistake as Express's own layers judged it (a path parameter that is not valid
    // percent-encoding: 400): theirs to fix, never a 5xx.
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      if (!res.headersSent)
        res.status(status).json({
          error: `@trackerkit/webhooks: ${error instanceof URIError ? 'the path is not valid percent-encoding' : error.message}`,
          reason: 'bad_request',
        });
      return;
    }
    ctx.logger.error('unhandled error', { error: error.message });
    if (!res.headersSent)
      res.status(500).json({ error: '@trackerkit/webhooks: internal error', reason: 'internal' });
  };
}
