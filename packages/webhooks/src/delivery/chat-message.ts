// What the chat destinations (Slack, Teams, Discord, ntfy, e-mail) share: text from the service
// made inert before each platform's own escaping, links the receiver adds made unbreakable, a
// group notification as one line per alert, and posts packed as full as the platform allows.
import type { GroupNotification } from './alertmanager-payload.ts';
import { type AlertSummary, truncate } from './format-alert.ts';
import { formatGroup } from './format-group.ts';
import type { DeliveryJob, DeliveryOutcome } from './types.ts';

const ZWSP = '\u200b';
// C0 and C1 controls but newline and tab, and the bidirectional overrides that can make text read
// other than it is stored (a tracker named to look like another).
// biome-ignore lint/suspicious/noControlCharactersInRegex: those are what it removes
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from the service, defused for every platform: control characters dropped, and a zero-width
 * space put where a platform would otherwise find a link or a mention in plain text (`https://`,
 * `www.`, `@here`, `@everyone`, `@user`). Each platform's escaping function runs on top of this.
 */
export function defuse(text: string): string {
  return text
    .replace(CONTROL, '')
    .replace(/\t/g, ' ')
    .replace(/:\/\//g, `:${ZWSP}//`)
    .replace(/\b(www)\./gi, `$1${ZWSP}.`)
    .replace(/@/g, `@${ZWSP}`);
}

/**
 * A link the receiver adds (a run's URL, the group's page), with every character a platform's link
 * syntax could end on or split at percent-encoded: `)` ends a markdown link, `|` and `>` a Slack
 * one, and a space or a quote any of them. The URL stays the same URL.
 */
export function encodeLink(url: string): string {
  return url.replace(/[()[\]<>|\s"'`{}\\^]/g, (c) =>
    [...Buffer.from(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

/** Alertmanager's matcher value quoting: what the `/ui` search box reads back. */
const quote = (value: string) =>
  `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/**
 * The receiver's page for a group's alerts (`/ui` searched by the group's labels), or null when
 * the receiver's public URL is unknown.
 */
export function groupLink(notification: GroupNotification, externalURL: string): string | null {
  if (!externalURL) return null;
  const filter = Object.entries(notification.groupLabels)
    .map(([name, value]) => `${name}=${quote(value)}`)
    .join(', ');
  const base = externalURL.replace(/\/+$/, '');
  return encodeLink(`${base}/ui${filter ? `?filter=${encodeURIComponent(filter)}` : ''}`);
}

// One alert's line names it by its title (the tracker's name, score, signal) and headline; a
// tracker name of thousands of characters is cut here so that one line always fits a post.
const MAX_LINE = 300;

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
    lines: ordered.map((s) => truncate(`${s.title}${s.headline ? ` — ${s.headline}` : ''}`, MAX_LINE)),
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
 * Lines into as few posts as the platform's limits allow, each filled as long as the serialized
 * post still fits. The last allowed post names how many lines did not fit.
 */
export function packPosts<P>({ lines, build, fits, maxPosts }: PackOptions<P>): P[] {
  const posts: P[] = [];
  let at = 0;
  while (at < lines.length || posts.length === 0) {
    const index = posts.length;
    const last = index === maxPosts - 1;
    const remaining = lines.length - at;
    const make = (taken: number) => build(lines.slice(at, at + taken), index, last ? remaining - taken : 0);
    // Taking every remaining line drops the count left out, so it is tried on its own; below it,
    // a post with more lines is never smaller, so the most that fit is found by bisection.
    let taken = fits(make(remaining)) ? remaining : 0;
    if (taken === 0) {
      let high = remaining - 1;
      while (taken < high) {
        const mid = Math.ceil((taken + high) / 2);
        if (fits(make(mid))) taken = mid;
        else high = mid - 1;
      }
    }
    if (taken === 0 && remaining > 0 && !last) {
      // A line no post can hold (cannot happen with MAX_LINE below every limit): said as left out.
      return [...posts, build([], index, remaining)];
    }
    posts.push(make(taken));
    at += taken;
    if (last) break;
  }
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
 * `escapeText(text)` within `max` (as `measure` counts, UTF-16 units by default): the text is cut
 * before escaping, so no escape sequence or entity is split, and the cut is marked.
 */
export function cutEscaped(
  text: string,
  max: number,
  escapeText: (text: string) => string,
  measure: (text: string) => number = (t) => t.length,
): string {
  let raw = truncate(text, max);
  let escaped = escapeText(raw);
  while (measure(escaped) > max && raw.length > 0) {
    raw = truncate(raw, raw.length - Math.max(1, Math.ceil((measure(escaped) - max) / 6)));
    escaped = escapeText(raw);
  }
  return escaped;
}
