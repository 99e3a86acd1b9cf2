import { setImmediate as nextTurn } from 'node:timers/promises';
import { matchesFilter } from '../api/alert-views.ts';
import { formatAlert } from '../delivery/format-alert.ts';
import { isAlertmanagerAlert } from '../events/alertmanager-alert.ts';
import type { AlertEvent } from '../events/types.ts';
import { alertLabels, type LabelMatcher, parseMatchers } from '../router/label-matcher.ts';
import type { InhibitRule } from '../silences/inhibit.ts';
import { compileSilence } from '../silences/silence.ts';
import type { AlertWithDeliveries } from '../store/browse.ts';
import type { Store } from '../store/store.ts';
import { type HoldContext, holdReason, labelChips, silenceThisMatchers } from './alert-holds.ts';
import { html, layout, stateChip, time } from './html.ts';

const ALERTS_PAGE_SIZE = 25;
/** How many stored alerts one search reads at most before it shows what it found (then "Older →"). */
const SEARCH_SCAN_LIMIT = 5000;
const SCAN_BATCH = 200;

export interface AlertsPageOptions {
  /** The search box: Alertmanager matchers over the alerts' labels (`tracker_id="trk_1", signal=~"Poor|Negative"`). */
  filter?: string;
  /** The running configuration's inhibit rules, to say which held an alert. */
  rules?: readonly InhibitRule[];
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

function alertRow(a: AlertWithDeliveries, holds: HoldContext) {
  const event = parse(a.body);
  const labels = event ? alertLabels(event) : {};
  const s = event && !isAlertmanagerAlert(event) ? formatAlert(event) : undefined;
  const signal =
    s && (s.signal !== null || s.score !== null) ? `${s.signal ?? '-'} / ${s.score ?? '-'}` : '-';
  const routing =
    a.deliveries.length === 0
      ? html`<span class="muted">no route matched</span>`
      : a.deliveries.map(
          (d) =>
            html`<div>route <code>${d.route}</code> → <b>${d.destination}</b> ${stateChip(d.state)}${
              d.state === 'dead' ? html` <a href="/ui/dead-letters/${d.id}">inspect</a>` : ''
            }${d.attempts > 0 ? html` <span class="muted">${d.attempts} attempt(s)${d.lastStatus === null ? '' : `, last ${d.lastStatus}`}</span>` : ''}</div>`,
        );
  // Held deliveries of one alert share their reason: said once, under the routing.
  const heldStates = [
    ...new Set(a.deliveries.map((d) => d.state).filter((st) => st === 'silenced' || st === 'inhibited')),
  ];
  const reasons = heldStates.map((st) => holdReason(st, holds, labels, a.receivedAt));
  const prefill = silenceThisMatchers(labels, !(event && isAlertmanagerAlert(event)));
  const silenceThis =
    prefill === ''
      ? ''
      : html`<form class="inline" method="get" action="/ui/silences"><input type="hidden" name="matchers" value="${prefill}"><button type="submit">Silence this</button></form>`;
  return html`<tr data-alert-id="${a.id}"><td class="t">${time(a.receivedAt)}</td><td><code>${a.eventType}</code><div class="muted">${a.source}</div></td>
<td>${who(event)}${labelChips(labels)}</td><td>${signal}</td><td>${routing}${reasons}</td><td>${silenceThis}</td></tr>`;
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
  const holds: HoldContext = {
    silences: alerts.some((a) => a.deliveries.some((d) => d.state === 'silenced'))
      ? (await store.silences.list()).map(compileSilence)
      : [],
    rules: options.rules ?? [],
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
<tbody>${alerts.map((a) => alertRow(a, holds))}</tbody></table><p>${newest}${older}</p>`;
  return layout('/ui', 'Recent alerts', body);
}
