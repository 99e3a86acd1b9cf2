import type { AlertEvent } from '../events/types.ts';
import { isMuted } from './is-muted.ts';
import { matchesAlert } from './matches-alert.ts';
import type { MuteWindow, RouteMatch, RouteNode } from './types.ts';

interface Inherited {
  destinations: string[];
  repeatIntervalMs: number;
  muteWindows: MuteWindow[] | undefined;
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
    muteWindows: node.muteWindows ?? parent.muteWindows,
  };
  const found: RouteMatch[] = [];
  for (const [index, child] of (node.routes ?? []).entries()) {
    if (!matchesAlert(child.matchers, event)) continue;
    found.push(
      ...walk(child, `${path}/${index}${child.name ? `:${child.name}` : ''}`, event, settings, nowMs),
    );
    if (!child.continue) break;
  }
  if (found.length > 0) return found;
  return [
    {
      path,
      destinations: settings.destinations,
      repeatIntervalMs: settings.repeatIntervalMs,
      muted: isMuted(settings.muteWindows, nowMs),
    },
  ];
}

/**
 * Alertmanager's algorithm: depth-first; the first matching child wins unless it has
 * `continue: true`; a node with no matching child handles the alert itself; settings inherit.
 * The root matches every event.
 */
export function matchRouteTree(root: RouteNode, event: AlertEvent, nowMs: number = Date.now()): RouteMatch[] {
  return walk(root, 'root', event, { destinations: [], repeatIntervalMs: 0, muteWindows: undefined }, nowMs);
}
