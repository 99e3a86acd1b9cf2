// An alert no platform can take as it is (a run URL of thousands of characters, a 64 KB space id
// in a group's page link) must leave the receiver as one more post within the platform's limits:
// the receiver in its own process keeps answering, delivers the next alert everywhere, stops on
// SIGTERM, and starts again on a store that still holds such a delivery.
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { DISCORD_LIMITS } from '../../src/delivery/destinations/discord.ts';
import { NTFY_LIMITS } from '../../src/delivery/destinations/ntfy.ts';
import { openStore } from '../../src/store/open-store.ts';
import { exampleAlert, ingestItem, signedRequest } from '../helpers/alerts.ts';
import { ENV, writeConfig } from '../helpers/crash-harness.ts';
import { type Loopback, type Recorded, startLoopback } from '../helpers/loopback.ts';
import { freePort, spawnReceiver } from '../helpers/spawn-receiver.ts';

const loops: Loopback[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await Promise.all(loops.map((l) => l.close()));
});

const LONG_URL = `https://console.tracker.example/runs/${'r'.repeat(4100)}`;
const HUGE_SPACE = `spc_${'s'.repeat(64 * 1024)}`;

/** Over-limit findings for one request as the stand-in received it, measured on the bytes sent. */
function overLimits(type: 'ntfy' | 'discord', r: Recorded): string[] {
  if (type === 'ntfy') {
    const p = r.json as { message: string };
    return [
      ...(Buffer.byteLength(r.body) > NTFY_LIMITS.bodyBytes ? [`body ${Buffer.byteLength(r.body)}`] : []),
      ...(Buffer.byteLength(p.message) > NTFY_LIMITS.messageBytes
        ? [`message ${Buffer.byteLength(p.message)}`]
        : []),
    ];
  }
  const p = r.json as {
    content: string;
    embeds: Array<{ title?: string; description?: string; url?: string }>;
  };
  const total = p.embeds.reduce((sum, e) => sum + (e.title?.length ?? 0) + (e.description?.length ?? 0), 0);
  return [
    ...(p.content.length > DISCORD_LIMITS.content ? [`content ${p.content.length}`] : []),
    ...(total > DISCORD_LIMITS.embedTotal ? [`embeds ${total}`] : []),
    ...p.embeds.flatMap((e) => [
      ...((e.description?.length ?? 0) > DISCORD_LIMITS.description
        ? [`description ${e.description!.length}`]
        : []),
      ...((e.title?.length ?? 0) > DISCORD_LIMITS.title ? [`title ${e.title!.length}`] : []),
      ...((e.url?.length ?? 0) > DISCORD_LIMITS.url ? [`url ${e.url!.length}`] : []),
    ]),
  ];
}

/** /healthz within a few seconds, or the reason it did not answer. */
async function health(port: number): Promise<number | string> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5000) })).status;
  } catch (error) {
    return `no answer: ${(error as Error).name}`;
  }
}

/** Sends an alert stamped now; a receiver that stopped answering fails it within seconds. */
async function send(port: number, event: { timestamp: string }) {
  event.timestamp = new Date().toISOString();
  const req = signedRequest(event);
  const answer = await fetch(`http://127.0.0.1:${port}/webhooks/tracker`, {
    method: 'POST',
    body: req.body,
    headers: req.headers,
    signal: AbortSignal.timeout(10_000),
  });
  expect(answer.status).toBe(200);
  await answer.text();
}

const reached = (loop: Loopback, marker: string) => loop.requests.some((r) => r.body.includes(marker));

describe('poison alerts for ntfy and Discord', () => {
  it('the receiver keeps answering and delivering, stops on SIGTERM, and restarts on a store holding one', async () => {
    const ntfy = await startLoopback();
    const discord = await startLoopback();
    loops.push(ntfy, discord);
    const { configPath, storePath } = writeConfig('tk-poison-format-', {
      destinations: [
        { name: 'ntfy', type: 'ntfy', url: ntfy.url, topic: 'alerts' },
        { name: 'discord', type: 'discord', url: `${discord.url}/api/webhooks/1/token` },
      ],
      route: {
        destination: ['ntfy', 'discord'],
        group_by: ['space_id'],
        // Long enough for both alerts of the 64 KB space to be notified as one group.
        group_wait: '1s',
        group_interval: '1h',
      },
      delivery: { poll_interval: '20ms', retry: { max_attempts: 1 } },
      links: { console_origins: [new URL(LONG_URL).origin] },
    });
    const port = await freePort();
    const first = await spawnReceiver(configPath, port, ENV);
    children.push(first.child);

    // A run URL of 4,100 characters alone in its group, and two alerts of one 64 KB space (a group
    // whose page link holds the space id).
    await send(port, exampleAlert({ tracker_id: 'trk_long_url', tracker_name: 'Long URL', url: LONG_URL }));
    for (const id of ['a', 'b'])
      await send(
        port,
        exampleAlert({
          tracker_id: `trk_huge_${id}`,
          tracker_name: `Huge space ${id}`,
          space_id: HUGE_SPACE,
        }),
      );
    await waitUntil(
      () =>
        [ntfy, discord].every(
          (l) => reached(l, 'Long URL') && reached(l, 'Huge space a') && reached(l, 'Huge space b'),
        ),
      { what: 'the poison alerts sent', timeout: 15_000 },
    );
    expect(await health(port)).toBe(200);

    await send(
      port,
      exampleAlert({ tracker_id: 'trk_next', tracker_name: 'Next alert', space_id: 'spc_next' }),
    );
    await waitUntil(() => [ntfy, discord].every((l) => reached(l, 'Next alert')), {
      what: 'the next alert at both destinations',
      timeout: 30_000,
    });
    // The poison alerts went too, each post within its platform's limits.
    for (const l of [ntfy, discord]) {
      expect(reached(l, 'Long URL')).toBe(true);
      expect(reached(l, 'Huge space a') && reached(l, 'Huge space b')).toBe(true);
    }
    expect(ntfy.requests.flatMap((r) => overLimits('ntfy', r))).toEqual([]);
    expect(discord.requests.flatMap((r) => overLimits('discord', r))).toEqual([]);

    first.child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => first.child.once('exit', resolve));
    expect(code).toBe(0);

    // A delivery of the poison alert still pending in the store, as a stopped receiver leaves one.
    const store = openStore(storePath);
    await store.ingest(
      ingestItem('msg_stored_poison', {
        source: 'tracker',
        body: JSON.stringify(
          exampleAlert({
            tracker_id: 'trk_stored',
            tracker_name: 'Stored poison',
            url: LONG_URL,
            space_id: HUGE_SPACE,
          }),
        ),
        matches: [{ path: 'root', destinations: ['ntfy', 'discord'], repeatIntervalMs: 0, muted: false }],
      }),
    );
    await store.close();

    const second = await spawnReceiver(configPath, port, ENV);
    children.push(second.child);
    expect(await health(port)).toBe(200);
    await waitUntil(() => [ntfy, discord].every((l) => reached(l, 'Stored poison')), {
      what: 'the stored poison delivered',
      timeout: 30_000,
    });
    await send(
      port,
      exampleAlert({ tracker_id: 'trk_after', tracker_name: 'After restart', space_id: 'spc_after' }),
    );
    await waitUntil(() => [ntfy, discord].every((l) => reached(l, 'After restart')), {
      what: 'the alert after the restart at both destinations',
      timeout: 30_000,
    });
    expect(ntfy.requests.flatMap((r) => overLimits('ntfy', r))).toEqual([]);
    expect(discord.requests.flatMap((r) => overLimits('discord', r))).toEqual([]);
    second.child.kill('SIGTERM');
    expect(await new Promise((resolve) => second.child.once('exit', resolve))).toBe(0);
  });
});
