// The receiver's firing alerts as Alertmanager's API v2 shows them (gettableAlert, alertGroup),
// and Alertmanager's filters over them. Pure: the handlers read the store and route, these shape.
import { type AlertIdentity, alertIdentity } from '../alerts/alert-identity.ts';
import { compareAlerts, compareGo, labelSetBefore } from '../alerts/alertmanager-payload.ts';
import { CODE_HANDLERS } from '../delivery/destinations/code-handlers.ts';
import { RESOLVE_TIMEOUT_MS } from '../events/alertmanager-alert.ts';
import type { AlertEvent } from '../events/types.ts';
import { type LabelMatcher, matchesLabel } from '../router/label-matcher.ts';
import type { RouteMatch } from '../router/types.ts';
import { type InhibitRule, inhibitors } from '../silences/inhibit.ts';
import { type CompiledSilence, silences } from '../silences/silence.ts';

type Labels = Record<string, string>;

/**
 * A stored alert still firing: a tracker's latest `tracker.alert`, or an alert posted to
 * /api/v2/alerts. It shows as the delivery side identifies it (`alertIdentity`: the labels,
 * annotations and fingerprint of the webhook payload and the alertmanager destination); routes,
 * silences and inhibit rules see its routing labels (`alertLabels`, the same for a posted alert).
 */
export interface FiringAlert {
  event: AlertEvent;
  identity: AlertIdentity;
  /** What routes, silences and inhibit rules see. */
  routing: Labels;
  /** The identity's labels: what the API shows and filters on. */
  labels: Labels;
  fingerprint: string;
}

export interface AlertStatus {
  /** Alertmanager's states; `unprocessed` never shows: an alert is routed before it is stored. */
  state: 'active' | 'suppressed';
  silencedBy: string[];
  inhibitedBy: string[];
}

/** Alertmanager's gettableAlert. */
export interface GettableAlert {
  labels: Labels;
  annotations: Labels;
  startsAt: string;
  endsAt: string;
  updatedAt: string;
  generatorURL?: string;
  fingerprint: string;
  receivers: Array<{ name: string }>;
  status: AlertStatus;
}

/** Alertmanager's alertGroup. */
export interface AlertGroup {
  labels: Labels;
  receiver: { name: string };
  alerts: GettableAlert[];
}

/** The store's firing bodies, read; a body that is not an alert of its own is left out. */
export function readFiring(bodies: readonly string[], now: number): FiringAlert[] {
  return bodies.flatMap((body) => {
    let event: AlertEvent;
    try {
      event = JSON.parse(body) as AlertEvent;
    } catch {
      return [];
    }
    if (typeof event !== 'object' || event === null) return [];
    const identity = alertIdentity(event, now);
    if (!identity) return [];
    return [
      {
        event,
        identity,
        routing: identity.routing,
        labels: identity.labels,
        fingerprint: identity.fingerprint,
      },
    ];
  });
}

/**
 * Why an alert is held now, as Alertmanager reports it: the ids of the active silences that
 * match it, and the fingerprints of the firing alerts that inhibit it.
 */
export function alertStatus(
  alert: FiringAlert,
  live: readonly CompiledSilence[],
  rules: readonly InhibitRule[],
  firing: readonly FiringAlert[],
  now: number,
): AlertStatus {
  const silencedBy = live.filter((s) => silences(s, alert.routing, now)).map((s) => s.id);
  const sources = firing.map((f) => ({ labels: f.routing, fingerprint: f.fingerprint }));
  const inhibitedBy = inhibitors(rules, alert.routing, sources).sources.map((s) => s.fingerprint);
  const held = silencedBy.length > 0 || inhibitedBy.length > 0;
  return { state: held ? 'suppressed' : 'active', silencedBy, inhibitedBy };
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The alert in Alertmanager's shape. A firing alert here fires until it is resolved (it does not
 * time out), so its end is reported as the one it was posted with while that is ahead, else as
 * Alertmanager reports an alert posted without one: now plus the default resolve_timeout.
 */
export function gettableAlert(
  alert: FiringAlert,
  status: AlertStatus,
  receivers: readonly string[],
  now: number,
): GettableAlert {
  const id = alert.identity;
  const updated = Date.parse(typeof alert.event.timestamp === 'string' ? alert.event.timestamp : '');
  return {
    labels: id.labels,
    annotations: id.annotations,
    startsAt: iso(id.startsAt),
    endsAt: iso(id.endsAt !== null && id.endsAt > now ? id.endsAt : now + RESOLVE_TIMEOUT_MS),
    updatedAt: iso(Number.isNaN(updated) ? id.startsAt : updated),
    ...(id.generatorURL ? { generatorURL: id.generatorURL } : {}),
    fingerprint: id.fingerprint,
    receivers: receivers.map((name) => ({ name })),
    status,
  };
}

/** The matches of the configuration's routes (code handlers are no receiver). */
function routedMatches(matches: readonly RouteMatch[]): RouteMatch[] {
  return matches.filter((m) => !(m.destinations.length === 1 && m.destinations[0] === CODE_HANDLERS));
}

/**
 * A route's receiver as Alertmanager names it: the `receiver` it names (a file in Alertmanager's
 * words, a receiver without integrations included); in the earlier words, its destination, or
 * its destinations joined by commas (one receiver per route, as Alertmanager has).
 */
export function receiverOf(match: Pick<RouteMatch, 'receiver' | 'destinations'>): string {
  return match.receiver ?? match.destinations.join(',');
}

/**
 * Alertmanager's `receivers` of an alert: each matched route's receiver, in the order the routes
 * matched, a receiver repeated when two routes (`continue`) name it.
 */
export function receiversOf(matches: readonly RouteMatch[]): string[] {
  return routedMatches(matches).map(receiverOf);
}

/**
 * Alertmanager's `filter` over an alert's labels (`matchFilterLabels`): as a silence's matchers,
 * except that `name=""` (or `=~""`) also passes when the label is absent and `name!=""` (or
 * `!~""`) when it is present.
 */
export function matchesFilter(matchers: readonly LabelMatcher[], labels: Labels): boolean {
  return matchers.every((m) => {
    const present = Object.hasOwn(labels, m.name);
    const negative = m.op === '!=' || m.op === '!~';
    if (m.value === '' && present === negative) return true;
    return matchesLabel(m, labels[m.name]);
  });
}

export interface StateFilter {
  active: boolean;
  silenced: boolean;
  inhibited: boolean;
}

/** Alertmanager's `active`, `silenced` and `inhibited` parameters (each default true). */
export function passesState(status: AlertStatus, filter: StateFilter): boolean {
  if (!filter.active && status.state === 'active') return false;
  if (!filter.silenced && status.silencedBy.length > 0) return false;
  if (!filter.inhibited && status.inhibitedBy.length > 0) return false;
  return true;
}

/**
 * A match's group labels: the values of its route's `group_by` labels the alert has (an absent
 * label is no group label, as in Alertmanager); none for a route that does not group.
 */
export function groupLabels(match: RouteMatch): Labels {
  if (!match.group) return {};
  let pairs: unknown;
  try {
    pairs = JSON.parse(match.group.key);
  } catch {
    return {};
  }
  if (!Array.isArray(pairs)) return {};
  const out: Labels = {};
  for (const pair of pairs) {
    if (Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string' && pair[1] !== '')
      out[pair[0]] = pair[1];
  }
  return out;
}

/**
 * Alertmanager's `/alerts/groups` (its dispatcher's `Groups`): one group per route and group
 * labels, named by the route's receiver (a receiver without integrations has groups too); groups
 * in Prometheus' label set order, then by receiver; alerts in Alertmanager's order (`job`,
 * `instance`, labels). `keepRoute` is the `receiver` parameter's regex over a route's receiver:
 * an alert lists the receivers of the groups kept, sorted, as Alertmanager lists them there.
 */
export function alertGroups(
  entries: ReadonlyArray<{ alert: GettableAlert; matches: readonly RouteMatch[] }>,
  keepRoute: (receiver: string) => boolean = () => true,
): AlertGroup[] {
  const groups = new Map<string, { group: AlertGroup; seen: Set<string> }>();
  const receivers = new Map<string, string[]>();
  for (const { alert, matches } of entries) {
    for (const match of routedMatches(matches)) {
      const receiver = receiverOf(match);
      if (!keepRoute(receiver)) continue;
      const labels = groupLabels(match);
      const key = JSON.stringify([match.path, Object.entries(labels).sort(([a], [b]) => compareGo(a, b))]);
      let entry = groups.get(key);
      if (!entry) {
        entry = { group: { labels, receiver: { name: receiver }, alerts: [] }, seen: new Set() };
        groups.set(key, entry);
      }
      if (entry.seen.has(alert.fingerprint)) continue;
      entry.seen.add(alert.fingerprint);
      entry.group.alerts.push(alert);
      const listed = receivers.get(alert.fingerprint);
      if (listed) listed.push(receiver);
      else receivers.set(alert.fingerprint, [receiver]);
    }
  }
  const named = new Map(
    [...receivers].map(([fingerprint, names]) => [
      fingerprint,
      names.sort(compareGo).map((name) => ({ name })),
    ]),
  );
  const out = [...groups.values()].map(({ group }) => ({
    ...group,
    alerts: group.alerts.map((a) => ({ ...a, receivers: named.get(a.fingerprint)! })).sort(compareAlerts),
  }));
  return out.sort((a, b) => {
    if (labelSetBefore(a.labels, b.labels)) return -1;
    if (labelSetBefore(b.labels, a.labels)) return 1;
    return compareGo(a.receiver.name, b.receiver.name);
  });
}
