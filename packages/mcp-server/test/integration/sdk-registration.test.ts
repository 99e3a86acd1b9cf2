// The tools are registered with the SDK's McpServer.registerTool, which validates what crosses the
// wire both ways: arguments (with our schema and the core's rules, so the text names each
// argument and rule) and structuredContent against the output schema (a handler that breaks its
// promise is an isError result, never bad data in front of the model).

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, registerTools, resolveToolOptions, type TrackerClientLike } from '../../src/index.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A tool promising `{ count: integer }`, whose handler returns what it is given. */
const echo = defineTool({
  name: 'echo_count',
  title: 'Echo a count',
  description: 'Returns the given structured result unchanged; for the registration test only.',
  toolset: 'spaces',
  operationId: null,
  input: z.strictObject({ count: z.unknown(), page_size: z.int().min(1).max(100).optional() }),
  output: z.object({ count: z.int() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(args) {
    return { structured: { count: args.count as number }, text: `count ${String(args.count)}` };
  },
});

async function connect() {
  const server = new McpServer({ name: 'registration-test', version: '0' });
  registerTools(server, [echo], { client: {} as TrackerClientLike, options: resolveToolOptions() });
  const client = new Client({ name: 'registration-test', version: '0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  close = async () => {
    await client.close();
    await server.close();
  };
  return client;
}

const callEcho = async (client: Client, args: Record<string, unknown>) =>
  (await client.callTool({ name: 'echo_count', arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

describe('tools registered with McpServer.registerTool', () => {
  it('a result matching the output schema passes', async () => {
    const result = await callEcho(await connect(), { count: 3 });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ count: 3 });
  });

  it('structuredContent breaking the output schema becomes an isError result naming the field', async () => {
    const result = await callEcho(await connect(), { count: 'three' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(
      /Output validation error: Invalid structured content for tool echo_count: count: /,
    );
  });

  it('refused arguments name the argument and the rule, and the handler is not run', async () => {
    const result = await callEcho(await connect(), { count: 1, page_size: 500 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^Input validation error: Invalid arguments for tool echo_count: `page_size`: .*100.* Correct them and call echo_count again\.$/,
    );
  });
});
