// Every destination's formatter, over alerts and groups of any content (test/helpers/alert-arbitraries.ts):
// it ends, and every post is within the limits named beside its destination, measured here on the
// bodies as sent (parsed and counted independently of the formatters), with no lone surrogate.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { webhookMessage } from '../../src/alerts/alertmanager-payload.ts';
import { formatAlert } from '../../src/alerts/format-alert.ts';
import { wireJson } from '../../src/alerts/wire-json.ts';
import { alertmanagerAlert } from '../../src/delivery/destinations/alertmanager.ts';
import { DISCORD_LIMITS, discordBodies } from '../../src/delivery/destinations/discord.ts';
import { EMAIL_LIMITS, emailMessage } from '../../src/delivery/destinations/email.ts';
import { line } from '../../src/delivery/destinations/file-sink.ts';
import { NTFY_LIMITS, ntfyBodies } from '../../src/delivery/destinations/ntfy.ts';
import {
  PAGERDUTY_LIMITS,
  pagerdutyPayload,
  pagerdutyV1Payload,
} from '../../src/delivery/destinations/pagerduty.ts';
import { SLACK_LIMITS, slackBodies } from '../../src/delivery/destinations/slack.ts';
import { TEAMS_LIMITS, teamsBodies } from '../../src/delivery/destinations/teams.ts';
import type { DeliveryJob } from '../../src/delivery/types.ts';
import {
  anyEvent,
  eventJob,
  GROUP_SIZES,
  groupJob,
  groupOf,
  loneSurrogates,
} from '../helpers/alert-arbitraries.ts';
import { exampleAlert } from '../helpers/alerts.ts';

const EXTERNAL = 'https://receiver.example/base';
const bytes = (text: string) => Buffer.byteLength(text);

/** What one body is measured at, and the limits it breaks (empty: none). */
type Check = { measures: Record<string, number>; problems: string[] };
const over = (what: string, value: number, limit: number) =>
  value > limit ? [`${what} ${value} > ${limit}`] : [];

type Slack = {
  text: string;
  blocks: Array<{ type: string; text?: { text: string }; elements?: Array<{ text: string }> }>;
};
function slackCheck(body: string): Check {
  const p = JSON.parse(body) as Slack;
  const texts = p.blocks.flatMap((b) => [
    ...(b.text ? [{ type: b.type, text: b.text.text }] : []),
    ...(b.elements ?? []).map((e) => ({ type: b.type, text: e.text })),
  ]);
  const blockText = texts.reduce((n, t) => n + t.text.length, 0);
  const header = Math.max(0, ...texts.filter((t) => t.type === 'header').map((t) => t.text.length));
  const textObject = Math.max(0, ...texts.filter((t) => t.type !== 'header').map((t) => t.text.length));
  return {
    measures: { blocks: p.blocks.length, blockText, header, textObject, text: p.text.length },
    problems: [
      ...over('blocks', p.blocks.length, SLACK_LIMITS.blocks),
      ...over('block text', blockText, SLACK_LIMITS.blockTextChars),
      ...over('header', header, SLACK_LIMITS.headerChars),
      ...over('text object', textObject, SLACK_LIMITS.textObjectChars),
      ...over('text', p.text.length, SLACK_LIMITS.fallbackChars),
      ...texts.filter((t) => t.text === '').map((t) => `an empty ${t.type}`),
    ],
  };
}

function teamsCheck(body: string): Check {
  return {
    measures: { bytes: bytes(body) },
    problems: over('bytes', bytes(body), TEAMS_LIMITS.messageBytes),
  };
}

type Discord = { content: string; embeds: Array<{ title?: string; description?: string; url?: string }> };
function discordCheck(body: string): Check {
  const p = JSON.parse(body) as Discord;
  const most = (f: (e: Discord['embeds'][number]) => number) => Math.max(0, ...p.embeds.map(f));
  const total = p.embeds.reduce((n, e) => n + (e.title?.length ?? 0) + (e.description?.length ?? 0), 0);
  const measures = {
    content: p.content.length,
    embeds: p.embeds.length,
    title: most((e) => e.title?.length ?? 0),
    description: most((e) => e.description?.length ?? 0),
    url: most((e) => e.url?.length ?? 0),
    embedTotal: total,
  };
  return {
    measures,
    problems: [
      ...over('content', measures.content, DISCORD_LIMITS.content),
      ...over('embeds', measures.embeds, DISCORD_LIMITS.embeds),
      ...over('title', measures.title, DISCORD_LIMITS.title),
      ...over('description', measures.description, DISCORD_LIMITS.description),
      ...over('url', measures.url, DISCORD_LIMITS.url),
      ...over('embeds total', total, DISCORD_LIMITS.embedTotal),
    ],
  };
}

function ntfyCheck(body: string): Check {
  const message = bytes((JSON.parse(body) as { message: string }).message);
  return {
    measures: { body: bytes(body), message },
    problems: [
      ...over('body', bytes(body), NTFY_LIMITS.bodyBytes),
      ...over('message', message, NTFY_LIMITS.messageBytes),
    ],
  };
}

function pagerdutyCheck(body: string): Check {
  const p = JSON.parse(body) as { dedup_key?: string; incident_key?: string; payload?: { summary: string } };
  const summary = p.payload?.summary.length ?? 0;
  const key = (p.dedup_key ?? p.incident_key ?? '').length;
  return {
    measures: { body: bytes(body), summary, dedupKey: key },
    problems: [
      ...over('event', bytes(body), PAGERDUTY_LIMITS.eventBytes),
      ...over('summary', summary, PAGERDUTY_LIMITS.summaryChars),
      ...over('dedup_key', key, PAGERDUTY_LIMITS.dedupKeyChars),
    ],
  };
}

function emailCheck(body: string): Check {
  const { subject, text } = JSON.parse(body) as { subject: string; text: string };
  return {
    measures: { subject: subject.length, text: bytes(text) },
    problems: [
      ...over('subject', subject.length, EMAIL_LIMITS.subjectChars),
      ...over('text', bytes(text), EMAIL_LIMITS.bodyBytes),
    ],
  };
}

/** No platform limit: the body is valid JSON. */
const anyCheck = (body: string): Check => ({ measures: { bytes: bytes(body) }, problems: [] });

type Destination = {
  bodies: (job: DeliveryJob) => string[];
  check: (body: string) => Check;
  groups: boolean;
};

const DESTINATIONS: Array<[string, Destination]> = [
  ['slack', { bodies: (job) => slackBodies(job, {}, EXTERNAL), check: slackCheck, groups: true }],
  ['teams', { bodies: (job) => teamsBodies(job, EXTERNAL), check: teamsCheck, groups: true }],
  [
    'discord',
    { bodies: (job) => discordBodies(job, undefined, EXTERNAL), check: discordCheck, groups: true },
  ],
  [
    'ntfy',
    { bodies: (job) => ntfyBodies(job, 'alerts', undefined, EXTERNAL), check: ntfyCheck, groups: true },
  ],
  // The subject and text nodemailer is handed, as JSON so one check reads every destination.
  [
    'email',
    { bodies: (job) => [JSON.stringify(emailMessage(job, EXTERNAL))], check: emailCheck, groups: true },
  ],
  [
    'pagerduty',
    {
      bodies: (job) => [wireJson(pagerdutyPayload(job, 'rk')), wireJson(pagerdutyV1Payload(job, 'sk'))],
      check: pagerdutyCheck,
      groups: false,
    },
  ],
  [
    'webhook',
    {
      bodies: (job) =>
        job.notification
          ? [wireJson(webhookMessage(job.notification, { externalURL: EXTERNAL, maxAlerts: 0 }))]
          : [],
      check: anyCheck,
      groups: true,
    },
  ],
  ['alertmanager', { bodies: (job) => [wireJson([alertmanagerAlert(job)])], check: anyCheck, groups: false }],
  // The line file and stdout write (the event as received; only its summary is formatted).
  ['file, stdout', { bodies: (job) => [line('sink', job)], check: anyCheck, groups: false }],
];

/** The largest measure seen per destination, printed at the end beside the limits. */
const largest = new Map<string, Record<string, number>>();

function property(name: string, destination: Destination) {
  return (job: DeliveryJob) => {
    const bodies = destination.bodies(job);
    const seen = largest.get(name) ?? {};
    for (const body of bodies) {
      const { measures, problems } = destination.check(body);
      for (const [k, v] of Object.entries(measures)) seen[k] = Math.max(seen[k] ?? 0, v);
      expect(problems).toEqual([]);
      if (name !== 'file, stdout') expect(loneSurrogates(JSON.parse(body))).toEqual([]);
    }
    largest.set(name, seen);
  };
}

// Runs sized for a few seconds per destination and size on a shared machine: a group of 5,000
// alerts costs a few hundred milliseconds to format.
const RUNS: Record<number, number> = { 1: 20, 150: 10, 1000: 5, 5000: 3 };

/** A group of `names.length` alerts, one per name, all of `space`. */
function group(names: string[], space: string, alert: Parameters<typeof exampleAlert>[0] = {}): DeliveryJob {
  const at = Date.parse('2030-01-01T00:10:00Z');
  return groupJob({
    receiver: 'chat',
    groupKey: '{}:{}',
    groupLabels: { space_id: space },
    at,
    alerts: names.map((name, i) => ({
      fingerprint: `fp${i}`,
      labels: {},
      annotations: {},
      startsAt: at,
      endsAt: null,
      generatorURL: '',
      summary: formatAlert(
        exampleAlert({ ...alert, tracker_id: `trk_${i}`, tracker_name: name, space_id: space }),
      ),
    })),
  });
}

const RUN = 'https://console.tracker.example/runs/';
const SPACE_64K = `spc_${'s'.repeat(64 * 1024)}`;
// The inputs the issue measured over a limit or hanging the receiver.
const CASES: Array<[string, { given: DeliveryJob }]> = [
  [
    'a run URL of 4,028 characters (ntfy hung)',
    { given: eventJob(exampleAlert({ url: `${RUN}${'r'.repeat(3992)}` })) },
  ],
  [
    'a run URL of 4,100 characters (Discord hung)',
    { given: eventJob(exampleAlert({ url: `${RUN}${'r'.repeat(4064)}` })) },
  ],
  ['a 64 KB space id in a group of two', { given: group(['Tracker A', 'Tracker B'], SPACE_64K) }],
  [
    'a group of 40 trackers with long names',
    {
      given: group(
        Array.from({ length: 40 }, (_, i) => `${i} ${'n'.repeat(20_000)}`),
        'spc_1',
      ),
    },
  ],
  ['a 200 KB analysis', { given: eventJob(exampleAlert({ analysis: 'a\u0001"'.repeat(70_000) })) }],
  [
    'a 64 KB space id and a 4,100-character run URL in one alert',
    { given: eventJob(exampleAlert({ space_id: SPACE_64K, url: `${RUN}${'r'.repeat(4064)}` })) },
  ],
];

describe.each(DESTINATIONS)('%s', (name, destination) => {
  it.each(CASES)('%s: every post within the limits', (_case, { given }) => {
    if (!destination.groups && given.notification) return;
    property(name, destination)(given);
  });

  it('one alert of any content: the formatter ends, every post within the limits', () => {
    fc.assert(
      fc.property(anyEvent, (event) => property(name, destination)(eventJob(event))),
      { numRuns: 60 },
    );
  });

  it.each(GROUP_SIZES)(
    'a group of %i alerts of any content: the formatter ends, every post within the limits',
    (size) => {
      if (!destination.groups) return;
      fc.assert(
        fc.property(groupOf(size), (n) => property(name, destination)(groupJob(n))),
        { numRuns: RUNS[size]! },
      );
    },
  );
});

afterAll(() => {
  for (const [name, seen] of largest) console.info(`${name}: largest ${JSON.stringify(seen)}`);
});
