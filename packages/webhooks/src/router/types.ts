import type { Signal } from '@trackerkit/core';
import type { AlertEvent } from '../events/types.ts';
import type { LabelMatcher } from './label-matcher.ts';

/** A list matches when any entry matches; a missing matcher matches everything. */
export interface RouteMatchers {
  event?: string[];
  trackerId?: string[];
  /** Globs: `*` any run of characters, `?` one character; case-sensitive. */
  trackerName?: string[];
  spaceId?: string[];
  signal?: Signal[];
  /** Inclusive score range. */
  score?: { min?: number; max?: number };
  /** The bound crossed; `none` matches alerts with `bound: null` (signal_level rule, resolved events). */
  bound?: Array<'lower' | 'upper' | 'none'>;
  /** Alertmanager's `matchers` strings, all of which must hold, over `alertLabels(event)`. */
  labels?: LabelMatcher[];
}

export interface MuteWindow {
  /** `monday`..`sunday`, or ranges such as `monday:friday`. Empty means every day. */
  weekdays?: string[];
  /** `HH:MM` to `HH:MM`; a range past midnight wraps. Empty means all day. */
  times?: Array<{ start: string; end: string }>;
  /** IANA time zone, default UTC. */
  timezone?: string;
}

export interface RouteNode {
  name?: string;
  matchers?: RouteMatchers;
  /** Destination names; inherited from the parent when absent. */
  destinations?: string[];
  /**
   * Alertmanager's `receiver` this route names (a configuration in Alertmanager's words): its
   * integrations are `destinations`. Inherited with them.
   */
  receiver?: string;
  continue?: boolean;
  /**
   * While a tracker fires through this route (from `tracker.alert` until its
   * `tracker.alert.resolved`), its latest alert is sent again every this many ms; 0 never.
   * Inherited.
   */
  repeatIntervalMs?: number;
  /**
   * Alertmanager's `group_by`: alerts with the same values of these labels on this route are one
   * group, notified together. `['...']` groups by every label. Inherited; absent means no grouping
   * (each alert is sent at once, as `['...']` with a group_wait of 0 would).
   */
  groupBy?: string[];
  /** How long a new group waits for more alerts before its first notification. Inherited; default 30 s. */
  groupWaitMs?: number;
  /** How long after a group's notification the next one (with the alerts added since) goes. Inherited; default 5 min. */
  groupIntervalMs?: number;
  /** This route sends nothing inside these windows. Not inherited (as Alertmanager's `mute_time_intervals`). */
  muteWindows?: MuteWindow[];
  /** This route sends nothing outside these windows. Not inherited (as Alertmanager's `active_time_intervals`). */
  activeWindows?: MuteWindow[];
  routes?: RouteNode[];
}

export interface RouteGroup {
  /** The group_by labels' values (JSON): with the match's path, the group's identity. */
  key: string;
  /**
   * Alertmanager's group labels: the alert's labels named by `group_by` (all of them for `...`);
   * a label the alert lacks is left out, as Alertmanager leaves it out.
   */
  labels?: Record<string, string>;
  waitMs: number;
  intervalMs: number;
}

export interface RouteMatch {
  /** The matched node's path in the tree, e.g. `root/0:pager`: the repeat-interval scope. */
  path: string;
  /** Alertmanager's `Route.ID()` of the matched node (`{}/{signal="Poor"}/0`); set by the route tree. */
  id?: string;
  /** Alertmanager's `Route.Key()` (`{}/{signal="Poor"}`): the route part of a group key. */
  key?: string;
  /** The route's Alertmanager receiver, when the configuration names receivers. */
  receiver?: string;
  /** Destination names this match delivers to. */
  destinations: string[];
  repeatIntervalMs: number;
  muted: boolean;
  /** Set when the route groups: the group this alert joins and its timing. */
  group?: RouteGroup;
  /** Held by a silence or an inhibit rule: stored as that state, not sent. */
  held?: 'silenced' | 'inhibited';
}

/**
 * A route with everything Alertmanager's NewRoute settles at load: the options it inherits, its
 * matchers compiled, its identifiers. Matching tests `matches` and walks `routes`, nothing more.
 */
export interface ResolvedRoute {
  /** Unique in the tree (`root`, `root/0:pager`): the store's route of a delivery and of a group. */
  path: string;
  /** Alertmanager's `Route.ID()`: its Key() and its position among its siblings. */
  id: string;
  /** Alertmanager's `Route.Key()`: the parent's key, `/`, its own matchers (sorted) as a string. */
  key: string;
  name?: string;
  /** Whether an alert with these labels satisfies this route's own matchers. */
  matches(event: AlertEvent, labels: Readonly<Record<string, string>>): boolean;
  continue: boolean;
  receiver?: string;
  destinations: string[];
  repeatIntervalMs: number;
  groupBy: string[] | undefined;
  groupWaitMs: number;
  groupIntervalMs: number;
  /** Its own windows only (never inherited, as Alertmanager's time intervals). */
  muteWindows?: MuteWindow[];
  activeWindows?: MuteWindow[];
  routes: ResolvedRoute[];
}

/** A tree resolved once: its root and every route by path. */
export interface RouteTree {
  root: ResolvedRoute;
  byPath: ReadonlyMap<string, ResolvedRoute>;
}
