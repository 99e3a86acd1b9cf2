import type { Config } from '../config/types.ts';
import type { Outbox } from '../delivery/create-outbox.ts';
import type { Store } from '../store/store.ts';
import { html, layout, stateChip } from './html.ts';

const STATES = ['pending', 'delivered', 'dead', 'muted', 'suppressed', 'silenced', 'inhibited'] as const;

/** `/ui/destinations`: outbox rows per destination and state, and each breaker. */
export async function destinationsPage(store: Store, config: Config, outbox: Outbox): Promise<string> {
  const counts = new Map<string, Map<string, number>>();
  for (const c of config.destinations) counts.set(c.name, new Map());
  for (const row of await store.browse.destinationCounts()) {
    const m = counts.get(row.destination) ?? new Map<string, number>();
    m.set(row.state, row.count);
    counts.set(row.destination, m);
  }
  const types = new Map(config.destinations.map((d) => [d.name, d.type]));
  const rows = [...counts].map(([name, byState]) => {
    const breaker = outbox.breakerState(name);
    return html`<tr data-destination="${name}"><td><b>${name}</b></td><td>${types.get(name) ?? html`<span class="muted">not configured</span>`}</td>
<td>${breaker ? stateChip(breaker) : '-'}</td>${STATES.map((s) => html`<td data-state="${s}">${byState.get(s) ?? 0}</td>`)}</tr>`;
  });
  const body = html`<table><thead><tr><th>Destination</th><th>Type</th><th>Breaker</th>${STATES.map(
    (s) => html`<th>${s}</th>`,
  )}</tr></thead><tbody>${rows}</tbody></table>`;
  return layout('/ui/destinations', 'Destinations', body);
}
