// Shared setup for integration tests: the real emulator, the real client and an MCP Client.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { createTrackerMcpServer, type TrackerMcpServerOptions } from '../../src/index.ts';
import { serviceFetch } from '../../src/service-fetch.ts';

export async function startTestEmulator(): Promise<RunningEmulator> {
  return startEmulator({ port: 0, validateResponses: true, log: () => {} });
}

/**
 * The server's client (its lean fetch, as the bin's) with short poll intervals, so waiting tests
 * take a second, not fifteen.
 */
export function fastClient(emulator: RunningEmulator) {
  const client = createTrackerClient({
    baseUrl: emulator.baseUrl,
    token: emulator.token,
    fetch: serviceFetch,
  });
  const wait = client.runs.wait.bind(client.runs);
  client.runs.wait = (trackerId, runId, options = {}) =>
    wait(trackerId, runId, { intervalMs: 50, maxIntervalMs: 200, ...options });
  return client;
}

export async function connectInMemory(
  emulator: RunningEmulator,
  options: Omit<TrackerMcpServerOptions, 'client'> = {},
) {
  const server = createTrackerMcpServer({ client: fastClient(emulator), ...options });
  const client = new Client({ name: 'trackerkit-test', version: '0.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** Calls a tool and returns the result typed as a CallToolResult. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

export function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

export function structured<T = Record<string, unknown>>(result: CallToolResult): T {
  if (result.isError) throw new Error(`tool failed: ${textOf(result)}`);
  return result.structuredContent as T;
}

export const trackerArgs = (spaceId: string, name = 'ACME supplier risk') => ({
  space_id: spaceId,
  name,
  description: 'Watches ACME for supply-chain risk.',
  instruction: 'Weigh delivery delays and financial filings.',
  score_meaning: '10 = no supply risk, 0 = imminent disruption',
  skills: ['web_research'],
});
