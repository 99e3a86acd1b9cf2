import type { Signal } from '@trackerkit/core';
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
  waitMs: number;
  intervalMs: number;
}

export interface RouteMatch {
  /** The matched node's path in the tree, e.g. `root/0:pager`: the repeat-interval scope. */
  path: string;
  /** Destination names this match delivers to. */
  destinations: string[];
  repeatIntervalMs: number;
  muted: boolean;
  /** Set when the route groups: the group this alert joins and its timing. */
  group?: RouteGroup;
  /** Held by a silence or an inhibit rule: stored as that state, not sent. */
  held?: 'silenced' | 'inhibited';
}
