import { parseMatchers } from '../router/label-matcher.ts';
import type { RouteNode } from '../router/types.ts';
import type { RouteInput } from './config-schema.ts';
import { parseDuration } from './parse-duration.ts';

const arr = <T>(v: T | T[] | undefined): T[] | undefined =>
  v === undefined ? undefined : Array.isArray(v) ? v : [v];

/** The configuration's snake_case route → the router's RouteNode. */
export function normalizeRoute(input: RouteInput): RouteNode {
  const m = input.matchers;
  const node: RouteNode = {};
  if (input.name !== undefined) node.name = input.name;
  if (Array.isArray(m)) {
    node.matchers = { labels: m.flatMap(parseMatchers) };
  } else if (m) {
    node.matchers = {};
    if (m.event) node.matchers.event = arr(m.event)!;
    if (m.tracker_id) node.matchers.trackerId = arr(m.tracker_id)!;
    if (m.tracker_name) node.matchers.trackerName = arr(m.tracker_name)!;
    if (m.space_id) node.matchers.spaceId = arr(m.space_id)!;
    if (m.signal) node.matchers.signal = arr(m.signal)!;
    if (m.score) node.matchers.score = m.score;
    if (m.bound) node.matchers.bound = arr(m.bound)!;
  }
  if (input.destination !== undefined) node.destinations = arr(input.destination)!;
  if (input.continue !== undefined) node.continue = input.continue;
  if (input.repeat_interval !== undefined) node.repeatIntervalMs = parseDuration(input.repeat_interval);
  if (input.mute_windows !== undefined) node.muteWindows = input.mute_windows;
  if (input.active_windows !== undefined) node.activeWindows = input.active_windows;
  if (input.routes) node.routes = input.routes.map(normalizeRoute);
  return node;
}

/** Every destination name a route tree refers to, with the path of the node that names it. */
export function routeDestinations(input: RouteInput, path = 'route'): Array<{ path: string; name: string }> {
  const own = (arr(input.destination) ?? []).map((name) => ({ path: `${path}.destination`, name }));
  const children = (input.routes ?? []).flatMap((child, i) =>
    routeDestinations(child, `${path}.routes.${i}`),
  );
  return [...own, ...children];
}
