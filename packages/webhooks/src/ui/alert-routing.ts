// The alerts page's routing column: where the configuration routes an alert and what became of
// it there. Destinations that take group notifications (chat, webhooks: Alertmanager's
// integrations) have no row per alert, and a receiver without integrations has none at all, so
// the routes come from the tree and the rows fill in what each delivery did; an alert firing now
// also shows what holds it now (a silence, an inhibit rule and its source alerts).
import { receiverOf } from '../api/alert-views.ts';
import { isAlertmanagerAlert } from '../events/alertmanager-alert.ts';
import type { AlertEvent } from '../events/types.ts';
import type { RouteMatch } from '../router/types.ts';
import type { InhibitRule } from '../silences/inhibit.ts';
import type { AlertWithDeliveries } from '../store/browse.ts';
import { type CurrentHold, currentHoldReason, type HoldContext, holdReason } from './alert-holds.ts';
import { html, type SafeHtml, stateChip } from './html.ts';

type Delivery = AlertWithDeliveries['deliveries'][number];

function deliveryLine(d: Delivery) {
  return html`<div>route <code>${d.route}</code> → <b>${d.destination}</b> ${stateChip(d.state)}${
    d.state === 'dead' ? html` <a href="/ui/dead-letters/${d.id}">inspect</a>` : ''
  }${d.attempts > 0 ? html` <span class="muted">${d.attempts} attempt(s)${d.lastStatus === null ? '' : `, last ${d.lastStatus}`}</span>` : ''}</div>`;
}

/** A routed destination with no row of its own: its group's notifications carry the alert. */
function groupedLine(route: string, destination: string, held: CurrentHold | undefined, resolve: boolean) {
  const state = held ? (held.inhibitedBy.length > 0 ? 'inhibited' : 'silenced') : 'grouped';
  const note = held
    ? 'held now: not in its group’s notifications'
    : resolve
      ? 'a resolve: in its group’s next notification if the group notified it firing'
      : 'in its group’s notifications';
  return html`<div>route <code>${route}</code> → <b>${destination}</b> ${stateChip(state)} <span class="muted">${note}</span></div>`;
}

export interface RoutingCell {
  /** The routes the configuration gives the event now (the tree, code handlers aside). */
  matches: readonly RouteMatch[];
  holds: HoldContext;
  /** What holds the alert now, when it is firing now and held. */
  current?: CurrentHold;
  rules: readonly InhibitRule[];
}

/** The routing column of one alert row. */
export function routingCell(
  a: AlertWithDeliveries,
  event: AlertEvent | undefined,
  labels: Record<string, string>,
  cell: RoutingCell,
): SafeHtml {
  const shown = new Set<Delivery>();
  const resolve =
    event !== undefined &&
    (event.type === 'tracker.alert.resolved' ||
      (isAlertmanagerAlert(event) && event.data.status === 'resolved'));
  const lines: SafeHtml[] = [];
  for (const match of cell.matches) {
    const here = a.deliveries.filter((d) => d.route === match.path);
    if (match.destinations.length === 0) {
      lines.push(
        html`<div>route <code>${match.path}</code> → <b>${receiverOf(match)}</b> <span class="muted">a receiver without integrations: nothing is sent</span></div>`,
      );
      continue;
    }
    for (const destination of match.destinations) {
      const d = here.find((x) => x.destination === destination);
      if (d) shown.add(d);
      lines.push(d ? deliveryLine(d) : groupedLine(match.path, destination, cell.current, resolve));
    }
  }
  // Rows of routes the tree no longer has (a reload changed it), and code handlers'.
  for (const d of a.deliveries) if (!shown.has(d)) lines.push(deliveryLine(d));
  if (lines.length === 0) return html`<span class="muted">no route matched</span>`;
  // Held deliveries of one alert share their reason: said once, under the routing.
  const heldStates = [
    ...new Set(a.deliveries.map((d) => d.state).filter((st) => st === 'silenced' || st === 'inhibited')),
  ];
  const reasons = heldStates.map((st) => holdReason(st, cell.holds, labels, a.receivedAt, cell.current));
  const now = cell.current ? currentHoldReason(cell.current, cell.rules, new Set(heldStates)) : '';
  return html`${lines}${reasons}${now}`;
}
