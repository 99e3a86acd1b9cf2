import { secretRef } from '../../config/schema-parts.ts';
import { chatGroup, defuse, encodeLink, packPosts, postsInOrder } from '../chat-message.ts';
import { type AlertSummary, truncate } from '../format-alert.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';
import { defineDestination, urlParts } from './define.ts';

/**
 * Power Automate refuses a Workflows message past about 28 KB, and a refusal is a dead letter.
 * The whole serialized request counts (JSON escapes included: a control character in an
 * analysis takes six bytes), so the card is measured as sent, not estimated from lengths.
 */
export const TEAMS_MAX_BYTES = 28_000;

const MAX_POSTS = 10;
type Field = 'title' | 'headline' | 'reason' | 'analysis';

/**
 * The one escaping function for Teams: text from the service, defused. It is sent only in a
 * RichTextBlock's TextRun, which Adaptive Cards never read as markdown, so no formatting or link
 * applies; the receiver's own words (with its links) are the only TextBlocks.
 */
export function teamsText(text: string): string {
  return defuse(text);
}

/** Text from the service as a paragraph of the card. */
function run(text: string, style: Record<string, unknown> = {}): object {
  return { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: teamsText(text), ...style }] };
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

function card(s: AlertSummary, text: Record<Field, string>, cut: boolean): object {
  const body: object[] = [run(text.title, { weight: 'Bolder', size: 'Medium' }), run(text.headline)];
  if (text.reason) body.push(run(text.reason, { isSubtle: true }));
  if (text.analysis) body.push(run(text.analysis));
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

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const MAX_URL_BYTES = 4096;

/** A Power Automate "Workflows" webhook message carrying one Adaptive Card, under `TEAMS_MAX_BYTES`. */
export function teamsPayload(job: DeliveryJob): object {
  // A link is shown twice (button and note): one too long to leave room for the text is left out.
  const s = bytes(job.summary.url) > MAX_URL_BYTES ? { ...job.summary, url: null } : job.summary;
  const text: Record<Field, string> = {
    title: s.title,
    headline: s.headline,
    reason: s.reason,
    analysis: s.analysis,
  };
  let cut = false;
  let payload = card(s, text, cut);
  // Shrink the field that weighs most, in proportion to the excess, until the card fits. Each
  // round removes at least one character, and the fixed part is far below the budget.
  for (let size = bytes(payload); size > TEAMS_MAX_BYTES; size = bytes(payload)) {
    cut = true;
    const field = (Object.keys(text) as Field[]).reduce((a, b) => (bytes(text[b]) > bytes(text[a]) ? b : a));
    const weight = bytes(text[field]);
    if (text[field].length <= 1) break; // nothing left to cut (the fixed part is far below the budget)
    const keep = Math.max(
      0,
      Math.floor((text[field].length * (weight - (size - TEAMS_MAX_BYTES) - 64)) / weight),
    );
    text[field] = keep === 0 ? '…' : truncate(text[field], Math.min(keep, text[field].length - 1));
    payload = card(s, text, cut);
  }
  return payload;
}

/** Every post of a notification: one alert whole, or a group's alerts one line each. */
function teamsPosts(job: DeliveryJob, externalURL = ''): object[] {
  const group = chatGroup(job, externalURL);
  if (!group) return [teamsPayload(job)];
  const link = group.link && bytes(group.link) <= MAX_URL_BYTES ? group.link : null;
  return packPosts({
    lines: group.lines,
    maxPosts: MAX_POSTS,
    build: (lines, index, left) => {
      const title = index === 0 ? group.title : `${group.title} (continued)`;
      const body: object[] = [
        run(title, { weight: 'Bolder', size: 'Medium' }),
        ...lines.map((line) => ({ ...run(`• ${line}`), spacing: 'None' })),
      ];
      if (left > 0) {
        const where = link ? `: [see them in the receiver](${link})` : " (see the receiver's /ui page)";
        const text = `${left} more alerts of this group not listed here${where}`;
        body.push({ type: 'TextBlock', text, wrap: true, isSubtle: true });
      }
      return attach(body, link ? [openUrl('The group in the receiver', link)] : []);
    },
    fits: (post) => bytes(post) <= TEAMS_MAX_BYTES,
  });
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
      send(
        job,
        teamsPosts(job, externalURL()).map((p) => JSON.stringify(p)),
        (body, key) => postJson({ url: config.url, body, attempt: job, headers: { 'idempotency-key': key } }),
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
