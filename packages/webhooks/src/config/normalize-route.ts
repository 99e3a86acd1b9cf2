import { parseDuration } from '../config-common/parse-duration.ts';
import { locationZone } from '../config-common/schema-parts.ts';
import { type LabelMatcher, newMatcher, parseMatchers } from '../router/label-matcher.ts';
import type { MuteWindow, RouteNode } from '../router/types.ts';
import type { RouteInput, TimeIntervalInput } from './config-schema.ts';

const arr = <T>(v: T | T[] | undefined): T[] | undefined =>
  v === undefined ? undefined : Array.isArray(v) ? v : [v];

/** Alertmanager's time interval entry → the router's window (the same fields, our names). */
export function toWindow(entry: TimeIntervalInput): MuteWindow {
  const window: MuteWindow = {};
  if (entry.weekdays) window.weekdays = entry.weekdays;
  if (entry.times) window.times = entry.times.map((t) => ({ start: t.start_time, end: t.end_time }));
  if (entry.location !== undefined) window.timezone = locationZone(entry.location);
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
 * A route's matchers in Alertmanager's order (the deprecated `match`, then `match_re`, then
 * `matchers` strings; sorted later, for its key): one list.
 */
function labelMatchers(input: RouteInput): LabelMatcher[] {
  return [
    ...Object.entries(input.match ?? {}).map(([name, value]) => newMatcher('=', name, value)),
    ...Object.entries(input.match_re ?? {}).map(([name, value]) => newMatcher('=~', name, value)),
    ...(Array.isArray(input.matchers) ? input.matchers.flatMap(parseMatchers) : []),
  ];
}

/**
 * The configuration's snake_case route → the router's RouteNode. `intervals` are the top-level
 * `time_intervals` by name, already turned into windows; `receivers` (a file in Alertmanager's
 * words) each receiver's destinations by its name.
 */
export function normalizeRoute(
  input: RouteInput,
  intervals: ReadonlyMap<string, MuteWindow[]> = new Map(),
  receivers?: ReadonlyMap<string, string[]>,
): RouteNode {
  const m = input.matchers;
  const node: RouteNode = {};
  if (input.name !== undefined) node.name = input.name;
  const labels = labelMatchers(input);
  if (labels.length > 0) node.matchers = { labels };
  if (m && !Array.isArray(m)) {
    node.matchers ??= {};
    if (m.event) node.matchers.event = arr(m.event)!;
    if (m.tracker_id) node.matchers.trackerId = arr(m.tracker_id)!;
    if (m.tracker_name) node.matchers.trackerName = arr(m.tracker_name)!;
    if (m.space_id) node.matchers.spaceId = arr(m.space_id)!;
    if (m.signal) node.matchers.signal = arr(m.signal)!;
    if (m.score) node.matchers.score = m.score;
    if (m.bound) node.matchers.bound = arr(m.bound)!;
  }
  if (input.destination !== undefined) node.destinations = arr(input.destination)!;
  // An empty receiver is none, as Alertmanager reads it: the parent's is inherited.
  if (input.receiver && receivers) {
    node.receiver = input.receiver;
    node.destinations = receivers.get(input.receiver) ?? [];
  }
  if (input.continue !== undefined) node.continue = input.continue;
  if (input.repeat_interval !== undefined) node.repeatIntervalMs = parseDuration(input.repeat_interval);
  if (input.group_by !== undefined) node.groupBy = input.group_by;
  if (input.group_wait !== undefined) node.groupWaitMs = parseDuration(input.group_wait);
  if (input.group_interval !== undefined) node.groupIntervalMs = parseDuration(input.group_interval);
  const mute = windows(input.mute_windows, input.mute_time_intervals, intervals);
  if (mute !== undefined) node.muteWindows = mute;
  const active = windows(input.active_windows, input.active_time_intervals, intervals);
  if (active !== undefined) node.activeWindows = active;
  if (input.routes) node.routes = input.routes.map((child) => normalizeRoute(child, intervals, receivers));
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

/**
 * Every destination name (`destination`) or receiver name (`receiver`) a route tree refers to,
 * with the path of the node that names it.
 */
export function routeDestinations(
  input: RouteInput,
  key: 'destination' | 'receiver' = 'destination',
  path = 'route',
): Array<{ path: string; name: string }> {
  const own = (arr(input[key]) ?? [])
    .filter((name) => key === 'destination' || name !== '')
    .map((name) => ({ path: `${path}.${key}`, name }));
  const children = (input.routes ?? []).flatMap((child, i) =>
    routeDestinations(child, key, `${path}.routes.${i}`),
  );
  return [...own, ...children];
}
