// Over stateless HTTP a tools/call is answered by a server holding only the called tool
// (createTrackerMcpServer's `toolCall`): it must answer every call exactly as the whole server does,
// a refused argument, an unknown tool and a tool the read-only server does not offer included.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createTrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrackerMcpServer, type TrackerMcpServerOptions } from '../../src/index.ts';

let emulator: RunningEmulator;
let options: TrackerMcpServerOptions;
let trackerId: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, log: () => {} });
  const client = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token, retries: 0 });
  options = { client };
  const created = await client.trackers.create(emulator.spaceId, {
    name: 'One-tool server',
    description: 'Answers the same as the whole server.',
    run_mode: 'manual',
    agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
  });
  trackerId = created.tracker_id;
});
afterAll(() => emulator.close());

/** The answer of one tools/call on a fresh server: its result, or the protocol error's message. */
async function answer(serverOptions: TrackerMcpServerOptions, name: string, args: Record<string, unknown>) {
  const server = createTrackerMcpServer(serverOptions);
  const client = new Client({ name: 'one-tool-test', version: '0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    return await client.callTool({ name, arguments: args });
  } catch (error) {
    return { error: (error as Error).message };
  } finally {
    await client.close();
    await server.close();
  }
}

const cases: [
  string,
  { given: { name: string; args: () => Record<string, unknown>; readOnly?: boolean } },
][] = [
  ['get_tracker', { given: { name: 'get_tracker', args: () => ({ tracker_id: trackerId }) } }],
  ['list_trackers', { given: { name: 'list_trackers', args: () => ({ space_id: emulator.spaceId }) } }],
  ['a refused argument', { given: { name: 'get_tracker', args: () => ({ tracker_id: 'not an id' }) } }],
  [
    'a tracker the service lacks',
    { given: { name: 'get_tracker', args: () => ({ tracker_id: 'trk_missing' }) } },
  ],
  ['an unknown tool', { given: { name: 'no_such_tool', args: () => ({}) } }],
  [
    'a tool the read-only server does not offer',
    { given: { name: 'delete_tracker', args: () => ({ tracker_id: trackerId }), readOnly: true } },
  ],
];

describe('a server made for one tools/call', () => {
  it.each(cases)('answers %s as the whole server does', async (_, { given }) => {
    const serverOptions = { ...options, readOnly: given.readOnly ?? false };
    const whole = await answer(serverOptions, given.name, given.args());
    const oneTool = await answer({ ...serverOptions, toolCall: given.name }, given.name, given.args());
    expect(oneTool).toEqual(whole);
  });
});
