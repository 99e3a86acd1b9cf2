import { isUtf8 } from 'node:buffer';
import { jsonDepthRule, jsonNestsDeeper, MAX_ALERT_JSON_DEPTH } from '@trackerkit/core';
import type { Express, Request, Response } from 'express';
import type { Config } from '../config/types.ts';
import type { Outbox } from '../delivery/create-outbox.ts';
import {
  ALERTMANAGER_ALERT,
  ALERTMANAGER_SOURCE,
  isAlertmanagerAlert,
  type PostedAlert,
  parsePostableAlerts,
} from '../events/alertmanager-alert.ts';
import type { AlertEvent } from '../events/types.ts';
import { type LabelMatcher, matchesLabel, parseMatcher } from '../router/label-matcher.ts';
import type { RouteMatch } from '../router/types.ts';
import type { Logger } from '../server/logger.ts';
import type { Metrics } from '../server/metrics.ts';
import { readRawBody } from '../server/read-raw-body.ts';
import { compileSilence, formatMatcher } from '../silences/silence.ts';
import { queryList } from '../silences/silences-api.ts';
import type { Store } from '../store/store.ts';
import type { IngestGrouping } from '../store/types.ts';
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
  const firing = readFiring(await ctx.store.firingAlerts(), now);
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

/**
 * Stores one posted alert as an event of source `alertmanager-api`, routed like a tracker's.
 * While an alert with the same labels fires here, a firing one is that alert again (Alertmanager
 * merges them): it keeps its start and, stored under the same key, is a duplicate that notifies
 * nothing. A resolving one ends it; a resolve for an alert not firing here is kept but sent
 * nowhere (Alertmanager sends no resolve for an alert it never notified).
 */
async function ingestPosted(ctx: AlertsApiContext, posted: PostedAlert, firingSince: Map<string, string>) {
  const { event } = posted;
  const fingerprint = event.data.fingerprint;
  const since = firingSince.get(fingerprint);
  if (since !== undefined && posted.firing) event.data.startsAt = since;
  const scope = `alertmanager:${fingerprint}`;
  const episode = since ?? event.data.startsAt;
  const matches = posted.firing || since !== undefined ? await ctx.route(event) : [];
  const result = await ctx.store.ingest({
    source: ALERTMANAGER_SOURCE,
    webhookId: `${fingerprint}:${episode}:${event.data.status}`,
    eventType: ALERTMANAGER_ALERT,
    // A format the receiver defines, routed through the tree (not the catch-all).
    known: true,
    body: JSON.stringify(event),
    matches,
    repeatScope: posted.firing ? scope : null,
    resolves: posted.firing ? null : scope,
    ...(ctx.grouping ? { grouping: ctx.grouping(event, Date.now()) } : {}),
  });
  if (result.duplicate) {
    ctx.metrics.inc('trackerkit_webhooks_duplicates_total', { source: ALERTMANAGER_SOURCE });
    return;
  }
  ctx.metrics.inc('trackerkit_webhooks_received_total', {
    source: ALERTMANAGER_SOURCE,
    type: ALERTMANAGER_ALERT,
  });
  if (result.pending.length > 0) ctx.outbox.offer(result.pending);
  if (result.flushAt !== undefined) ctx.flushAt?.(result.flushAt);
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
    const { alerts, problems } = parsePostableAlerts(body, Date.now());
    if (alerts.length > 0) {
      const firingSince = new Map<string, string>();
      for (const { event } of readFiring(await ctx.store.firingAlerts(), Date.now())) {
        if (isAlertmanagerAlert(event)) firingSince.set(event.data.fingerprint, event.data.startsAt);
      }
      // Together, so one commit takes them all.
      await Promise.all(alerts.map((posted) => ingestPosted(ctx, posted, firingSince)));
    }
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
