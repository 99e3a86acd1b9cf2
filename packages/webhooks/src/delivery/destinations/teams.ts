import { type AlertSummary, truncate } from '../format-alert.ts';
import { postJson } from '../post-json.ts';
import type { DeliveryJob, Destination } from '../types.ts';

/**
 * Power Automate refuses a Workflows message past about 28 KB, and a refusal is a dead letter.
 * The whole serialized request counts (JSON escapes included: a control character in an
 * analysis takes six bytes), so the card is measured as sent, not estimated from lengths.
 */
export const TEAMS_MAX_BYTES = 28_000;

type Field = 'title' | 'headline' | 'reason' | 'analysis';
// A first cut that keeps ordinary cards untouched; the byte budget below has the last word.
const FIRST_CUT: Record<Field, number> = { title: 300, headline: 1000, reason: 2000, analysis: 20_000 };

function card(s: AlertSummary, text: Record<Field, string>, cut: boolean): object {
  const body: object[] = [
    { type: 'TextBlock', text: text.title, weight: 'Bolder', size: 'Medium', wrap: true },
    { type: 'TextBlock', text: text.headline, wrap: true },
  ];
  if (text.reason) body.push({ type: 'TextBlock', text: text.reason, wrap: true, isSubtle: true });
  if (text.analysis) body.push({ type: 'TextBlock', text: text.analysis, wrap: true });
  if (cut) {
    // The full text stays in the tracker: say so, with the link when the alert has one.
    const where = s.url
      ? `[see the tracker](${s.url.replace(/[()]/g, encodeURIComponent)})`
      : 'see the tracker';
    body.push({
      type: 'TextBlock',
      text: `Shortened for Teams; ${where} for the full text.`,
      wrap: true,
      isSubtle: true,
    });
  }
  const content: Record<string, unknown> = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body,
  };
  if (s.url) content.actions = [{ type: 'Action.OpenUrl', title: 'Open the run', url: s.url }];
  return {
    type: 'message',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content }],
  };
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const MAX_URL_BYTES = 4096;

/** A Power Automate "Workflows" webhook message carrying one Adaptive Card, under `TEAMS_MAX_BYTES`. */
export function teamsPayload(job: DeliveryJob): object {
  // A link is shown twice (button and note): one too long to leave room for the text is left out.
  const s = bytes(job.summary.url) > MAX_URL_BYTES ? { ...job.summary, url: null } : job.summary;
  const text: Record<Field, string> = {
    title: truncate(s.title, FIRST_CUT.title),
    headline: truncate(s.headline, FIRST_CUT.headline),
    reason: truncate(s.reason, FIRST_CUT.reason),
    analysis: truncate(s.analysis, FIRST_CUT.analysis),
  };
  let cut = (Object.keys(text) as Field[]).some((f) => text[f] !== s[f]);
  let payload = card(s, text, cut);
  // Shrink the field that weighs most, in proportion to the excess, until the card fits. Each
  // round removes at least one character, and the fixed part is far below the budget.
  for (let size = bytes(payload); size > TEAMS_MAX_BYTES; size = bytes(payload)) {
    cut = true;
    const field = (Object.keys(text) as Field[]).reduce((a, b) => (bytes(text[b]) > bytes(text[a]) ? b : a));
    const weight = bytes(text[field]);
    if (text[field].length <= 1) break; // nothing left to cut (cannot happen with the caps above)
    const keep = Math.max(
      0,
      Math.floor((text[field].length * (weight - (size - TEAMS_MAX_BYTES) - 64)) / weight),
    );
    text[field] = keep === 0 ? '…' : truncate(text[field], Math.min(keep, text[field].length - 1));
    payload = card(s, text, cut);
  }
  return payload;
}

export function createTeamsDestination(config: { name: string; url: string }): Destination {
  return {
    name: config.name,
    type: 'teams',
    groups: true,
    deliver: (job) =>
      postJson({
        url: config.url,
        body: JSON.stringify(teamsPayload(job)),
        signal: job.signal,
        headers: { 'idempotency-key': job.idempotencyKey },
      }),
  };
}
