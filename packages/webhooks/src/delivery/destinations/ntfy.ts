import { z } from 'zod';
import type { AlertSummary } from '../../alerts/format-alert.ts';
import { offeredLink } from '../../alerts/run-link.ts';
import { wireBytes, wireJson } from '../../alerts/wire-json.ts';
import { secretRef } from '../../config-common/schema-parts.ts';
import { WebhooksError } from '../../errors.ts';
import { chatGroup, cutEscaped, defuse, leftOutText, packPosts, postsInOrder } from '../chat-message.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';
import { defineDestination, urlParts } from './define.ts';

const PRIORITY: Record<string, number> = { Poor: 5, Negative: 4, Neutral: 3, Positive: 3, Excellent: 3 };

/**
 * ntfy's limits, in bytes as sent: a message of at most 4,096 (the server's default
 * `message-size-limit`, DefaultMessageSizeLimit in server/config.go; a longer one becomes an
 * attachment or is refused), in a JSON publish body of at most twice that (server.go's
 * transformBodyJSON reads `MessageSizeLimit*2`; past it the server answers 413).
 */
export const NTFY_LIMITS = { messageBytes: 4096, bodyBytes: 8192 };
const MAX_POSTS = 10;
// A title longer than this is cut: a push notification's heading shows far less.
const MAX_TITLE = 250;
// A signal longer than this is not made a tag (a tag is one short word).
const MAX_TAG = 32;
const byteLength = (text: string) => Buffer.byteLength(text);

/**
 * The one escaping function for ntfy: text from the service, defused. Messages are sent without
 * ntfy's `markdown` flag, so nothing in them is formatted; the only link is `click`, the receiver's.
 */
export function ntfyText(text: string): string {
  return defuse(text);
}

type Publish = { message: string };

/** Whether a publish is within NTFY_LIMITS, measured on the bytes sent. */
const fits = (p: Publish) =>
  byteLength(p.message) <= NTFY_LIMITS.messageBytes && wireBytes(p) <= NTFY_LIMITS.bodyBytes;

function publish(s: AlertSummary, topic: string, message: string, click: string | null, priority?: number) {
  const signal = s.signal && s.signal.length <= MAX_TAG ? [s.signal.toLowerCase()] : [];
  return {
    topic,
    title: cutEscaped(s.title, MAX_TITLE, ntfyText),
    message,
    priority: priority ?? (s.resolved ? 3 : (PRIORITY[s.signal ?? ''] ?? 3)),
    tags: [s.resolved ? 'white_check_mark' : 'warning', ...signal],
    ...(click ? { click } : {}),
  };
}

/**
 * One alert: headline, reason, analysis (cut to what the limits leave), the run's link last. The
 * message's text is cut to its own limit, then further while JSON's escapes (a quote or a
 * backslash takes two bytes) put the body over its limit: each round takes the excess off.
 */
export function ntfyPayload(job: DeliveryJob, topic: string, priority?: number): object {
  const s = job.summary;
  const url = offeredLink(s.url);
  const run = url ? `\nRun: ${url}` : '';
  const text = [s.headline, s.reason, s.analysis].filter(Boolean).join('\n');
  const make = (max: number) =>
    publish(s, topic, `${cutEscaped(text, max, ntfyText, byteLength)}${run}`, url, priority);
  let max = NTFY_LIMITS.messageBytes - byteLength(run);
  let payload = make(max);
  while (!fits(payload) && max > 0) {
    max -= Math.max(16, wireBytes(payload) - NTFY_LIMITS.bodyBytes);
    payload = make(max);
  }
  if (!fits(payload)) {
    const bytes = wireBytes(payload);
    throw new WebhooksError(`ntfy: a message in a body of ${bytes} bytes is over ntfy's limits`, {
      status: 500,
      reason: 'over_limit',
    });
  }
  return payload;
}

/** Every post of a notification: one alert whole, or a group's alerts one line each. */
function ntfyPosts(job: DeliveryJob, topic: string, priority?: number, externalURL = ''): object[] {
  const group = chatGroup(job, externalURL);
  if (!group) return [ntfyPayload(job, topic, priority)];
  return packPosts({
    lines: group.lines.map((l) => `• ${ntfyText(l)}`),
    maxPosts: MAX_POSTS,
    build: (lines, index, left) => {
      const s = { ...group.summary, title: index === 0 ? group.title : `${group.title} (continued)` };
      const tail = left > 0 ? [leftOutText(left, group.link)] : [];
      return publish(s, topic, [...lines, ...tail].join('\n'), group.link, priority);
    },
    fits,
  });
}

/** The bodies of a notification's publishes, as sent. */
export function ntfyBodies(job: DeliveryJob, topic: string, priority?: number, externalURL = ''): string[] {
  return ntfyPosts(job, topic, priority, externalURL).map(wireJson);
}

/** ntfy's JSON publishing: POST to the server root with the topic in the body. */
function createNtfyDestination(
  config: {
    name: string;
    url: string;
    topic: string;
    token?: string;
    priority?: number;
  },
  externalURL: () => string = () => '',
): Destination {
  const root = config.url.replace(/\/+$/, '');
  const send = postsInOrder();
  return {
    name: config.name,
    type: 'ntfy',
    groups: true,
    deliver: (job) =>
      send(job, ntfyBodies(job, config.topic, config.priority, externalURL()), (body, key) =>
        postJson({
          url: `${root}/`,
          body,
          attempt: job,
          headers: {
            'idempotency-key': key,
            ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
          },
        }),
      ),
  };
}

/** An ntfy topic, on ntfy.sh or a server of one's own (`token` for its access control). */
export const ntfyDefinition = defineDestination({
  type: 'ntfy',
  integration: null,
  fields: {
    url: secretRef.default('https://ntfy.sh'),
    topic: z.string().regex(/^[-_A-Za-z0-9]{1,64}$/),
    token: secretRef.optional(),
    priority: z.number().int().min(1).max(5).optional(),
  },
  normalize: (d, ctx): { url: string; topic: string; token?: string; priority?: number } => ({
    url: ctx.url(d.url, 'url'),
    topic: d.topic,
    ...(d.token ? { token: ctx.secret(d.token, 'token') } : {}),
    ...(d.priority ? { priority: d.priority } : {}),
  }),
  secrets: { url: urlParts, topic: false, token: (t) => [t], priority: false },
  create: (config, ctx) => createNtfyDestination(config, ctx.externalURL),
});
