import { z } from 'zod';
import { encodeLink, offeredLink } from '../../alerts/run-link.ts';
import { wireJson } from '../../alerts/wire-json.ts';
import { secretRef } from '../../config-common/schema-parts.ts';
import { chatGroup, cutEscaped, defuse, leftOutText, packPosts, postsInOrder } from '../chat-message.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';
import { defineDestination, urlParts } from './define.ts';

const COLORS: Record<string, number> = {
  Poor: 0xd32f2f,
  Negative: 0xf57c00,
  Neutral: 0x9e9e9e,
  Positive: 0x388e3c,
  Excellent: 0x1976d2,
};

/**
 * Discord's limits, in characters (UTF-16 units here, which are never fewer than the code points
 * Discord counts), from https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 * and the webhook's execute parameters: 2,000 characters of content; per embed a 256-character
 * title and a 4,096-character description; 10 embeds a message, 6,000 characters of titles and
 * descriptions across them. An embed's `url` past 2,048 characters is refused (the API's
 * BASE_TYPE_MAX_LENGTH, "Must be 2048 or fewer in length"), though the table does not list it.
 */
export const DISCORD_LIMITS = {
  content: 2000,
  title: 256,
  description: 4096,
  embeds: 10,
  embedTotal: 6000,
  url: 2048,
};
const MAX_POSTS = 10;

/**
 * The one escaping function for Discord: text from the service, defused, with every character
 * Discord's markdown reads (emphasis, code, spoilers, headings, lists, quotes, masked links,
 * mentions `<@…>`) escaped by a backslash, which Discord shows as the character itself.
 */
export function discordText(text: string): string {
  return defuse(text)
    .replace(/[\\*_~`|<>#[\]():@-]/g, '\\$&')
    .replace(/^(\s*\d+)\./gm, '$1\\.');
}

const cut = (text: string, max: number) => cutEscaped(text, max, discordText);
type Embed = { title?: string; description?: string; url?: string };
const embedChars = (e: Embed) => (e.title?.length ?? 0) + (e.description?.length ?? 0);

function color(resolved: boolean, signal: string | null): number {
  return resolved ? COLORS.Positive! : (COLORS[signal ?? ''] ?? COLORS.Neutral!);
}

/** An ISO 8601 time Discord takes for an embed's `timestamp` (it refuses the message otherwise), or null. */
function embedTime(timestamp: string): string | null {
  const ms = timestamp.length <= 64 ? Date.parse(timestamp) : Number.NaN;
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** One alert: its title, and headline, reason and analysis in the description, the link last. */
export function discordPayload(job: DeliveryJob, username?: string): object {
  const s = job.summary;
  const url = offeredLink(s.url);
  // The link goes last and is never cut: the analysis gives way to it.
  const link = url ? `\n\n[Open the run](${encodeLink(url)})` : '';
  const text = [s.headline, s.reason, s.analysis].filter(Boolean).join('\n\n');
  const embed: Record<string, unknown> = {
    title: cut(s.title, DISCORD_LIMITS.title),
    description: `${cut(text, DISCORD_LIMITS.description - link.length)}${link}`,
    color: color(s.resolved, s.signal),
  };
  const time = embedTime(s.timestamp);
  if (time) embed.timestamp = time;
  if (url && url.length <= DISCORD_LIMITS.url) embed.url = url;
  return message(cut(`${s.title}: ${s.headline}`, DISCORD_LIMITS.content), [embed], username);
}

function message(content: string, embeds: object[], username?: string): object {
  return {
    content,
    embeds,
    // No mention pings, whatever the text: the second line of defence.
    allowed_mentions: { parse: [] },
    ...(username ? { username } : {}),
  };
}

/** Lines into embed descriptions of at most DISCORD_LIMITS.description characters. */
function embeds(lines: string[], tail: string, tint: number): Embed[] {
  const out: Array<Embed & { color: number }> = [];
  let current = '';
  for (const text of [...lines, ...(tail ? [tail] : [])]) {
    if (current && current.length + 1 + text.length > DISCORD_LIMITS.description) {
      out.push({ description: current, color: tint });
      current = '';
    }
    current = current ? `${current}\n${text}` : text;
  }
  if (current) out.push({ description: current, color: tint });
  return out;
}

/** Whether a message is within DISCORD_LIMITS, as sent. */
function fits(post: { content: string; embeds: Embed[] }): boolean {
  const list = post.embeds;
  return (
    post.content.length <= DISCORD_LIMITS.content &&
    list.length <= DISCORD_LIMITS.embeds &&
    list.reduce((sum, e) => sum + embedChars(e), 0) <= DISCORD_LIMITS.embedTotal &&
    list.every(
      (e) =>
        (e.description?.length ?? 0) <= DISCORD_LIMITS.description &&
        (e.title?.length ?? 0) <= DISCORD_LIMITS.title &&
        (e.url?.length ?? 0) <= DISCORD_LIMITS.url,
    )
  );
}

/** Every post of a notification: one alert whole, or a group's alerts one line each. */
function discordPosts(job: DeliveryJob, username?: string, externalURL = ''): object[] {
  const group = chatGroup(job, externalURL);
  if (!group) return [discordPayload(job, username)];
  const tint = color(group.resolved, null);
  const link = group.link ? `(${group.link})` : '';
  const titles = [
    cut(group.title, DISCORD_LIMITS.content),
    cut(`${group.title} (continued)`, DISCORD_LIMITS.content),
  ];
  return packPosts({
    lines: group.lines.map((l) => `• ${cut(l, DISCORD_LIMITS.description - 10)}`),
    maxPosts: MAX_POSTS,
    build: (lines, index, left) => {
      const tail =
        left > 0
          ? link
            ? `${left} more alerts of this group not listed here: [see them in the receiver]${link}`
            : leftOutText(left, null)
          : index === 0 && link
            ? `[The group in the receiver]${link}`
            : '';
      return message(titles[index === 0 ? 0 : 1]!, embeds(lines, tail, tint), username);
    },
    fits: (post) => fits(post as { content: string; embeds: Embed[] }),
  });
}

/** The bodies of a notification's messages, as sent. */
export function discordBodies(job: DeliveryJob, username?: string, externalURL = ''): string[] {
  return discordPosts(job, username, externalURL).map(wireJson);
}

/** Discord's 429 body carries `retry_after` in seconds (a float). */
export function discordRetryAfter(body: string): number | undefined {
  try {
    const value = (JSON.parse(body) as { retry_after?: unknown }).retry_after;
    return typeof value === 'number' && value >= 0 ? Math.ceil(value * 1000) : undefined;
  } catch {
    return undefined;
  }
}

/** Discord webhook with `?wait=true`, so a 2xx means the message exists. */
function createDiscordDestination(
  config: { name: string; url: string; username?: string },
  externalURL: () => string = () => '',
): Destination {
  const url = new URL(config.url);
  url.searchParams.set('wait', 'true');
  const target = url.toString();
  const send = postsInOrder();
  return {
    name: config.name,
    type: 'discord',
    groups: true,
    deliver: (job) =>
      send(job, discordBodies(job, config.username, externalURL()), (body, key) =>
        postJson({
          url: target,
          body,
          attempt: job,
          headers: { 'idempotency-key': key },
          retryAfterFromBody: discordRetryAfter,
        }),
      ),
  };
}

/** A Discord webhook (Alertmanager's discord_configs). */
export const discordDefinition = defineDestination({
  type: 'discord',
  integration: 'discord_configs',
  fields: { url: secretRef, username: z.string().max(80).optional() },
  normalize: (d, ctx): { url: string; username?: string } => ({
    url: ctx.url(d.url, 'url'),
    ...(d.username ? { username: d.username } : {}),
  }),
  secrets: { url: urlParts, username: false },
  create: (config, ctx) => createDiscordDestination(config, ctx.externalURL),
});
