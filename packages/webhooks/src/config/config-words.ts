// A configuration is written in one of two sets of words: Alertmanager's (`receivers`, a route's
// `receiver`), which operators know and `alertmanager.yml` uses, or this package's earlier ones
// (`destinations`, a route's `destination`). One file uses one set; mixing them is refused, naming
// the key, since a reader could not tell which list a name belongs to.

import { AM_DURATION } from '../config-common/parse-duration.ts';
import type { ParsedConfig, RouteInput } from './config-schema.ts';

export type Words = 'alertmanager' | 'trackerkit';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every route of a raw tree with its path (`route`, `route.routes.0`, ...). */
function routes(raw: unknown, path = 'route'): Array<{ path: string; route: Record<string, unknown> }> {
  if (!isObject(raw)) return [];
  const children = Array.isArray(raw.routes) ? raw.routes : [];
  return [{ path, route: raw }, ...children.flatMap((child, i) => routes(child, `${path}.routes.${i}`))];
}

/**
 * The file's words, and a problem for each key of the other set. `receivers` or `destinations`
 * at the top decides (Alertmanager's when both are there: the other is the mistake); without
 * either, the root route's `receiver` or `destination`; without that, Alertmanager's.
 */
export function configWords(raw: unknown): { words: Words; problems: string[] } {
  const top = isObject(raw) ? raw : {};
  const tree = routes(top.route);
  const root = tree[0]?.route ?? {};
  const words: Words =
    'receivers' in top
      ? 'alertmanager'
      : 'destinations' in top
        ? 'trackerkit'
        : 'destination' in root && !('receiver' in root)
          ? 'trackerkit'
          : 'alertmanager';
  const problems: string[] = [];
  const [ours, theirs] =
    words === 'alertmanager'
      ? [
          { list: 'receivers', key: 'receiver' },
          { list: 'destinations', key: 'destination' },
        ]
      : [
          { list: 'destinations', key: 'destination' },
          { list: 'receivers', key: 'receiver' },
        ];
  const mixed = (path: string, instead: string) =>
    `${path}: this file names ${ours.list} (a route's ${ours.key}); write ${instead} here, or use ${theirs.list} and ${theirs.key} throughout, not both`;
  if (theirs.list in top) problems.push(mixed(theirs.list, ours.list));
  for (const { path, route } of tree) {
    if (theirs.key in route) problems.push(mixed(`${path}.${theirs.key}`, ours.key));
  }
  return { words, problems };
}

/**
 * Alertmanager reads a key set to nothing (`inhibit_rules:`) as absent: in its words, so does the
 * receiver.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const isZero = (d: number | string | undefined) =>
  d !== undefined && (d === 0 || /^0+(ms|s|m|h|d|w|y)?$/.test(String(d)));

/** Alertmanager's duration syntax only (Prometheus' model.Duration): no fractions, no bare numbers. */
function durationProblem(value: number | string | undefined, path: string): string[] {
  if (value === undefined || (typeof value === 'string' && AM_DURATION.test(value))) return [];
  return [
    `${path}: not a valid duration string: ${JSON.stringify(String(value))} (Alertmanager's: 90s, 1h30m, 2d)`,
  ];
}

function routeRules(route: RouteInput, path: string, root: boolean): string[] {
  const problems: string[] = [
    ...durationProblem(route.group_wait, `${path}.group_wait`),
    ...durationProblem(route.group_interval, `${path}.group_interval`),
    ...durationProblem(route.repeat_interval, `${path}.repeat_interval`),
  ];
  if (isZero(route.group_interval)) problems.push(`${path}.group_interval: group_interval cannot be zero`);
  if (isZero(route.repeat_interval)) problems.push(`${path}.repeat_interval: repeat_interval cannot be zero`);
  if (root) {
    if (!route.receiver) problems.push(`${path}.receiver: root route must specify a default receiver`);
    if (route.continue) problems.push(`${path}.continue: cannot have continue in root route`);
    if (route.mute_time_intervals?.length)
      problems.push(`${path}.mute_time_intervals: root route must not have any mute time intervals`);
    if (route.active_time_intervals?.length)
      problems.push(`${path}.active_time_intervals: root route must not have any active time intervals`);
  }
  return [
    ...problems,
    ...(route.routes ?? []).flatMap((child, i) => routeRules(child, `${path}.routes.${i}`, false)),
  ];
}

/**
 * What Alertmanager refuses beyond the shape of its file, for a file in its words: its root
 * route's rules, zero intervals, and its time intervals' order (a weekday range runs forwards
 * from sunday, so `saturday:sunday` is refused; a time range ends after it starts).
 */
export function alertmanagerRules(c: ParsedConfig): string[] {
  const problems = [
    ...routeRules(c.route, 'route', true),
    ...durationProblem(c.global?.resolve_timeout, 'global.resolve_timeout'),
  ];
  for (const key of ['time_intervals', 'mute_time_intervals'] as const) {
    (c[key] ?? []).forEach((named, i) => {
      (named.time_intervals ?? []).forEach((t, j) => {
        const at = `${key}.${i}.time_intervals.${j}`;
        (t.weekdays ?? []).forEach((spec, k) => {
          const [from, to] = spec.toLowerCase().split(':');
          if (to !== undefined && DAYS.indexOf(from!) > DAYS.indexOf(to))
            problems.push(
              `${at}.weekdays.${k}: start day cannot be before end day (weeks run sunday to saturday)`,
            );
        });
        (t.times ?? []).forEach((range, k) => {
          if (minuteOf(range.start_time) >= minuteOf(range.end_time))
            problems.push(`${at}.times.${k}: start time cannot be equal or greater than end time`);
        });
      });
    });
  }
  return problems;
}
