import { encodeLink, offeredLink } from '../../alerts/run-link.ts';
import { wireJson } from '../../alerts/wire-json.ts';
import { secretRef } from '../../config-common/schema-parts.ts';
import { chatGroup, cutEscaped, defuse, leftOutText, packPosts, postsInOrder } from '../chat-message.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';
import { defineDestination, urlParts } from './define.ts';

/**
 * Slack's limits, in characters (UTF-16 units, counted on the escaped text sent). Block Kit
 * (https://docs.slack.dev/reference/block-kit/blocks): 50 blocks a message, 3,000 characters a
 * text object (a section's text, a context element), 150 a header's. The blocks of one message
 * also have a total Slack does not document: its maintainers give about 12,000 characters of text
 * "with a buffer for block containers" (slackapi/bolt-js#2509), and a message of 11,341 counted
 * characters was refused (slackapi/bolt-js#2867); 10,000 keeps clear of both. The message's
 * `text` (the notification's fallback) is kept to 3,000.
 */
export const SLACK_LIMITS = {
  blocks: 50,
  textObjectChars: 3000,
  headerChars: 150,
  blockTextChars: 10_000,
  fallbackChars: 3000,
};
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
const slackCut = (text: string, max: number) => cutEscaped(text, max, slackText);

/** Alertmanager's `channel` and `username` (slack_configs): the webhook's defaults when absent. */
export interface SlackOptions {
  channel?: string;
  username?: string;
}

type Block = {
  type: string;
  text?: { type: string; text: string; emoji: boolean };
  elements?: Array<{ type: string; text: string; verbatim: boolean }>;
};

const plain = (text: string) => ({ type: 'plain_text', text, emoji: false });
const section = (text: string): Block => ({ type: 'section', text: plain(text) });
/**
 * A receiver-made line with one of its own links (percent-encoded: `|` and `>` cannot end it), or
 * null when it would not fit a text object.
 */
function linkLine(text: string, url: string, label: string): Block | null {
  const mrkdwn = `${text}<${encodeLink(url)}|${label}>`;
  if (mrkdwn.length > SLACK_LIMITS.textObjectChars) return null;
  return { type: 'context', elements: [{ type: 'mrkdwn', text: mrkdwn, verbatim: true }] };
}

/** The characters of text in `blocks`, as Slack's total counts them. */
const blockText = (blocks: Block[]) =>
  blocks.reduce(
    (sum, b) => sum + (b.text?.text.length ?? 0) + (b.elements ?? []).reduce((n, e) => n + e.text.length, 0),
    0,
  );

/** Escaped lines into sections of at most a text object's length (each line already fits one). */
function sections(lines: string[]): Block[] {
  const out: Block[] = [];
  let current = '';
  for (const text of lines) {
    if (current && current.length + 1 + text.length > SLACK_LIMITS.textObjectChars) {
      out.push(section(current));
      current = '';
    }
    current = current ? `${current}\n${text}` : text;
  }
  if (current) out.push(section(current));
  return out;
}

function message(text: string, blocks: Block[], options: SlackOptions): { blocks: Block[] } {
  return {
    text: slackCut(text, SLACK_LIMITS.fallbackChars),
    mrkdwn: false,
    blocks,
    ...(options.channel ? { channel: options.channel } : {}),
    ...(options.username ? { username: options.username } : {}),
  } as { blocks: Block[] };
}

/**
 * Escaped text into pieces of at most a text object's length, never inside an entity or a
 * surrogate pair.
 */
function pieces(escaped: string): string[] {
  const out: string[] = [];
  let rest = escaped;
  while (rest.length > SLACK_LIMITS.textObjectChars) {
    let end = SLACK_LIMITS.textObjectChars;
    const amp = rest.lastIndexOf('&', end - 1);
    if (amp > end - '&amp;'.length && rest.indexOf(';', amp) >= end) end = amp;
    const code = rest.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end -= 1;
    out.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * One alert: its title, headline and reason, the analysis in sections with what the message's
 * total leaves (cut, and marked, past it), the run's link last.
 */
export function slackPayload(job: DeliveryJob, options: SlackOptions = {}): object {
  const s = job.summary;
  const url = offeredLink(s.url);
  const link = url ? linkLine('', url, 'Open the run') : null;
  const title = slackCut(s.title, SLACK_LIMITS.headerChars);
  // A section's text may not be empty: the title stands in for a headline and reason of nothing.
  const lead = slackCut([s.headline, s.reason].filter(Boolean).join('\n'), SLACK_LIMITS.textObjectChars);
  const head: Block[] = [{ type: 'header', text: plain(title) }, section(lead || title)];
  const room = SLACK_LIMITS.blockTextChars - blockText(head) - (link ? blockText([link]) : 0);
  const analysis = pieces(slackCut(s.analysis, room)).map(section);
  return message(`${s.title}: ${s.headline}`, [...head, ...analysis, ...(link ? [link] : [])], options);
}

/** Whether a post is within SLACK_LIMITS (its text objects are each made within theirs). */
const fits = (post: { blocks: Block[] }) =>
  post.blocks.length <= SLACK_LIMITS.blocks && blockText(post.blocks) <= SLACK_LIMITS.blockTextChars;

/** Every post of a notification: one alert whole, or a group's alerts one line each. */
function slackPosts(job: DeliveryJob, options: SlackOptions = {}, externalURL = ''): object[] {
  const group = chatGroup(job, externalURL);
  if (!group) return [slackPayload(job, options)];
  const title = (index: number) =>
    slackCut(index === 0 ? group.title : `${group.title} (continued)`, SLACK_LIMITS.headerChars);
  return packPosts({
    lines: group.lines.map((l) => slackCut(`• ${l}`, SLACK_LIMITS.textObjectChars)),
    maxPosts: MAX_POSTS,
    build: (lines, index, left) => {
      const blocks: Block[] = [{ type: 'header', text: plain(title(index)) }, ...sections(lines)];
      const link =
        left > 0 && group.link
          ? linkLine(
              `${left} more alerts of this group not listed here: `,
              group.link,
              'see them in the receiver',
            )
          : group.link && index === 0 && left === 0
            ? linkLine('', group.link, 'The group in the receiver')
            : null;
      if (link) blocks.push(link);
      else if (left > 0) blocks.push(section(leftOutText(left, null)));
      return message(group.title, blocks, options);
    },
    fits,
  });
}

/** The bodies of a notification's messages, as sent. */
export function slackBodies(job: DeliveryJob, options: SlackOptions = {}, externalURL = ''): string[] {
  return slackPosts(job, options, externalURL).map(wireJson);
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
      send(job, slackBodies(job, config, externalURL()), (body, key) =>
        postJson({ url: config.url, body, attempt: job, headers: { 'idempotency-key': key } }),
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
