import { formatAlert } from '../alerts/format-alert.ts';
import type { Store } from '../store/store.ts';
import type { DeliveryRow } from '../store/types.ts';
import { html, layout, time } from './html.ts';

const LIST_LIMIT = 200;

function tracker(body: string): string {
  try {
    return formatAlert(JSON.parse(body)).trackerName;
  } catch {
    return '(body is not JSON)';
  }
}

/** `/ui/dead-letters`: every dead letter (up to 200, oldest first, as the CLI lists them). */
export async function deadLettersPage(store: Store, flash?: string): Promise<string> {
  const rows = await store.list('dead', LIST_LIMIT);
  const note = flash ? html`<p class="flash" role="status">${flash}</p>` : '';
  const body =
    rows.length === 0
      ? html`${note}<p class="muted">No dead letters.</p>`
      : html`${note}<table><thead><tr><th>ID</th><th>Destination</th><th>Tracker</th><th>Event</th><th>Attempts</th><th>Last error</th><th>Updated</th></tr></thead><tbody>${rows.map(
          (
            d,
          ) => html`<tr data-delivery-id="${d.id}"><td><a href="/ui/dead-letters/${d.id}">${d.id}</a></td><td>${d.destination}</td>
<td>${tracker(d.body)}</td><td><code>${d.eventType}</code></td><td>${d.attempts}</td>
<td>${(d.lastError ?? '-').slice(0, 160)}</td><td class="t">${time(d.updatedAt)}</td></tr>`,
        )}</tbody></table>`;
  return layout('/ui/dead-letters', 'Dead letters', body);
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** `/ui/dead-letters/:id`: the stored body, the last error, and Replay (the CLI's `replay <id>`). */
export function deadLetterPage(d: DeliveryRow): string {
  const fields: Array<[string, unknown]> = [
    ['State', d.state],
    ['Destination', d.destination],
    ['Route', d.route],
    ['Idempotency key', d.idempotencyKey],
    ['Source', d.source],
    ['Webhook-id', d.webhookId],
    ['Event', d.eventType],
    ['Attempts', d.attempts],
    ['Last status', d.lastStatus ?? '-'],
    ['Received', time(d.receivedAt)],
    ['Updated', time(d.updatedAt)],
  ];
  const replay =
    d.state === 'dead'
      ? html`<form method="post" action="/ui/dead-letters/${d.id}/replay"><button type="submit">Replay</button>
<span class="muted">Requeues it with the same idempotency key (as <code>dead-letters replay ${d.id}</code>).</span></form>`
      : html`<p class="muted">Not a dead letter any more (state ${d.state}).</p>`;
  const body = html`<table>${fields.map(([k, v]) => html`<tr><th>${k}</th><td>${v}</td></tr>`)}</table>
<h2>Last error</h2><pre id="last-error">${d.lastError ?? '-'}</pre>
${replay}
<h2>Stored body</h2><pre id="body">${prettyBody(d.body)}</pre>`;
  return layout('/ui/dead-letters', `Dead letter ${d.id}`, body);
}
