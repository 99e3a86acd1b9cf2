import { isUtf8 } from 'node:buffer';
import { jsonDepthRule, jsonNestsDeeper, MAX_ALERT_JSON_DEPTH } from '@trackerkit/core';
import type { Express, Request, Response } from 'express';
import type { Config } from '../config/types.ts';
import type { Outbox } from '../delivery/create-outbox.ts';
import {
  ALERTMANAGER_ALERT,
  ALERTMANAGER_SOURCE,
  type AlertmanagerAlertEvent,
  type PostedAlert,
  parsePostableAlerts,
} from '../events/alertmanager-alert.ts';
import type { AlertEvent } from '../events/types.ts';
import { readRawBody } from '../http/read-raw-body.ts';
import { type LabelMatcher, matchesLabel, parseMatcher } from '../router/label-matcher.ts';
import type { RouteMatch } from '../router/types.ts';
import { compileSilence, formatMatcher } from '../silences/silence.ts';
import type { Store } from '../store/store.ts';
import type { IngestGrouping, IngestItem } from '../store/types.ts';
import type { Logger } from '../telemetry/logger.ts';
import type { Metrics } from '../telemetry/metrics.ts';
import {
  type AlertStatus,
  alertGroups,
  alertStatus,
  type GettableAlert,
  gettableAlert,
  matchesFilter,
  passesState,
  readFiring,
  receiversOf,
  type StateFilter,
} from './alert-views.ts';
import { queryList } from './silences-api.ts';

export interface AlertsApiContext {
  config: Config;
  store: Store;
  /** Routes an alert with silences and inhibit rules applied (the receiver's own routing). */
  route(event: AlertEvent, now?: number): Promise<RouteMatch[]>;
  /** The route tree alone (no store read); absent, `route` stands in. */
  match?(event: AlertEvent, now: number): RouteMatch[];
  /** What a posted alert does to Alertmanager's aggregation groups (the delivery side's). */
  grouping?(event: AlertEvent, now: number): IngestGrouping;
  flushAt?(at: number): void;
  outbox: Outbox;
  metrics: Metrics;
  logger: Logger;
}

/** Alertmanager's v2 error shape: the message as a JSON string. */
function fail(res: Response, status: number, error: string) {
  res.status(status).json(`@trackerkit/webhooks: ${error}`);
}

// What go-openapi reads as false; anything else (or nothing) leaves Alertmanager's default, true.
const FALSE = new Set(['false', '0', 'f', 'n', 'no', 'off']);
const flag = (value: unknown) => !(typeof value === 'string' && FALSE.has(value.toLowerCase()));

interface Query extends StateFilter {
  filter: LabelMatcher[];
  keepReceiver?: (name: string) => boolean;
}

/** The query of `GET /alerts` and `/alerts/groups`; throws naming the parameter. */
function readQuery(req: Request): Query {
  const filter = queryList(req.query.filter).map((text) => {
    try {
      return parseMatcher(text);
    } catch (error) {
      throw new Error(`filter: ${(error as Error).message}`);
    }
  });
  const query: Query = {
    filter,
    active: flag(req.query.active),
    silenced: flag(req.query.silenced),
    inhibited: flag(req.query.inhibited),
  };
  const receiver = req.query.receiver;
  if (typeof receiver === 'string' && receiver !== '') {
    // Anchored, and compiled by the route matchers' own engine.
    let m: LabelMatcher;
    try {
      m = parseMatcher(formatMatcher({ name: 'receiver', value: receiver, isRegex: true, isEqual: true }));
    } catch (error) {
      throw new Error(`receiver: failed to parse receiver param: ${(error as Error).message}`);
    }
    query.keepReceiver = (name) => matchesLabel(m, name);
  }
  return query;
}

/** Every firing alert with its routing and its hold now, as Alertmanager's filters leave them. */
async function currentAlerts(ctx: AlertsApiContext, query: Query, keepByReceivers: boolean) {
  const now = Date.now();
  const firing = readFiring(await ctx.store.firingAlerts(now), now);
  const live = (await ctx.store.silences.live(now)).map(compileSilence);
  const rules = ctx.config.inhibitRules ?? [];
  const out: Array<{ alert: GettableAlert; matches: RouteMatch[] }> = [];
  for (const alert of firing) {
    if (!matchesFilter(query.filter, alert.labels)) continue;
    const status: AlertStatus = alertStatus(alert, live, rules, firing, now);
    if (!passesState(status, query)) continue;
    // The tree alone: the hold was judged above, once for all alerts.
    const matches = ctx.match ? ctx.match(alert.event, now) : await ctx.route(alert.event, now);
    const receivers = receiversOf(matches);
    if (keepByReceivers && query.keepReceiver && !receivers.some(query.keepReceiver)) continue;
    out.push({ alert: gettableAlert(alert, status, receivers, now), matches });
  }
  return out;
}

/** What the store is given for one posted alert (see `IngestItem.posted`). */
export function postedIngestItem(
  event: AlertmanagerAlertEvent,
  matches: RouteMatch[],
  grouping: IngestGrouping | undefined,
): IngestItem {
  return {
    source: ALERTMANAGER_SOURCE,
    webhookId: `${event.data.fingerprint}:${event.data.startsAt}:${event.data.status}`,
    eventType: ALERTMANAGER_ALERT,
    // A format the receiver defines, routed through the tree (not the catch-all).
    known: true,
    body: JSON.stringify(event),
    matches,
    repeatScope: null,
    resolves: null,
    posted: { scope: `alertmanager:${event.data.fingerprint}`, event },
    ...(grouping ? { grouping } : {}),
  };
}

/**
 * Stores one posted alert as an event of source `alertmanager-api`, routed like a tracker's, and
 * keeps it as Alertmanager's alert store does: each post is merged with the alert kept for the
 * same labels (Prometheus sends each firing alert again every evaluation or so, its end a few
 * evaluations ahead), so it fires while the posts keep its end ahead, ends when a post ends it or
 * its end passes, and joins its groups on every post, resolved or not, as Alertmanager's
 * dispatcher takes both (see `IngestItem.posted`).
 */
async function ingestPosted(ctx: AlertsApiContext, { event }: PostedAlert) {
  const matches = await ctx.route(event);
  const result = await ctx.store.ingest(postedIngestItem(event, matches, ctx.grouping?.(event, Date.now())));
  if (result.flushAt !== undefined) ctx.flushAt?.(result.flushAt);
  if (result.duplicate && !result.updated) {
    ctx.metrics.inc('trackerkit_webhooks_duplicates_total', { source: ALERTMANAGER_SOURCE });
    return;
  }
  ctx.metrics.inc('trackerkit_webhooks_received_total', {
    source: ALERTMANAGER_SOURCE,
    type: ALERTMANAGER_ALERT,
  });
  if (result.pending.length > 0) ctx.outbox.offer(result.pending);
}

/**
 * Alertmanager's alert API v2 (the caller mounts the admin auth in front): `POST /api/v2/alerts` (Prometheus,
 * amtool or another Alertmanager sending), `GET /api/v2/alerts` and `GET /api/v2/alerts/groups`
 * with Alertmanager's `filter`, `receiver`, `active`, `silenced` and `inhibited` parameters.
 * Errors are JSON strings, as Alertmanager answers them.
 */
export function mountAlertsApi(app: Express, ctx: AlertsApiContext): void {
  app.post('/api/v2/alerts', async (req, res) => {
    let text: string;
    try {
      const raw = await readRawBody(req, ctx.config.server.bodyLimitBytes);
      if (!isUtf8(raw))
        return fail(res, 400, 'body is not valid UTF-8 (JSON must be sent as UTF-8, RFC 8259)');
      text = raw.toString('utf8');
    } catch (error) {
      const e = error as { status?: number; message: string };
      if (e.status) return fail(res, e.status, e.message.replace(/^@trackerkit\/webhooks: /, ''));
      throw error;
    }
    if (jsonNestsDeeper(text, MAX_ALERT_JSON_DEPTH))
      return fail(res, 400, `body: ${jsonDepthRule(MAX_ALERT_JSON_DEPTH)}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      return fail(res, 400, `body is not valid JSON (${(error as Error).message})`);
    }
    const { alerts, problems } = parsePostableAlerts(body, Date.now(), ctx.config.resolveTimeoutMs);
    // Together, so one commit takes them all.
    if (alerts.length > 0) await Promise.all(alerts.map((posted) => ingestPosted(ctx, posted)));
    // As Alertmanager: the valid alerts are taken, the others named in a 400.
    if (problems.length > 0) {
      ctx.metrics.inc('trackerkit_webhooks_rejected_total', {
        source: ALERTMANAGER_SOURCE,
        reason: 'invalid_alert',
      });
      ctx.logger.warn('alerts refused', { source: ALERTMANAGER_SOURCE, problems: problems.slice(0, 20) });
      return fail(res, 400, problems.join('; '));
    }
    res.status(200).end();
  });
  app.get('/api/v2/alerts', async (req, res) => {
    let query: Query;
    try {
      query = readQuery(req);
    } catch (error) {
      return fail(res, 400, (error as Error).message);
    }
    const found = await currentAlerts(ctx, query, true);
    const alerts = found.map((f) => f.alert);
    alerts.sort((a, b) => (a.fingerprint < b.fingerprint ? -1 : a.fingerprint > b.fingerprint ? 1 : 0));
    res.json(alerts);
  });
  app.all('/api/v2/alerts', (_req, res) => {
    res.set('allow', 'GET, POST');
    fail(res, 405, 'use GET or POST');
  });
  app.get('/api/v2/alerts/groups', async (req, res) => {
    let query: Query;
    try {
      query = readQuery(req);
    } catch (error) {
      return fail(res, 400, (error as Error).message);
    }
    res.json(alertGroups(await currentAlerts(ctx, query, false), query.keepReceiver));
  });
  app.all('/api/v2/alerts/groups', (_req, res) => {
    res.set('allow', 'GET');
    fail(res, 405, 'use GET');
  });
}
