import { setImmediate as nextTurn } from 'node:timers/promises';
import { alertIdentity } from '../alerts/alert-identity.ts';
import { formatAlert } from '../alerts/format-alert.ts';
import { alertStatus, matchesFilter, readFiring } from '../api/alert-views.ts';
import { isAlertmanagerAlert } from '../events/alertmanager-alert.ts';
import type { AlertEvent } from '../events/types.ts';
import { alertLabels, type LabelMatcher, parseMatchers } from '../router/label-matcher.ts';
import type { RouteMatch } from '../router/types.ts';
import { type InhibitRule, inhibitors } from '../silences/inhibit.ts';
import { type CompiledSilence, compileSilence } from '../silences/silence.ts';
import type { AlertWithDeliveries } from '../store/browse.ts';
import type { Store } from '../store/store.ts';
import { type CurrentHold, type HoldContext, labelChips, silenceThisMatchers } from './alert-holds.ts';
import { routingCell } from './alert-routing.ts';
import { html, layout, time } from './html.ts';

const ALERTS_PAGE_SIZE = 25;
/** How many stored alerts one search reads at most before it shows what it found (then "Older →"). */
const SEARCH_SCAN_LIMIT = 5000;
const SCAN_BATCH = 200;

export interface AlertsPageOptions {
  /** The search box: Alertmanager matchers over the alerts' labels (`tracker_id="trk_1", signal=~"Poor|Negative"`). */
  filter?: string;
  /** The running configuration's inhibit rules, to say which held an alert. */
  rules?: readonly InhibitRule[];
  /** The running configuration's routes for an event (without silences and inhibit rules). */
  match?: (event: AlertEvent) => RouteMatch[];
  now?: number;
}

function parse(body: string): AlertEvent | undefined {
  try {
    const event = JSON.parse(body) as AlertEvent;
    return typeof event === 'object' && event !== null ? event : undefined;
  } catch {
    return undefined;
  }
}

function who(event: AlertEvent | undefined) {
  if (!event) return '-';
  if (isAlertmanagerAlert(event)) {
    const name = event.data.labels.alertname ?? '(no alertname)';
    const summary = event.data.annotations.summary;
    return html`${name}${event.data.status === 'resolved' ? html` <span class="muted">resolved</span>` : ''}${summary ? html`<div class="muted">${summary}</div>` : ''}`;
  }
  const s = formatAlert(event);
  return html`${s.trackerName}${s.trackerId ? html` <code class="muted">${s.trackerId}</code>` : ''}`;
}

/** What the rows of one page need beyond the stored alerts: the tree, the holds then and now. */
interface PageContext {
  holds: HoldContext;
  match: (event: AlertEvent) => RouteMatch[];
  /** What holds each alert of the page firing now, by stored alert id (the newest row of each). */
  current: Map<number, CurrentHold>;
  rules: readonly InhibitRule[];
}

function alertRow(a: AlertWithDeliveries, page: PageContext) {
  const event = parse(a.body);
  const labels = event ? alertLabels(event) : {};
  const s = event && !isAlertmanagerAlert(event) ? formatAlert(event) : undefined;
  const signal =
    s && (s.signal !== null || s.score !== null) ? `${s.signal ?? '-'} / ${s.score ?? '-'}` : '-';
  const current = page.current.get(a.id);
  const routing = routingCell(a, event, labels, {
    matches: event ? page.match(event) : [],
    holds: page.holds,
    rules: page.rules,
    ...(current ? { current } : {}),
  });
  const prefill = silenceThisMatchers(labels, !(event && isAlertmanagerAlert(event)));
  const silenceThis =
    prefill === ''
      ? ''
      : html`<form class="inline" method="get" action="/ui/silences"><input type="hidden" name="matchers" value="${prefill}"><button type="submit">Silence this</button></form>`;
  return html`<tr data-alert-id="${a.id}"><td class="t">${time(a.receivedAt)}</td><td><code>${a.eventType}</code><div class="muted">${a.source}</div></td>
<td>${who(event)}${labelChips(labels)}</td><td>${signal}</td><td>${routing}</td><td>${silenceThis}</td></tr>`;
}

/**
 * What holds the page's alerts that fire now (the newest stored row of each firing alert), as
 * `/api/v2/alerts` reports it: the active silences matching it, each inhibit rule through which
 * a firing alert inhibits it and those alerts.
 */
async function currentHolds(
  store: Store,
  alerts: readonly AlertWithDeliveries[],
  rules: readonly InhibitRule[],
  silencesNow: readonly CompiledSilence[],
  now: number,
): Promise<Map<number, CurrentHold>> {
  const out = new Map<number, CurrentHold>();
  if (alerts.length === 0) return out;
  const firing = readFiring(await store.firingAlerts(now), now);
  const byFingerprint = new Map(firing.map((f) => [f.fingerprint, f]));
  const sources = firing.map((f) => ({ labels: f.routing, fingerprint: f.fingerprint, shown: f.labels }));
  const live = silencesNow.filter((x) => x.endsAt > now);
  const seen = new Set<string>();
  for (const a of alerts) {
    const event = parse(a.body);
    const fingerprint = event ? alertIdentity(event, now)?.fingerprint : undefined;
    const alert = fingerprint === undefined ? undefined : byFingerprint.get(fingerprint);
    if (!alert || seen.has(alert.fingerprint)) continue;
    seen.add(alert.fingerprint);
    const status = alertStatus(alert, live, rules, firing, now);
    if (status.state !== 'suppressed') continue;
    out.set(a.id, {
      silencedBy: live.filter((x) => status.silencedBy.includes(x.id)),
      inhibitedBy: rules.flatMap((rule, i) => {
        const found = inhibitors([rule], alert.routing, sources).sources;
        return found.length === 0
          ? []
          : [{ rule: i, sources: found.map((f) => ({ labels: f.shown, fingerprint: f.fingerprint })) }];
      }),
    });
  }
  return out;
}

/** Newest first below `beforeId`; with matchers, read in batches until a page is found or the scan limit. */
async function findAlerts(store: Store, beforeId: number | undefined, matchers: LabelMatcher[] | undefined) {
  if (!matchers) {
    const alerts = await store.browse.recentAlerts(ALERTS_PAGE_SIZE, beforeId);
    const last = alerts.at(-1);
    return {
      alerts,
      scanned: alerts.length,
      nextBefore: alerts.length === ALERTS_PAGE_SIZE ? last?.id : undefined,
    };
  }
  const found: AlertWithDeliveries[] = [];
  let before = beforeId;
  let scanned = 0;
  while (found.length < ALERTS_PAGE_SIZE && scanned < SEARCH_SCAN_LIMIT) {
    // Let the event loop go between batches: on SQLite a batch is read and matched on the
    // receiver's thread, and a whole search (5,000 alerts) held its senders for 40-70 ms.
    if (scanned > 0) await nextTurn();
    const batch = await store.browse.recentAlerts(SCAN_BATCH, before);
    for (const a of batch) {
      scanned++;
      before = a.id;
      const event = parse(a.body);
      if (event && matchesFilter(matchers, alertLabels(event))) found.push(a);
      if (found.length === ALERTS_PAGE_SIZE) break;
    }
    if (batch.length < SCAN_BATCH && found.length < ALERTS_PAGE_SIZE)
      return { alerts: found, scanned, nextBefore: undefined };
  }
  return { alerts: found, scanned, nextBefore: before };
}

/** The search box's matchers, or the error that names what is wrong; undefined when empty. */
export function parseAlertFilter(text: string): { matchers: LabelMatcher[] } | { error: string } | undefined {
  if (text.trim() === '') return undefined;
  try {
    return { matchers: parseMatchers(text.trim()) };
  } catch (e) {
    return { error: `filter: ${(e as Error).message}` };
  }
}

/**
 * `/ui`: recent alerts, newest first, `?before=<id>` for older ones, `?filter=` to search by label
 * matchers (Alertmanager's syntax, read by the route matchers' parser). A bad filter is said on
 * the page (`parseAlertFilter` tells the caller, which answers 400).
 */
export async function alertsPage(
  store: Store,
  beforeId: number | undefined,
  options: AlertsPageOptions = {},
): Promise<string> {
  const filterText = options.filter?.trim() ?? '';
  const parsed = parseAlertFilter(filterText);
  const error = parsed && 'error' in parsed ? parsed.error : undefined;
  const matchers = parsed && 'matchers' in parsed ? parsed.matchers : undefined;
  const search = html`<form method="get" action="/ui" role="search"><label for="filter">Search by label matchers (<code>tracker_id="trk_1"</code>, <code>signal=~"Poor|Negative", bound!="none"</code>)</label>
<input id="filter" name="filter" value="${filterText}"> <button type="submit">Search</button>${filterText ? html` <a href="/ui">Clear</a>` : ''}</form>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}`;
  if (error) return layout('/ui', 'Recent alerts', search);
  const { alerts, scanned, nextBefore } = await findAlerts(store, beforeId, matchers);
  const now = options.now ?? Date.now();
  const rules = options.rules ?? [];
  const allSilences = alerts.length > 0 ? (await store.silences.list()).map(compileSilence) : [];
  const page: PageContext = {
    holds: { silences: allSilences, rules },
    match: options.match ?? (() => []),
    current: await currentHolds(store, alerts, rules, allSilences, now),
    rules,
  };
  const keep = filterText ? `&filter=${encodeURIComponent(filterText)}` : '';
  const older = nextBefore !== undefined ? html`<a href="/ui?before=${nextBefore}${keep}">Older →</a>` : '';
  const newest =
    beforeId === undefined
      ? ''
      : html`<a href="/ui${filterText ? `?filter=${encodeURIComponent(filterText)}` : ''}">← Newest</a> `;
  const note = matchers
    ? html`<p class="muted" role="status">${alerts.length} matching of ${scanned} searched.</p>`
    : '';
  const body =
    alerts.length === 0
      ? html`${search}${note}<p class="muted">No alerts${matchers ? ' match' : beforeId === undefined ? ' yet' : ' older than these'}.</p><p>${newest}${older}</p>`
      : html`${search}${note}<table><thead><tr><th>Received</th><th>Event</th><th>Alert and labels</th><th>Signal / score</th><th>Routing</th><th></th></tr></thead>
<tbody>${alerts.map((a) => alertRow(a, page))}</tbody></table><p>${newest}${older}</p>`;
  return layout('/ui', 'Recent alerts', body);
}
