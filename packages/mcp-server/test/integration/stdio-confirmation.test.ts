// A 2026-07-28 client over real stdio (the spawned bin), the default transport of desktop
// assistants: it declares elicitation in each request's envelope, not at initialize, and must be
// asked before a delete exactly as over HTTP (confirmation.test.ts).
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastClient, startTestEmulator, trackerArgs } from './harness.ts';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

const api = () => fastClient(emulator);
const exists = (trackerId: string) =>
  api()
    .trackers.get(trackerId)
    .then(
      () => true,
      () => false,
    );

async function connect(answer: { action: 'accept' | 'decline'; content?: { confirm: boolean } }) {
  const asked: string[] = [];
  const client = new Client(
    { name: 'stdio-confirm-modern', version: '0' },
    { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(String(request.params.message));
    return answer;
  });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=trackerkit-source', 'src/bin.ts'],
      cwd: packageDir,
      env: {
        PATH: process.env.PATH ?? '',
        TRACKER_API_URL: emulator.baseUrl,
        TRACKER_API_TOKEN: emulator.token,
      },
      stderr: 'pipe',
    }),
  );
  return { client, asked };
}

describe('confirmation over stdio, 2026-07-28 client', () => {
  it.each(['accept', 'decline'] as const)(
    'a delete asks the user exactly once: %s',
    async (choice) => {
      const { tracker_id: trackerId } = await api().trackers.create(emulator.spaceId, {
        name: 'To delete over stdio',
        description: 'Deleted by the stdio confirmation test.',
        run_mode: 'manual',
        agent_config: { instruction: trackerArgs('').instruction, score_meaning: '10 = good', skills: [] },
      });
      const { client, asked } = await connect(
        choice === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: 'decline' },
      );
      try {
        const result = await client.callTool({
          name: 'delete_tracker',
          arguments: { tracker_id: trackerId },
        });
        expect(asked).toEqual([expect.stringContaining(`Delete tracker ${trackerId}`)]);
        if (choice === 'accept') {
          expect(result.isError).toBeFalsy();
          expect(await exists(trackerId)).toBe(false);
        } else {
          expect(result.isError).toBe(true);
          expect(JSON.stringify(result.content)).toContain('the user did not confirm; nothing was changed');
          expect(await exists(trackerId)).toBe(true);
        }
      } finally {
        await client.close();
      }
    },
    30_000,
  );
});
