// Destructive tools ask the user first when the client can be asked (elicitation): through
// input_required on 2026-07-28 (HTTP here), through the SDK's elicitation/create shim on a 2025-era
// connection that declared elicitation at initialize (a connection, as over stdio; in memory
// here). Stateless 2025-era HTTP requests carry no capabilities, and a client without elicitation
// gets the tool at once: there the annotations (destructiveHint) are what the host shows, as the
// scenario tests show.
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttp,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrackerMcpServer, type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { fastClient, startTestEmulator, trackerArgs } from './harness.ts';

let emulator: RunningEmulator;
let http: RunningHttpServer;

beforeAll(async () => {
  emulator = await startTestEmulator();
  http = await startHttpServer({ client: fastClient(emulator), port: 0 });
});
afterAll(async () => {
  await http?.close();
  await emulator?.close();
});

const api = () => fastClient(emulator);
const newTracker = async () =>
  (
    await api().trackers.create(emulator.spaceId, {
      name: 'To delete',
      description: 'Deleted by the confirmation test.',
      run_mode: 'manual',
      agent_config: { instruction: trackerArgs('').instruction, score_meaning: '10 = good', skills: [] },
    })
  ).tracker_id;
const exists = (trackerId: string) =>
  api()
    .trackers.get(trackerId)
    .then(
      () => true,
      () => false,
    );

type Answer = { action: 'accept' | 'decline'; content?: { confirm: boolean } };

async function connect(era: '2025-11-25' | '2026-07-28', answer: Answer, asked: string[]) {
  const requestInit = { headers: { authorization: `Bearer ${http.authToken}` } };
  const url = new URL(http.url);
  if (era === '2026-07-28') {
    const client = new ModernClient(
      { name: 'confirm-modern', version: '0' },
      { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: era } } },
    );
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(String(request.params.message));
      return answer;
    });
    await client.connect(new ModernHttp(url, { requestInit }));
    return client as unknown as Client;
  }
  const client = new Client({ name: 'confirm-legacy', version: '0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(String(request.params.message));
    return answer;
  });
  const server = createTrackerMcpServer({ client: api() });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

describe('confirmation of destructive tools', () => {
  it.each([
    ['2026-07-28', 'accept'],
    ['2026-07-28', 'decline'],
    ['2025-11-25', 'accept'],
    ['2025-11-25', 'decline'],
  ] as const)('a %s client that can be asked: %s', async (era, choice) => {
    const trackerId = await newTracker();
    const asked: string[] = [];
    const answer: Answer =
      choice === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: 'decline' };
    const client = await connect(era, answer, asked);
    try {
      const result = await client.callTool({ name: 'delete_tracker', arguments: { tracker_id: trackerId } });
      expect(asked).toEqual([expect.stringContaining(`Delete tracker ${trackerId}`)]);
      if (choice === 'accept') {
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({ deleted: true });
        expect(await exists(trackerId)).toBe(false);
      } else {
        expect(result.isError).toBe(true);
        expect(JSON.stringify(result.content)).toContain('the user did not confirm; nothing was changed');
        expect(await exists(trackerId)).toBe(true);
      }
    } finally {
      await client.close();
    }
  });

  it('a 2025-era client over stateless HTTP cannot be asked: the tool runs, and its listing and description say it deletes', async () => {
    // The client declares elicitation at initialize, but each later request reaches a fresh
    // server (any replica) that never saw it, and a server-initiated request has no session to
    // come back on: the SDK cannot ask, so nothing waits for an answer that cannot arrive.
    const trackerId = await newTracker();
    const asked: string[] = [];
    const client = new Client(
      { name: 'confirm-stateless', version: '0' },
      { capabilities: { elicitation: {} } },
    );
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(String(request.params.message));
      return { action: 'decline' };
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(http.url), {
        requestInit: { headers: { authorization: `Bearer ${http.authToken}` } },
      }),
    );
    try {
      const listed = (await client.listTools()).tools.find((tool) => tool.name === 'delete_tracker');
      expect(listed?.annotations).toMatchObject({ destructiveHint: true });
      expect(listed?.annotations?.readOnlyHint).not.toBe(true);
      expect(listed?.description).toMatch(/^Irreversibly delete .* Confirm with the user/);
      const result = await client.callTool({ name: 'delete_tracker', arguments: { tracker_id: trackerId } });
      expect(asked).toEqual([]);
      expect(result.isError).toBeFalsy();
      expect(await exists(trackerId)).toBe(false);
    } finally {
      await client.close();
    }
  });
});
