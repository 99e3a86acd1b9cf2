import { secretRef } from '../../config/schema-parts.ts';
import { chatGroup, defuse, encodeLink, leftOutText, packPosts, postsInOrder } from '../chat-message.ts';
import { truncate } from '../format-alert.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';
import { defineDestination, urlParts } from './define.ts';

/**
 * Slack's limits (Block Kit): 50 blocks a message, 3,000 characters a section's text, 150 a
 * header's; the message's `text` is cut past 40,000 (kept far below).
 */
export const SLACK_LIMITS = { blocks: 50, sectionChars: 3000, headerChars: 150, textChars: 3000 };
// A notification is split over at most this many messages; past them, the count left out is said.
const MAX_POSTS = 10;

/**
 * The one escaping function for Slack: text from the service, defused (no link or mention can
 * form), with `&`, `<` and `>` (Slack's control characters in every text field) as entities. It is
 * sent as `plain_text` (and `text` with `mrkdwn: false`), so no formatting applies either.
 */
export function slackText(text: string): string {
  return defuse(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `slackText(text)` within `max` characters: cut before escaping, so no entity is split. */
function slackCut(text: string, max: number): string {
  let raw = truncate(text, max);
  let escaped = slackText(raw);
  while (escaped.length > max) {
    raw = truncate(raw, raw.length - Math.max(1, Math.ceil((escaped.length - max) / 4)));
    escaped = slackText(raw);
  }
  return escaped;
}

/** Alertmanager's `channel` and `username` (slack_configs): the webhook's defaults when absent. */
export interface SlackOptions {
  channel?: string;
  username?: string;
}

const plain = (text: string) => ({ type: 'plain_text', text, emoji: false });
const section = (text: string) => ({ type: 'section', text: plain(text) });
/** A receiver-made line with one of its own links (percent-encoded: `|` and `>` cannot end it). */
const linkLine = (text: string, url: string, label: string) => ({
  type: 'context',
  elements: [{ type: 'mrkdwn', text: `${text}<${encodeLink(url)}|${label}>`, verbatim: true }],
});

/** Lines into sections of at most SLACK_LIMITS.sectionChars once escaped. */
function sections(lines: string[]): object[] {
  const out: object[] = [];
  let current = '';
  for (const line of lines) {
    const text = slackCut(line, SLACK_LIMITS.sectionChars);
    if (current && current.length + 1 + text.length > SLACK_LIMITS.sectionChars) {
      out.push(section(current));
      current = '';
    }
    current = current ? `${current}\n${text}` : text;
  }
  if (current) out.push(section(current));
  return out;
}

function message(text: string, blocks: object[], options: SlackOptions): object {
  return {
    text: slackCut(text, SLACK_LIMITS.textChars),
    mrkdwn: false,
    blocks,
    ...(options.channel ? { channel: options.channel } : {}),
    ...(options.username ? { username: options.username } : {}),
  };
}

/** One alert: its title, headline and reason, the analysis in as many sections as the blocks allow. */
export function slackPayload(job: DeliveryJob, options: SlackOptions = {}): object {
  const s = job.summary;
  const blocks: object[] = [
    { type: 'header', text: plain(slackCut(s.title, SLACK_LIMITS.headerChars)) },
    section(
      slackCut([s.headline, s.reason].filter(Boolean).join('\n') || s.title, SLACK_LIMITS.sectionChars),
    ),
  ];
  // The analysis whole, in as many sections as the blocks allow (the last one cut if need be).
  for (const text of slackChunks(s.analysis, SLACK_LIMITS.blocks - blocks.length - 1))
    blocks.push(section(text));
  if (s.url) blocks.push(linkLine('', s.url, 'Open the run'));
  return message(`${s.title}: ${s.headline}`, blocks, options);
}

/** `text` escaped, in at most `count` pieces of at most a section's length each. */
function slackChunks(text: string, count: number): string[] {
  const max = SLACK_LIMITS.sectionChars;
  const out: string[] = [];
  let rest = text;
  while (rest && out.length < count) {
    if (out.length === count - 1 || slackText(rest).length <= max) {
      out.push(slackCut(rest, max));
      break;
    }
    let take = Math.min(rest.length, max);
    while (slackText(rest.slice(0, take)).length > max) take = Math.floor(take * 0.9);
    const code = rest.charCodeAt(take - 1);
    if (code >= 0xd800 && code <= 0xdbff) take -= 1; // never half a surrogate pair
    out.push(slackText(rest.slice(0, take)));
    rest = rest.slice(take);
  }
  return out;
}

/** Every post of a notification: one alert whole, or a group's alerts one line each. */
function slackPosts(job: DeliveryJob, options: SlackOptions = {}, externalURL = ''): object[] {
  const group = chatGroup(job, externalURL);
  if (!group) return [slackPayload(job, options)];
  return packPosts({
    lines: group.lines.map((l) => `• ${l}`),
    maxPosts: MAX_POSTS,
    build: (lines, index, left) => {
      const blocks: object[] = [
        {
          type: 'header',
          text: plain(
            slackCut(index === 0 ? group.title : `${group.title} (continued)`, SLACK_LIMITS.headerChars),
          ),
        },
        ...sections(lines),
      ];
      if (left > 0 && group.link)
        blocks.push(
          linkLine(
            `${left} more alerts of this group not listed here: `,
            group.link,
            'see them in the receiver',
          ),
        );
      else if (left > 0) blocks.push(section(leftOutText(left, null)));
      else if (group.link && index === 0) blocks.push(linkLine('', group.link, 'The group in the receiver'));
      return message(group.title, blocks, options);
    },
    fits: (post) => (post as { blocks: unknown[] }).blocks.length <= SLACK_LIMITS.blocks,
  });
}

function createSlackDestination(
  config: { name: string; url: string } & SlackOptions,
  externalURL: () => string = () => '',
): Destination {
  const send = postsInOrder();
  return {
    name: config.name,
    type: 'slack',
    groups: true,
    deliver: (job) =>
      send(
        job,
        slackPosts(job, config, externalURL()).map((p) => JSON.stringify(p)),
        (body, key) => postJson({ url: config.url, body, attempt: job, headers: { 'idempotency-key': key } }),
      ),
  };
}

/** A Slack incoming webhook; `channel` and `username` come only from Alertmanager's slack_configs. */
export const slackDefinition = defineDestination({
  type: 'slack',
  integration: 'slack_configs',
  fields: { url: secretRef },
  normalize: (d, ctx): { url: string } & SlackOptions => ({ url: ctx.url(d.url, 'url') }),
  secrets: { url: urlParts, channel: false, username: false },
  create: (config, ctx) => createSlackDestination(config, ctx.externalURL),
});
