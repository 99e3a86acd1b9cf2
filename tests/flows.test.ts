// The architecture's flows across packages, each part real: an assistant's tool calls through the
// MCP server and the client to the emulator; the emulator's signed alert to the receiver; the
// receiver's delivery to a loopback server that speaks Slack's incoming-webhook format.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { createTrackerMcpServer } from '@trackerkit/mcp-server';
import { type Receiver, startReceiver } from '@trackerkit/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from './helpers/wait-until.ts';

interface SlackPost {
  text: string;
  blocks?: unknown[];
}

async function slackLoopback(): Promise<{ server: Server; url: string; posts: SlackPost[] }> {
  const posts: SlackPost[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posts.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as SlackPost);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/services/T0/B0/x`,
    posts,
  };
}

const until = <T>(probe: () => T | undefined, what: string, timeout = 15_000) =>
  waitUntil(probe, { what, timeout, interval: 25 });

describe('assistant → service → alert → Slack', () => {
  let emulator: RunningEmulator;
  let receiver: Receiver;
  let slack: Awaited<ReturnType<typeof slackLoopback>>;
  let mcp: Client;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, validateResponses: true, log: () => {} });
    slack = await slackLoopback();
    const { secret } = emulator.setWebhook(null);
    receiver = await startReceiver({
      port: 0,
      storagePath: ':memory:',
      config: {
        sources: [{ name: 'tracker', path: '/hooks/tracker', secret }],
        destinations: [{ name: 'slack', type: 'slack', url: slack.url }],
        route: { destination: 'slack' },
        log: { level: 'silent' },
      },
    });
    emulator.setWebhook(receiver.sourceUrls.tracker as string);
    const server = createTrackerMcpServer({
      client: createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token }),
    });
    mcp = new Client({ name: 'e2e', version: '0.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), mcp.connect(clientSide)]);
  });

  afterAll(async () => {
    await mcp?.close();
    await receiver?.close();
    await new Promise((r) => slack?.server.close(r));
    await emulator?.close();
  });

  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return result.structuredContent as Record<string, unknown>;
  };

  it('delivers the alert of a run that crosses the lower bound, and only that one', async () => {
    const tracker = await call('create_tracker', {
      space_id: emulator.spaceId,
      name: 'Port congestion',
      description: 'Watches container port congestion.',
      instruction: 'Weigh vessel queue length and dwell times from the vault.',
      score_meaning: '10 = free-flowing ports, 0 = gridlock',
      skills: [],
      notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 3 },
    });
    const trackerId = tracker.tracker_id as string;
    const rows = Array.from({ length: 1_200 }, (_, i) => ({ vessel: `V-${i}`, queue_hours: i % 48 }));
    expect(
      await call('upload_vault_data', { tracker_id: trackerId, source_name: 'queues', rows }),
    ).toMatchObject({
      rows_processed: 1_200,
    });

    const calm = await call('run_tracker', { tracker_id: trackerId, context: { emulator: { score: 7 } } });
    expect(calm).toMatchObject({ done: true, score: 7, signal: 'Positive' });
    const jammed = await call('run_tracker', { tracker_id: trackerId, context: { emulator: { score: 1 } } });
    expect(jammed).toMatchObject({ done: true, score: 1, signal: 'Poor' });

    const post = await until(() => slack.posts[0], 'the Slack post');
    expect(post.text).toContain('Port congestion');
    expect(post.text).toMatch(/lower/i);
    expect(post.text).toContain('Poor');
    expect(post.blocks?.length).toBeGreaterThan(0);
    // The run at 7 was inside its bounds: no alert was sent for it, so Slack saw exactly one post
    // once the receiver has nothing left to send.
    await until(
      async () => (await receiver.store.list('pending')).length === 0 || undefined,
      'nothing pending',
    );
    expect(slack.posts).toHaveLength(1);

    const runs = await call('list_runs', { tracker_id: trackerId, notification_status: 'success' });
    expect(JSON.stringify(runs)).toContain(jammed.run_id as string);
    expect(JSON.stringify(runs)).not.toContain(calm.run_id as string);
    expect(emulator.contractViolations()).toEqual([]);
  });
});
