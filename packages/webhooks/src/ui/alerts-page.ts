import { formatAlert } from '../delivery/format-alert.ts';
import type { AlertWithDeliveries } from '../store/browse.ts';
import type { Store } from '../store/store.ts';
import { html, layout, stateChip, time } from './html.ts';

export const ALERTS_PAGE_SIZE = 25;

function summary(body: string) {
  try {
    return formatAlert(JSON.parse(body));
  } catch {
    return undefined;
  }
}

function alertRow(a: AlertWithDeliveries) {
  const s = summary(a.body);
  const tracker = s
    ? html`${s.trackerName}${s.trackerId ? html` <code class="muted">${s.trackerId}</code>` : ''}`
    : '-';
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
  return html`<tr data-alert-id="${a.id}"><td class="t">${time(a.receivedAt)}</td><td><code>${a.eventType}</code><div class="muted">${a.source}</div></td>
<td>${tracker}</td><td>${signal}</td><td>${routing}</td></tr>`;
}

/** `/ui`: recent alerts, newest first, `?before=<id>` for older ones. */
export async function alertsPage(store: Store, beforeId: number | undefined): Promise<string> {
  const alerts = await store.browse.recentAlerts(ALERTS_PAGE_SIZE, beforeId);
  const last = alerts.at(-1);
  const older =
    alerts.length === ALERTS_PAGE_SIZE && last ? html`<a href="/ui?before=${last.id}">Older →</a>` : '';
  const newest = beforeId === undefined ? '' : html`<a href="/ui">← Newest</a> `;
  const body =
    alerts.length === 0
      ? html`<p class="muted">No alerts${beforeId === undefined ? ' yet' : ' older than these'}.</p>${newest}`
      : html`<table><thead><tr><th>Received</th><th>Event</th><th>Tracker</th><th>Signal / score</th><th>Routing</th></tr></thead>
<tbody>${alerts.map(alertRow)}</tbody></table><p>${newest}${older}</p>`;
  return layout('/ui', 'Recent alerts', body);
}
