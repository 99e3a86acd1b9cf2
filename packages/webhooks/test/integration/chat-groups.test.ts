// Groups of 150 and 1,000 alerts with hostile text, and each hostile input alone, through every chat
// destination to loopback stand-ins (an SMTP server for e-mail): every alert named or the exact
// count left out linked, nothing live from the alerts' text (no link linkifyjs or linkify-it finds
// in any text field of the posts as received), every post within its platform's limits as sent.
import { createRequire } from 'node:module';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupNotification } from '../../src/alerts/alertmanager-payload.ts';
import { formatAlert } from '../../src/alerts/format-alert.ts';
import { encodeLink } from '../../src/alerts/run-link.ts';
import { groupLink } from '../../src/delivery/chat-message.ts';
import { createDestination } from '../../src/delivery/create-destination.ts';
import { DISCORD_LIMITS } from '../../src/delivery/destinations/discord.ts';
import { NTFY_LIMITS } from '../../src/delivery/destinations/ntfy.ts';
import { SLACK_LIMITS } from '../../src/delivery/destinations/slack.ts';
import { TEAMS_LIMITS } from '../../src/delivery/destinations/teams.ts';
import { notificationSummary } from '../../src/delivery/format-group.ts';
import type { DeliveryJob } from '../../src/delivery/types.ts';
import { exampleAlert } from '../helpers/alerts.ts';
import { discord, HOSTILE, plainText, readable, slack, teams } from '../helpers/chat-checks.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { startSmtp } from '../helpers/smtp.ts';

// The library's ESM build imports without file extensions; its UMD bundle loads in Node.
const AC = createRequire(import.meta.url)(
  'adaptivecards/dist/adaptivecards.js',
) as typeof import('adaptivecards');

const EXTERNAL = 'https://receiver.example/base';
// The console's origin the destinations are configured with (links.console_origins).
const CONSOLE = 'https://console.example';
const marker = (i: number) => `trk${String(i).padStart(3, '0')}x`;
const retry = { maxAttempts: 1, initialDelayMs: 1, maxDelayMs: 1, factor: 1 };

function notification(
  count: number,
  hostileAt = 0,
  runUrl = (i: number) => `${CONSOLE}/runs/${i}#x)y|z>w`,
): GroupNotification {
  const at = Date.now();
  return {
    receiver: 'chat',
    groupKey: '{}:{space_id="s"}',
    groupLabels: { space_id: 'sp)ace|"x' },
    at,
    alerts: Array.from({ length: count }, (_, i) => {
      const [, text] = HOSTILE[(i + hostileAt) % HOSTILE.length]!;
      const event = exampleAlert({
        tracker_id: `trk_${i}`,
        tracker_name: `${marker(i)} ${text}`,
        reason: text,
        analysis: `${text} ${'analysis '.repeat(1100)}`.slice(0, 10_000),
        url: runUrl(i),
      });
      const summary = formatAlert(event);
      // Every fifth alert resolved, so both kinds are listed.
      return {
        fingerprint: `fp${i}`,
        labels: { tracker_id: `trk_${i}` },
        annotations: {},
        startsAt: at - 60_000,
        endsAt: i % 5 === 4 ? at - 1000 : null,
        generatorURL: summary.url ?? '',
        summary,
      };
    }),
  };
}

function job(n: GroupNotification, key: string): DeliveryJob {
  const latest = n.alerts.at(-1)!;
  return {
    event: exampleAlert(),
    summary: n.alerts.length === 1 ? latest.summary : notificationSummary(n),
    notification: n,
    idempotencyKey: key,
    body: '{}',
    attempt: 1,
    signal: AbortSignal.timeout(10_000),
  };
}

const CHAT = ['slack', 'discord', 'teams', 'ntfy'] as const;
const loops = {} as Record<(typeof CHAT)[number], Loopback>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  for (const name of CHAT) loops[name] = await startLoopback();
  smtp = await startSmtp();
});
afterAll(async () => {
  for (const name of CHAT) await loops[name].close();
  await smtp.close();
});

/** Sends one notification through a destination; the posts as the stand-in received them. */
async function send(type: (typeof CHAT)[number] | 'email', n: GroupNotification, key: string) {
  const base = { name: type, timeoutMs: 10_000, retry, consoleOrigins: [CONSOLE] };
  const config =
    type === 'email'
      ? {
          ...base,
          type,
          smtp: { host: '127.0.0.1', port: smtp.port, secure: false, requireTls: false },
          from: 'alerts@trackerkit.test',
          to: ['ops@trackerkit.test'],
        }
      : type === 'ntfy'
        ? { ...base, type, url: loops.ntfy.url, topic: 'alerts' }
        : { ...base, type, url: `${loops[type].url}/hook/${type}` };
  const destination = createDestination(config as never, { externalURL: () => EXTERNAL });
  const before = type === 'email' ? smtp.mails.length : loops[type].requests.length;
  const outcome = await destination.deliver(job(n, key));
  await destination.close?.();
  expect(outcome).toMatchObject({ ok: true });
  if (type === 'email') return smtp.mails.slice(before).map((m) => m.raw);
  return loops[type].requests.slice(before).map((r) => r.body);
}

/** `fill`: how full the post is, as a fraction of the platform's binding limit. */
type Render = { visible: string; problems: string[]; overLimit: string[]; fill: number };

/** Per platform: what a person sees, what is live from the alerts' text, what is over a limit. */
const RENDER: Record<(typeof CHAT)[number], (body: string, links: string[]) => Render> = {
  slack(body, links) {
    const p = JSON.parse(body) as {
      text: string;
      mrkdwn: boolean;
      blocks: Array<{
        type: string;
        text?: { type: string; text: string };
        elements?: Array<{ text: string }>;
      }>;
    };
    const plainTexts = [p.text, ...p.blocks.flatMap((b) => (b.text ? [b.text.text] : []))];
    const mrkdwn = p.blocks.flatMap((b) => b.elements?.map((e) => e.text) ?? []);
    const blockText = [...plainTexts.slice(1), ...mrkdwn].reduce((n, t) => n + t.length, 0);
    return {
      visible: [...plainTexts, ...mrkdwn].map(slack.visible).join('\n'),
      problems: [
        ...(p.mrkdwn === false ? [] : ['text is mrkdwn']),
        ...p.blocks.filter((b) => b.text && b.text.type !== 'plain_text').map(() => 'a mrkdwn section'),
        ...plainTexts.flatMap((t) => slack.problems(t)),
        ...mrkdwn.flatMap((t) => slack.mrkdwnProblems(t, links)),
      ],
      fill: Math.max(p.blocks.length / SLACK_LIMITS.blocks, blockText / SLACK_LIMITS.blockTextChars),
      overLimit: [
        ...(p.blocks.length > SLACK_LIMITS.blocks ? [`${p.blocks.length} blocks`] : []),
        ...(blockText > SLACK_LIMITS.blockTextChars ? [`${blockText} characters of block text`] : []),
        ...p.blocks
          .filter(
            (b) =>
              (b.text?.text.length ?? 0) >
              (b.type === 'header' ? SLACK_LIMITS.headerChars : SLACK_LIMITS.textObjectChars),
          )
          .map((b) => `a ${b.type} of ${b.text!.text.length}`),
        ...mrkdwn
          .filter((t) => t.length > SLACK_LIMITS.textObjectChars)
          .map((t) => `a context of ${t.length}`),
      ],
    };
  },
  discord(body, links) {
    const p = JSON.parse(body) as {
      content: string;
      embeds: Array<{ title?: string; description?: string }>;
      allowed_mentions: { parse: string[] };
    };
    const texts = [p.content, ...p.embeds.flatMap((e) => [e.title ?? '', e.description ?? ''])];
    const total = p.embeds.reduce((sum, e) => sum + (e.title?.length ?? 0) + (e.description?.length ?? 0), 0);
    return {
      visible: texts.map(discord.visible).join('\n'),
      problems: [
        ...(p.allowed_mentions.parse.length === 0 ? [] : ['mentions allowed']),
        ...texts.flatMap((t) => discord.problems(t, links)),
      ],
      fill: Math.max(total / DISCORD_LIMITS.embedTotal, p.embeds.length / DISCORD_LIMITS.embeds),
      overLimit: [
        ...(p.content.length > DISCORD_LIMITS.content ? ['content'] : []),
        ...(p.embeds.length > DISCORD_LIMITS.embeds ? ['embeds'] : []),
        ...(total > DISCORD_LIMITS.embedTotal ? [`embeds total ${total}`] : []),
        ...p.embeds
          .filter((e) => (e.description?.length ?? 0) > DISCORD_LIMITS.description)
          .map(() => 'description'),
        ...p.embeds.filter((e) => (e.title?.length ?? 0) > DISCORD_LIMITS.title).map(() => 'title'),
      ],
    };
  },
  teams(body, links) {
    const p = JSON.parse(body) as {
      attachments: Array<{ content: { body: Block[]; actions?: Array<{ url: string }> } }>;
    };
    const content = p.attachments[0]!.content;
    const runs = content.body.flatMap((b) => b.inlines?.map((i) => i.text) ?? []);
    const blocks = content.body.filter((b) => b.type === 'TextBlock').map((b) => b.text ?? '');
    // The card as the Adaptive Cards library reads it: no unknown element, no invalid property.
    const card = new AC.AdaptiveCard();
    const context = new AC.SerializationContext();
    card.parse(content, context);
    const validation = card.validateProperties();
    return {
      visible: [...runs, ...blocks].join('\n'),
      problems: [
        ...runs.flatMap((t) => teams.problems(t)),
        // A TextBlock (markdown) holds only the receiver's words and links.
        ...blocks
          .filter((t) => !/^\d+ more alerts of this group not listed here|^Shortened for Teams/.test(t))
          .map((t) => `TextBlock: ${t.slice(0, 40)}`),
        ...(content.actions ?? []).filter((a) => !links.includes(a.url)).map((a) => `action ${a.url}`),
        ...Array.from({ length: context.eventCount }, (_, i) => `card: ${context.getEventAt(i).message}`),
        ...validation.validationEvents.map((e) => `card: ${e.message}`),
      ],
      fill: Buffer.byteLength(body) / TEAMS_LIMITS.messageBytes,
      overLimit:
        Buffer.byteLength(body) > TEAMS_LIMITS.messageBytes ? [`${Buffer.byteLength(body)} bytes`] : [],
    };
  },
  ntfy(body, links) {
    const p = JSON.parse(body) as { title: string; message: string; click?: string; markdown?: boolean };
    return {
      visible: `${p.title}\n${p.message}`,
      problems: [
        ...(p.markdown ? ['markdown on'] : []),
        ...(p.click && !links.includes(p.click) ? [`click ${p.click}`] : []),
        ...plainText.problems(`${p.title}\n${p.message}`, links),
      ],
      fill: Math.max(
        Buffer.byteLength(p.message) / NTFY_LIMITS.messageBytes,
        Buffer.byteLength(body) / NTFY_LIMITS.bodyBytes,
      ),
      overLimit: [
        ...(Buffer.byteLength(p.message) > NTFY_LIMITS.messageBytes ? ['message bytes'] : []),
        ...(Buffer.byteLength(body) > NTFY_LIMITS.bodyBytes ? [`body ${Buffer.byteLength(body)} bytes`] : []),
      ],
    };
  },
};
type Block = { type: string; text?: string; inlines?: Array<{ text: string }> };

async function renderEmail(raw: string, links: string[]): Promise<Render> {
  const mail = await simpleParser(raw);
  const text = `${mail.subject ?? ''}\n${mail.text ?? ''}`;
  return {
    visible: text,
    problems: [...(mail.html ? ['an HTML part'] : []), ...plainText.problems(text, links)],
    overLimit: [],
    fill: 0,
  };
}

const render = (type: (typeof CHAT)[number] | 'email', body: string, links: string[]) =>
  type === 'email' ? renderEmail(body, links) : RENDER[type](body, links);

/** How many of alerts 0..count-1 the text names (each by its marker, once or more). */
const namedIn = (text: string, count: number) =>
  new Set([...text.matchAll(/trk(\d+)x/g)].map((m) => Number(m[1])).filter((i) => i < count)).size;

describe.each([...CHAT, 'email' as const])('%s', (type) => {
  it.each([150, 1000])(
    'a %i-alert group: every alert named or the exact count left out linked; nothing live; within limits',
    async (count) => {
      const n = notification(count);
      const link = groupLink(n, EXTERNAL)!;
      const posts = await send(type, n, `grp_${type}`);
      const rendered = await Promise.all(posts.map((p) => render(type, p, [link])));
      const visible = readable(rendered.map((r) => r.visible).join('\n'));
      const named = namedIn(visible, n.alerts.length);
      const left = Number(/(\d+) more alerts? of this group not listed here/.exec(visible)?.[1] ?? 0);
      expect(named + left).toBe(count);
      if (left > 0) expect(visible).toContain(link);
      expect(rendered.flatMap((r) => r.problems)).toEqual([]);
      expect(rendered.flatMap((r) => r.overLimit)).toEqual([]);
      // Split only as the limits force: no two posts in a row would have fitted in one.
      for (let k = 0; k + 1 < rendered.length; k++)
        expect(rendered[k]!.fill + rendered[k + 1]!.fill).toBeGreaterThan(1);
      if (type === 'email') expect(posts).toHaveLength(1);
      console.info(`${type}: ${count} alerts in ${posts.length} post(s), ${named} named, ${left} counted`);
      // The group's page link cannot be broken by the group's labels: `)`, `|` and `"` encoded.
      expect(link).toBe(`${EXTERNAL}/ui?filter=space_id%3D%22sp%29ace%7C%5C%22x%22`);
    },
  );

  it('a group past what the posts of one notification may hold: the exact count left out, linked', async () => {
    if (type === 'email') return; // mail has no such limit: the 150-alert case names every alert
    const n = notification(type === 'slack' ? 15_000 : 3000);
    const link = groupLink(n, EXTERNAL)!;
    const posts = await send(type, n, `big_${type}`);
    const rendered = await Promise.all(posts.map((p) => render(type, p, [link])));
    const visible = readable(rendered.map((r) => r.visible).join('\n'));
    const named = namedIn(visible, n.alerts.length);
    const left = Number(/(\d+) more alerts? of this group not listed here/.exec(visible)?.[1] ?? 0);
    expect(left).toBeGreaterThan(0);
    expect(named + left).toBe(n.alerts.length);
    expect(visible).toContain(link);
    expect(rendered.flatMap((r) => [...r.problems, ...r.overLimit])).toEqual([]);
    expect(posts).toHaveLength(10);
  });

  it.each(HOSTILE.map(([name], i) => [name, i] as const))('one alert: %s', async (_name, i) => {
    const n = notification(1, i);
    const run = n.alerts[0]!.summary.url!;
    const posts = await send(type, n, `one_${type}_${i}`);
    expect(posts).toHaveLength(1);
    // The run's link, as the alert gives it and as the receiver encodes it inside markup.
    const r = await render(type, posts[0]!, [run, encodeLink(run)]);
    expect(encodeLink(run)).toBe('https://console.example/runs/0#x%29y%7Cz%3Ew');
    expect(readable(r.visible)).toContain(marker(0));
    expect(r.problems).toEqual([]);
    expect(r.overLimit).toEqual([]);
  });

  const OFFERED_NOT: Array<[string, string]> = [
    ['userinfo naming the console', `${CONSOLE}@evil-run.com/runs/1`],
    ['a backslash', `${CONSOLE}\\@evil-run.com/runs/1`],
    ['another host', 'https://evil-run.com/runs/1'],
  ];
  it.each(OFFERED_NOT)('a run URL with %s is not offered as the run link', async (name, url) => {
    const n = notification(1, 0, () => url);
    const posts = await send(type, n, `off_${type}_${name}`);
    expect(posts).toHaveLength(1);
    expect(posts[0]).not.toContain('evil-run');
    expect(posts[0]).not.toContain('Open the run');
    expect(posts[0]).not.toContain('Run: ');
    const r = await render(type, posts[0]!, []);
    expect(r.problems).toEqual([]);
  });
});
