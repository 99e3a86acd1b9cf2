import type { AlertEvent } from '../events/types.ts';
import { isMuted } from './is-muted.ts';
import { alertLabels } from './label-matcher.ts';
import { matchesAlert } from './matches-alert.ts';
import type { RouteGroup, RouteMatch, RouteNode } from './types.ts';

interface Inherited {
  destinations: string[];
  repeatIntervalMs: number;
  groupBy: string[] | undefined;
  groupWaitMs: number;
  groupIntervalMs: number;
}

/** Alertmanager's defaults. */
export const GROUP_WAIT_MS = 30_000;
export const GROUP_INTERVAL_MS = 300_000;

/** The group an alert joins on a route that groups: its group_by labels' values, in order. */
function groupOf(settings: Inherited, event: AlertEvent): RouteGroup | undefined {
  if (settings.groupBy === undefined) return undefined;
  const labels = alertLabels(event);
  const values =
    settings.groupBy[0] === '...'
      ? Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      : settings.groupBy.map((name) => [name, labels[name] ?? '']);
  return { key: JSON.stringify(values), waitMs: settings.groupWaitMs, intervalMs: settings.groupIntervalMs };
}

/** Whether a route itself is silent at `nowMs`: its own windows only, never its parent's. */
export function isRouteMuted(node: RouteNode, nowMs: number): boolean {
  if (isMuted(node.muteWindows, nowMs)) return true;
  return node.activeWindows !== undefined && !isMuted(node.activeWindows, nowMs);
}

function walk(
  node: RouteNode,
  path: string,
  event: AlertEvent,
  parent: Inherited,
  nowMs: number,
): RouteMatch[] {
  const settings: Inherited = {
    destinations: node.destinations ?? parent.destinations,
    repeatIntervalMs: node.repeatIntervalMs ?? parent.repeatIntervalMs,
    groupBy: node.groupBy ?? parent.groupBy,
    groupWaitMs: node.groupWaitMs ?? parent.groupWaitMs,
    groupIntervalMs: node.groupIntervalMs ?? parent.groupIntervalMs,
  };
  const found: RouteMatch[] = [];
  for (const [index, child] of (node.routes ?? []).entries()) {
    if (!matchesAlert(child.matchers, event)) continue;
    found.push(...walk(child, childPath(path, index, child), event, settings, nowMs));
    if (!child.continue) break;
  }
  if (found.length > 0) return found;
  const match: RouteMatch = {
    path,
    destinations: settings.destinations,
    repeatIntervalMs: settings.repeatIntervalMs,
    muted: isRouteMuted(node, nowMs),
  };
  const group = groupOf(settings, event);
  if (group) match.group = group;
  return [match];
}

function childPath(path: string, index: number, child: RouteNode): string {
  return `${path}/${index}${child.name ? `:${child.name}` : ''}`;
}

/**
 * Alertmanager's algorithm (dispatch/route.go): depth-first; the first matching child wins
 * unless it has `continue: true`; a node with no matching child handles the alert itself.
 * Destinations, repeat_interval and the grouping settings inherit; mute and active windows belong to the route that
 * names them (Alertmanager sets them from the route itself, never from its parent). The root
 * matches every event.
 */
export function matchRouteTree(root: RouteNode, event: AlertEvent, nowMs: number = Date.now()): RouteMatch[] {
  return walk(
    root,
    'root',
    event,
    {
      destinations: [],
      repeatIntervalMs: 0,
      groupBy: undefined,
      groupWaitMs: GROUP_WAIT_MS,
      groupIntervalMs: GROUP_INTERVAL_MS,
    },
    nowMs,
  );
}

/** The node a match's `path` names, or undefined when the tree has none (e.g. after a reload). */
export function routeAt(root: RouteNode, path: string): RouteNode | undefined {
  const [head, ...steps] = path.split('/');
  if (head !== 'root') return undefined;
  let node: RouteNode | undefined = root;
  for (const step of steps) {
    const index = Number.parseInt(step, 10);
    const child: RouteNode | undefined = node?.routes?.[index];
    if (!child || childPath('', index, child) !== `/${step}`) return undefined;
    node = child;
  }
  return node;
}
