import { parseMatchers } from '../router/label-matcher.ts';
import type { MuteWindow, RouteNode } from '../router/types.ts';
import type { RouteInput, TimeIntervalInput } from './config-schema.ts';
import { parseDuration } from './parse-duration.ts';

const arr = <T>(v: T | T[] | undefined): T[] | undefined =>
  v === undefined ? undefined : Array.isArray(v) ? v : [v];

/** Alertmanager's time interval entry → the router's window (the same fields, our names). */
export function toWindow(entry: TimeIntervalInput): MuteWindow {
  const window: MuteWindow = {};
  if (entry.weekdays) window.weekdays = entry.weekdays;
  if (entry.times) window.times = entry.times.map((t) => ({ start: t.start_time, end: t.end_time }));
  if (entry.location) window.timezone = entry.location;
  return window;
}

/** A route's windows: its own inline ones plus those of the named intervals (names checked at load). */
function windows(
  inline: MuteWindow[] | undefined,
  names: string[] | undefined,
  intervals: ReadonlyMap<string, MuteWindow[]>,
): MuteWindow[] | undefined {
  if (inline === undefined && names === undefined) return undefined;
  return [...(inline ?? []), ...(names ?? []).flatMap((name) => intervals.get(name) ?? [])];
}

/**
 * The configuration's snake_case route → the router's RouteNode. `intervals` are the top-level
 * `time_intervals` by name, already turned into windows.
 */
export function normalizeRoute(
  input: RouteInput,
  intervals: ReadonlyMap<string, MuteWindow[]> = new Map(),
): RouteNode {
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
  if (input.group_by !== undefined) node.groupBy = input.group_by;
  if (input.group_wait !== undefined) node.groupWaitMs = parseDuration(input.group_wait);
  if (input.group_interval !== undefined) node.groupIntervalMs = parseDuration(input.group_interval);
  const mute = windows(input.mute_windows, input.mute_time_intervals, intervals);
  if (mute !== undefined) node.muteWindows = mute;
  const active = windows(input.active_windows, input.active_time_intervals, intervals);
  if (active !== undefined) node.activeWindows = active;
  if (input.routes) node.routes = input.routes.map((child) => normalizeRoute(child, intervals));
  return node;
}

/** Every time interval name a route tree refers to, with where. */
export function routeIntervalNames(input: RouteInput, path = 'route'): Array<{ path: string; name: string }> {
  const own = [
    ...(input.mute_time_intervals ?? []).map((name) => ({ path: `${path}.mute_time_intervals`, name })),
    ...(input.active_time_intervals ?? []).map((name) => ({ path: `${path}.active_time_intervals`, name })),
  ];
  return [
    ...own,
    ...(input.routes ?? []).flatMap((child, i) => routeIntervalNames(child, `${path}.routes.${i}`)),
  ];
}

/** Every destination name a route tree refers to, with the path of the node that names it. */
export function routeDestinations(input: RouteInput, path = 'route'): Array<{ path: string; name: string }> {
  const own = (arr(input.destination) ?? []).map((name) => ({ path: `${path}.destination`, name }));
  const children = (input.routes ?? []).flatMap((child, i) =>
    routeDestinations(child, `${path}.routes.${i}`),
  );
  return [...own, ...children];
}
