import type { AlertSummary } from '../../alerts/format-alert.ts';
import { encodeLink, offeredLink } from '../../alerts/run-link.ts';
import { wireBytes, wireJson } from '../../alerts/wire-json.ts';
import { secretRef } from '../../config-common/schema-parts.ts';
import { WebhooksError } from '../../errors.ts';
import { chatGroup, cutEscaped, defuse, packPosts, postsInOrder } from '../chat-message.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';
import { defineDestination, urlParts } from './define.ts';

/**
 * Teams' limit: "The message size limit is 28 KB" for a message posted through a webhook
 * (https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook);
 * Power Automate refuses a larger one ("Request Entity too large"), a dead letter. The whole
 * serialized request counts (JSON escapes included), so the card is measured as sent.
 */
export const TEAMS_LIMITS = { messageBytes: 28_000 };

const MAX_POSTS = 10;
const FIELDS = ['title', 'headline', 'reason', 'analysis'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The one escaping function for Teams: text from the service, defused. It is sent only in a
 * RichTextBlock's TextRun, which Adaptive Cards never read as markdown, so no formatting or link
 * applies; the receiver's own words (with its links) are the only TextBlocks.
 */
export function teamsText(text: string): string {
  return defuse(text);
}

/** Escaped text as a paragraph of the card. */
function run(escaped: string, style: Record<string, unknown> = {}): object {
  return { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: escaped, ...style }] };
}

function attach(body: object[], actions: object[]): object {
  const content: Record<string, unknown> = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body,
  };
  if (actions.length > 0) content.actions = actions;
  return {
    type: 'message',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content }],
  };
}

const openUrl = (title: string, url: string) => ({ type: 'Action.OpenUrl', title, url });

/** The card of one alert: `text` escaped; a paragraph for each field the alert has. */
function card(s: AlertSummary, text: Record<Field, string>, cut: boolean): object {
  const body: object[] = [run(text.title, { weight: 'Bolder', size: 'Medium' }), run(text.headline)];
  if (s.reason) body.push(run(text.reason, { isSubtle: true }));
  if (s.analysis) body.push(run(text.analysis));
  if (cut) {
    // The full text stays in the tracker: say so, with the link when the alert has one.
    const where = s.url ? `[see the tracker](${encodeLink(s.url)})` : 'see the tracker';
    body.push({
      type: 'TextBlock',
      text: `Shortened for Teams; ${where} for the full text.`,
      wrap: true,
      isSubtle: true,
    });
  }
  return attach(body, s.url ? [openUrl('Open the run', s.url)] : []);
}

/** The bytes a string takes inside the JSON sent (its quotes aside). */
const jsonBytes = (text: string) => wireBytes(text) - 2;

/** A post over the limit after every cut: a defect, dead-lettered with this reason. */
function overLimit(bytes: number): WebhooksError {
  return new WebhooksError(`teams: a card of ${bytes} bytes is over ${TEAMS_LIMITS.messageBytes}`, {
    status: 500,
    reason: 'over_limit',
  });
}

/**
 * A Power Automate "Workflows" webhook message carrying one Adaptive Card, within
 * `TEAMS_LIMITS.messageBytes`: when the alert's text does not fit, each field gets an equal share
 * of what the rest of the card leaves (a field shorter than its share gives the rest to the
 * others), cut before escaping and marked.
 */
export function teamsPayload(job: DeliveryJob): object {
  // A link is shown twice (button and note): one too long to leave room for the text is left out.
  const s = { ...job.summary, url: offeredLink(job.summary.url) };
  const escaped = Object.fromEntries(FIELDS.map((f) => [f, teamsText(s[f])])) as Record<Field, string>;
  const whole = card(s, escaped, false);
  if (wireBytes(whole) <= TEAMS_LIMITS.messageBytes) return whole;
  const text: Record<Field, string> = { title: '', headline: '', reason: '', analysis: '' };
  let room = TEAMS_LIMITS.messageBytes - wireBytes(card(s, text, true));
  const sizes = Object.fromEntries(FIELDS.map((f) => [f, jsonBytes(escaped[f])])) as Record<Field, number>;
  const bySize = [...FIELDS].sort((a, b) => sizes[a] - sizes[b]);
  bySize.forEach((field, i) => {
    const share = Math.floor(room / (bySize.length - i));
    text[field] = sizes[field] <= share ? escaped[field] : cutEscaped(s[field], share, teamsText, jsonBytes);
    room -= jsonBytes(text[field]);
  });
  const payload = card(s, text, true);
  const bytes = wireBytes(payload);
  if (bytes > TEAMS_LIMITS.messageBytes) throw overLimit(bytes);
  return payload;
}

/** Every post of a notification: one alert whole, or a group's alerts one line each. */
function teamsPosts(job: DeliveryJob, externalURL = ''): object[] {
  const group = chatGroup(job, externalURL);
  if (!group) return [teamsPayload(job)];
  const link = group.link;
  const titles = [teamsText(group.title), teamsText(`${group.title} (continued)`)];
  return packPosts({
    lines: group.lines.map((line) => teamsText(`• ${line}`)),
    maxPosts: MAX_POSTS,
    build: (lines, index, left) => {
      const body: object[] = [
        run(titles[index === 0 ? 0 : 1]!, { weight: 'Bolder', size: 'Medium' }),
        ...lines.map((line) => ({ ...run(line), spacing: 'None' })),
      ];
      if (left > 0) {
        const where = link ? `: [see them in the receiver](${link})` : " (see the receiver's /ui page)";
        const text = `${left} more alerts of this group not listed here${where}`;
        body.push({ type: 'TextBlock', text, wrap: true, isSubtle: true });
      }
      return attach(body, link ? [openUrl('The group in the receiver', link)] : []);
    },
    fits: (post) => wireBytes(post) <= TEAMS_LIMITS.messageBytes,
  });
}

/** The bodies of a notification's messages, as sent. */
export function teamsBodies(job: DeliveryJob, externalURL = ''): string[] {
  return teamsPosts(job, externalURL).map(wireJson);
}

function createTeamsDestination(
  config: { name: string; url: string },
  externalURL: () => string = () => '',
): Destination {
  const send = postsInOrder();
  return {
    name: config.name,
    type: 'teams',
    groups: true,
    deliver: (job) =>
      send(job, teamsBodies(job, externalURL()), (body, key) =>
        postJson({ url: config.url, body, attempt: job, headers: { 'idempotency-key': key } }),
      ),
  };
}

/** A Teams channel through a Power Automate Workflows webhook (Alertmanager's msteams_configs). */
export const teamsDefinition = defineDestination({
  type: 'teams',
  integration: 'msteams_configs',
  fields: { url: secretRef },
  normalize: (d, ctx): { url: string } => ({ url: ctx.url(d.url, 'url') }),
  secrets: { url: urlParts },
  create: (config, ctx) => createTeamsDestination(config, ctx.externalURL),
});
