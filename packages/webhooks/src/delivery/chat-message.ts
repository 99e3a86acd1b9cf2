// What the chat destinations (Slack, Teams, Discord, ntfy, e-mail) share: text from the service
// made inert before each platform's own escaping, links the receiver adds made unbreakable, a
// group notification as one line per alert, and posts packed as full as the platform allows.

import type { GroupNotification } from '../alerts/alertmanager-payload.ts';
import { type AlertSummary, truncate } from '../alerts/format-alert.ts';
import { inertText } from '../alerts/inert-text.ts';
import { encodeLink, MAX_LINK_CHARS, offeredLink } from '../alerts/run-link.ts';
import { wellFormed } from '../alerts/wire-json.ts';
import { WebhooksError } from '../errors.ts';
import { alertLine, formatGroup } from './format-group.ts';
import type { DeliveryJob, DeliveryOutcome } from './types.ts';

/**
 * Text from the service, defused for every platform: `inertText` (no reader finds a link or a
 * mention in it, controls dropped). Each platform's escaping function runs on top of this.
 */
export function defuse(text: string): string {
  return inertText(text);
}

/** Alertmanager's matcher value quoting: what the `/ui` search box reads back. */
const quote = (value: string) =>
  `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/**
 * The receiver's page for a group's alerts (`/ui` searched by the group's labels), or null when
 * the receiver's public URL is unknown or the labels make it longer than MAX_LINK_CHARS.
 */
export function groupLink(notification: GroupNotification, externalURL: string): string | null {
  if (!externalURL) return null;
  const labels = Object.entries(notification.groupLabels);
  // Labels longer than any link are not encoded at all.
  if (labels.reduce((sum, [name, value]) => sum + name.length + value.length, 0) > MAX_LINK_CHARS)
    return null;
  // encodeURIComponent throws on a lone surrogate.
  const filter = labels.map(([name, value]) => `${wellFormed(name)}=${quote(wellFormed(value))}`).join(', ');
  const base = externalURL.replace(/\/+$/, '');
  return offeredLink(encodeLink(`${base}/ui${filter ? `?filter=${encodeURIComponent(filter)}` : ''}`));
}

export interface ChatGroup {
  /** The count and the first trackers (formatGroup's title), as text from the service. */
  title: string;
  /** One line per alert, firing before resolved, as text from the service (not yet escaped). */
  lines: string[];
  /** The receiver's page for the group, or null. */
  link: string | null;
  resolved: boolean;
  summary: AlertSummary;
}

/** A group notification of more than one alert as lines; null for one alert (shown in full). */
export function chatGroup(job: DeliveryJob, externalURL: string): ChatGroup | null {
  const n = job.notification;
  if (!n || n.alerts.length < 2) return null;
  const summaries = n.alerts.map((a) => ({ ...a.summary, resolved: a.endsAt !== null && a.endsAt <= n.at }));
  const ordered = [...summaries.filter((s) => !s.resolved), ...summaries.filter((s) => s.resolved)];
  const summary = formatGroup(summaries);
  return {
    title: summary.title,
    lines: ordered.map(alertLine),
    link: groupLink(n, externalURL),
    resolved: summary.resolved,
    summary,
  };
}

/** What the last post says of the alerts it could not name: the exact count, and where they are. */
export function leftOutText(left: number, link: string | null): string {
  const what = `${left} more alert${left === 1 ? '' : 's'} of this group not listed here`;
  return link ? `${what}: ${link}` : `${what} (see the receiver's /ui page)`;
}

export interface PackOptions<P> {
  lines: string[];
  /** The post holding `lines` (post `index`), saying `left` alerts were left out when `left` > 0. */
  build: (lines: string[], index: number, left: number) => P;
  /** Whether a post is within the platform's limits, measured on what would be sent. */
  fits: (post: P) => boolean;
  /** At most this many posts for one notification; past them, the count left out is said. */
  maxPosts: number;
}

/**
 * The largest `k` in 1..`n` with `fits(k)`, or 0. All `n` is tried first (a post holding every
 * remaining line says no count left out, so it may fit where fewer do); below it a post with more
 * lines is never smaller: doubling, then bisection, so the work follows what one post can hold,
 * not how many lines a group has.
 */
function mostThatFit(n: number, fits: (k: number) => boolean): number {
  if (n === 0 || fits(n)) return n;
  let low = 0;
  let high = 1;
  while (high < n && fits(high)) {
    low = high;
    high *= 2;
  }
  high = Math.min(high, n);
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid;
  }
  return low;
}

/**
 * Lines into as few posts as the platform's limits allow, each filled as long as the serialized
 * post still fits. The last allowed post names how many lines did not fit. Every post returned
 * fits: a post that cannot, even holding no line, is a defect of its destination and throws.
 */
export function packPosts<P>({ lines, build, fits, maxPosts }: PackOptions<P>): P[] {
  const posts: P[] = [];
  let at = 0;
  do {
    const index = posts.length;
    const last = index === maxPosts - 1;
    const remaining = lines.length - at;
    const make = (taken: number) => build(lines.slice(at, at + taken), index, last ? remaining - taken : 0);
    const taken = mostThatFit(remaining, (k) => fits(make(k)));
    // No line fits beside the rest of a post: the lines left are said as left out, here.
    const post = taken === 0 && remaining > 0 ? build([], index, remaining) : make(taken);
    if (taken === 0 && !fits(post)) {
      throw new WebhooksError("a post holding no alert is over its platform's limits", {
        status: 500,
        reason: 'over_limit',
      });
    }
    posts.push(post);
    if (taken === 0) break;
    at += taken;
  } while (at < lines.length && posts.length < maxPosts);
  return posts;
}

/**
 * Sends a notification's posts in order. A post that fails ends the attempt; the retry starts at
 * that post, so the channel does not get the earlier ones twice (within this process: after a
 * restart they may repeat, as any at-least-once delivery may). Post i > 0 carries the idempotency
 * key `<key>.<i>`.
 */
export function postsInOrder() {
  const sent = new Map<string, number>();
  return async (
    job: DeliveryJob,
    bodies: string[],
    post: (body: string, idempotencyKey: string) => Promise<DeliveryOutcome>,
  ): Promise<DeliveryOutcome> => {
    const key = job.idempotencyKey;
    let outcome: DeliveryOutcome = { ok: true, status: null };
    for (let i = sent.get(key) ?? 0; i < bodies.length; i++) {
      outcome = await post(bodies[i]!, i === 0 ? key : `${key}.${i}`);
      if (!outcome.ok) {
        if (i > 0) sent.set(key, i);
        // Bounded: the oldest unfinished notifications are forgotten first.
        if (sent.size > 10_000) sent.delete(sent.keys().next().value!);
        return outcome;
      }
    }
    sent.delete(key);
    return outcome;
  };
}

/**
 * `escapeText(text)` within `max` (as `measure` counts, UTF-16 units by default): the longest
 * prefix whose escaped form fits, found by bisection, so it ends for any `max` and any escaping
 * (empty when nothing fits). The text is cut before escaping, so no escape sequence or entity is
 * split, and the cut is marked. At most `max` units of the text are considered: every escaping
 * here keeps or lengthens what it is given, but for the controls it drops.
 */
export function cutEscaped(
  text: string,
  max: number,
  escapeText: (text: string) => string,
  measure: (text: string) => number = (t) => t.length,
): string {
  if (!(max >= 1)) return '';
  const fits = (k: number) => measure(escapeText(truncate(text, k))) <= max;
  let high = Math.min(text.length, Math.floor(max));
  if (fits(high)) return escapeText(truncate(text, high));
  let low = 0;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid;
  }
  return low === 0 ? '' : escapeText(truncate(text, low));
}
