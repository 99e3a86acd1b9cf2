// Shared setup for integration tests: the real emulator, the real client and an MCP Client.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTrackerClient, type TrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { createTrackerMcpServer, type TrackerMcpServerOptions } from '../../src/index.ts';
import { serviceFetch } from '../../src/service/service-fetch.ts';
import { TASKS_EXTENSION } from '../../src/tasks/task-protocol.ts';

export async function startTestEmulator(): Promise<RunningEmulator> {
  return startEmulator({ port: 0, validateResponses: true, log: () => {} });
}

/**
 * The server's client (its lean fetch, as the bin's) with short poll intervals, so waiting tests
 * take a second, not fifteen.
 */
export function fastClient(emulator: RunningEmulator) {
  return polledFast(
    createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token, fetch: serviceFetch }),
  );
}

/** `client` with short run polls, kept by the clients withSignal makes of it (each tool call's). */
function polledFast(client: TrackerClient): TrackerClient {
  const wait = client.runs.wait.bind(client.runs);
  client.runs.wait = (trackerId, runId, options = {}) =>
    wait(trackerId, runId, { intervalMs: 50, maxIntervalMs: 200, ...options });
  const withSignal = client.withSignal.bind(client);
  client.withSignal = (signal) => polledFast(withSignal(signal));
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

/**
 * What both SDKs' StdioClientTransport take to start the `trackerkit-mcp` command from source
 * against the emulator, as a host would (its own PATH only, the service in the environment).
 */
export function commandParams(
  emulator: RunningEmulator,
  env: Record<string, string> = {},
  stderr: 'pipe' | 'ignore' = 'pipe',
) {
  return {
    command: process.execPath,
    args: ['--conditions=trackerkit-source', fileURLToPath(new URL('../../src/bin.ts', import.meta.url))],
    env: {
      PATH: process.env.PATH ?? '',
      TRACKER_API_URL: emulator.baseUrl,
      TRACKER_API_TOKEN: emulator.token,
      ...env,
    },
    stderr,
  };
}

/**
 * The JSON-RPC answer with id 1 of a Streamable HTTP POST, sent as JSON or as an SSE stream (the
 * server may choose either), with the body's text for a failure message.
 */
export async function answerOf(response: Response) {
  const text = await response.text();
  const messages = response.headers.get('content-type')?.includes('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => JSON.parse(line.slice(5)))
    : [JSON.parse(text)];
  return { answer: messages.find((message) => message.id === 1), text };
}

/** A POST to the emulator's console (`/_emulator/...`: accounts, their spaces), its JSON answer. */
export async function consolePost<T>(emulator: RunningEmulator, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${new URL(emulator.baseUrl).origin}/_emulator${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * One stateless 2026-07-28 JSON-RPC request over HTTP, its envelope in `_meta`; `tasks` declares
 * the Tasks extension in its client capabilities. Raw, because the SDK v2 client refuses a
 * `resultType: "task"` answer to tools/call ("Unsupported result type 'task'"). The answer,
 * whether the server sent JSON or an SSE stream.
 */
export async function modernRequest(
  target: { url: string; auth: string },
  method: string,
  params: Record<string, unknown>,
  tasks: boolean,
  signal?: AbortSignal,
) {
  const name = params.name ?? params.taskId;
  const response = await fetch(target.url, {
    method: 'POST',
    signal,
    headers: {
      authorization: `Bearer ${target.auth}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'trackerkit-test', version: '0' },
          'io.modelcontextprotocol/clientCapabilities': tasks
            ? { extensions: { [TASKS_EXTENSION]: {} } }
            : {},
        },
      },
    }),
  });
  return answerOf(response);
}
