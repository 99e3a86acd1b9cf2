import { describe, expect, it } from 'vitest';
import { alertText, formatAlert } from '../../src/alerts/format-alert.ts';
import { safeLink } from '../../src/alerts/run-link.ts';
import { discordPayload } from '../../src/delivery/destinations/discord.ts';
import { ntfyPayload } from '../../src/delivery/destinations/ntfy.ts';
import { slackPayload } from '../../src/delivery/destinations/slack.ts';
import { TEAMS_LIMITS, teamsPayload } from '../../src/delivery/destinations/teams.ts';
import type { DeliveryJob } from '../../src/delivery/types.ts';
import type { AlertEvent } from '../../src/events/types.ts';
import { exampleAlert } from '../helpers/alerts.ts';

const job = (event: AlertEvent): DeliveryJob => ({
  event,
  summary: formatAlert(event),
  idempotencyKey: 'msg_key',
  body: JSON.stringify(event),
  attempt: 1,
  signal: new AbortController().signal,
});
const wellFormed = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('links from an alert', () => {
  const cases: Array<[string, { given: unknown; want: string | null }]> = [
    ['https', { given: 'https://console.example/runs/1', want: 'https://console.example/runs/1' }],
    ['http', { given: 'http://console.example/r?a=1', want: 'http://console.example/r?a=1' }],
    ['javascript', { given: 'javascript:alert(1)', want: null }],
    ['mixed-case javascript', { given: 'JaVaScRiPt:alert(1)', want: null }],
    ['javascript behind whitespace', { given: ' \tjavascript:alert(1)', want: null }],
    ['data', { given: 'data:text/html,<script>alert(1)</script>', want: null }],
    ['vbscript', { given: 'vbscript:msgbox(1)', want: null }],
    ['file', { given: 'file:///etc/passwd', want: null }],
    ['relative', { given: '/runs/1', want: null }],
    ['empty', { given: '', want: null }],
    ['not a string', { given: 42, want: null }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(safeLink(given)).toBe(want);
    expect(formatAlert(exampleAlert({ url: given as string })).url).toBe(want);
  });

  it('a javascript: URL reaches no destination format', () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:x',
    ]) {
      const j = job(exampleAlert({ url }));
      const sent = [
        slackPayload(j),
        discordPayload(j),
        teamsPayload(j),
        ntfyPayload(j, 't'),
        alertText(j.summary),
      ].map((p) => JSON.stringify(p));
      for (const text of sent) expect(text).not.toContain(url.slice(0, 10));
    }
  });
});

type Block = { type: string; text?: string; inlines?: Array<{ text: string }> };
const textOf = (b: Block) => b.text ?? b.inlines?.map((i) => i.text).join('') ?? '';

describe('Teams cards stay under the Power Automate limit', () => {
  const long: Array<[string, Partial<AlertEvent['data']>]> = [
    ['long ASCII analysis', { analysis: 'a'.repeat(60_000) }],
    ['four-byte characters', { analysis: '📈'.repeat(30_000) }],
    ['characters JSON escapes to six bytes', { analysis: `${'\u0001'.repeat(20_000)}${'a'.repeat(30_000)}` }],
    ['quotes and backslashes', { analysis: '"\\'.repeat(20_000) }],
    [
      'every text field long',
      { analysis: '€'.repeat(20_000), reason: '\u0002'.repeat(20_000), tracker_name: '"'.repeat(5000) },
    ],
  ];
  it.each(long)('%s', (_name, data) => {
    const alert = exampleAlert({ url: 'https://console.example/runs/1', ...data });
    const payload = teamsPayload(job(alert));
    const body = JSON.stringify(payload);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(TEAMS_LIMITS.messageBytes);
    // Still a valid message: one Adaptive Card; the alert's text in TextRuns (never read as
    // markdown), the receiver's note a TextBlock; all of it well-formed.
    const parsed = JSON.parse(body) as {
      type: string;
      attachments: Array<{
        contentType: string;
        content: { type: string; version: string; body: Block[]; actions: unknown[] };
      }>;
    };
    expect(parsed.type).toBe('message');
    expect(parsed.attachments).toHaveLength(1);
    const card = parsed.attachments[0]!;
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    for (const block of card.content.body) {
      expect(['RichTextBlock', 'TextBlock']).toContain(block.type);
      expect(typeof textOf(block)).toBe('string');
      expect(wellFormed(textOf(block))).toBe(true);
    }
    const texts = card.content.body.map(textOf);
    // The cut is marked and points to the full text.
    expect(texts.some((t) => t.endsWith('…'))).toBe(true);
    expect(texts.at(-1)).toBe(
      'Shortened for Teams; [see the tracker](https://console.example/runs/1) for the full text.',
    );
    expect(card.content.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Open the run', url: 'https://console.example/runs/1' },
    ]);
  });

  it('an ordinary alert is sent whole, without the note', () => {
    const alert = exampleAlert({ url: 'https://console.example/runs/1', analysis: 'short' });
    const body = (teamsPayload(job(alert)) as { attachments: Array<{ content: { body: Block[] } }> })
      .attachments[0]!.content.body;
    expect(body.map(textOf)).toContain('short');
    expect(body.some((b) => textOf(b).includes('see the tracker'))).toBe(false);
  });

  it('without a link, the note still says where the full text is; a huge link is left out', () => {
    for (const url of [undefined, `https://console.example/${'x'.repeat(40_000)}`]) {
      const alert = exampleAlert({ analysis: 'b'.repeat(60_000), ...(url ? { url } : {}) });
      const body = JSON.stringify(teamsPayload(job(alert)));
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(TEAMS_LIMITS.messageBytes);
      expect(body).toContain('Shortened for Teams; see the tracker for the full text.');
    }
  });
});
