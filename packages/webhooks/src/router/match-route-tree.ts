import type { AlertEvent } from '../events/types.ts';
import { isMuted } from './is-muted.ts';
import { alertLabels } from './label-matcher.ts';
import { resolveRouteTree } from './resolve-route-tree.ts';
import type { MuteWindow, ResolvedRoute, RouteGroup, RouteMatch, RouteNode, RouteTree } from './types.ts';

export { GROUP_INTERVAL_MS, GROUP_WAIT_MS } from './resolve-route-tree.ts';

/** The group an alert joins on a route that groups: its group_by labels' values, in order. */
function groupOf(route: ResolvedRoute, labels: Readonly<Record<string, string>>): RouteGroup | undefined {
  if (route.groupBy === undefined) return undefined;
  const all = route.groupBy[0] === '...';
  const values = all
    ? Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    : route.groupBy.map((name): [string, string] => [name, labels[name] ?? '']);
  const present = all ? values : values.filter(([name]) => labels[name] !== undefined);
  return {
    key: JSON.stringify(values),
    labels: Object.fromEntries(present),
    waitMs: route.groupWaitMs,
    intervalMs: route.groupIntervalMs,
  };
}

/** Whether a route itself is silent at `nowMs`: its own windows only, never its parent's. */
export function isRouteMuted(
  route: { muteWindows?: MuteWindow[]; activeWindows?: MuteWindow[] },
  nowMs: number,
): boolean {
  if (isMuted(route.muteWindows, nowMs)) return true;
  return route.activeWindows !== undefined && !isMuted(route.activeWindows, nowMs);
}

/** Alertmanager's Route.Match: the deepest matching routes, depth-first, stopping unless `continue`. */
function walk(
  route: ResolvedRoute,
  event: AlertEvent,
  labels: Readonly<Record<string, string>>,
  found: ResolvedRoute[],
): void {
  const before = found.length;
  for (const child of route.routes) {
    if (!child.matches(event, labels)) continue;
    walk(child, event, labels, found);
    if (!child.continue) break;
  }
  if (found.length === before) found.push(route);
}

function toMatch(route: ResolvedRoute, labels: Readonly<Record<string, string>>, nowMs: number): RouteMatch {
  const match: RouteMatch = {
    path: route.path,
    id: route.id,
    key: route.key,
    destinations: route.destinations,
    repeatIntervalMs: route.repeatIntervalMs,
    muted: isRouteMuted(route, nowMs),
  };
  if (route.receiver !== undefined) match.receiver = route.receiver;
  const group = groupOf(route, labels);
  if (group) match.group = group;
  return match;
}

const isTree = (tree: RouteNode | RouteTree): tree is RouteTree =>
  'byPath' in tree && (tree as RouteTree).byPath instanceof Map;

/**
 * Alertmanager's algorithm (dispatch/route.go): depth-first; the first matching child wins
 * unless it has `continue: true`; a node with no matching child handles the alert itself.
 * Destinations, repeat_interval and the grouping settings inherit (settled once, when the tree is
 * resolved); mute and active windows belong to the route that names them. The root matches
 * every event.
 */
export function matchRouteTree(
  tree: RouteNode | RouteTree,
  event: AlertEvent,
  nowMs: number = Date.now(),
): RouteMatch[] {
  const { root } = isTree(tree) ? tree : resolveRouteTree(tree);
  const labels = alertLabels(event);
  const found: ResolvedRoute[] = [];
  walk(root, event, labels, found);
  return found.map((route) => toMatch(route, labels, nowMs));
}

/** The route a match's `path` names, or undefined when the tree has none (e.g. after a reload). */
export function routeAt(root: RouteNode, path: string): ResolvedRoute | undefined {
  return resolveRouteTree(root).byPath.get(path);
}
