// Failures come back as isError results the model can act on; the connection stays usable.
import { readFileSync } from 'node:fs';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectInMemory, startTestEmulator, structured, textOf, trackerArgs } from './harness.ts';

let emulator: RunningEmulator;
let mcp: Awaited<ReturnType<typeof connectInMemory>>;

beforeAll(async () => {
  emulator = await startTestEmulator();
  mcp = await connectInMemory(emulator);
});
afterAll(async () => {
  await mcp?.close();
  await emulator?.close();
});

describe('errors', () => {
  it.each([
    ['a value out of range', 'list_spaces', { page_size: 500 }, /`page_size`/],
    ['a missing argument', 'get_tracker', {}, /`tracker_id`: is required/],
    ['an unknown argument', 'list_spaces', { pagesize: 5 }, /unknown argument `pagesize`/],
    ['a wrong enum value', 'list_runs', { tracker_id: 'trk_x', signal: 'Bad' }, /`signal`/],
    [
      'a nested field',
      'create_tracker',
      { ...trackerArgs('spc_x'), schedule: { start_time: 'soon', interval_minutes: 5 } },
      /`schedule.start_time`/,
    ],
    ['an unknown view field', 'list_spaces', { fields: ['nam'] }, /`fields`: unknown field "nam"/],
  ])('invalid arguments: %s → isError naming the field', async (_name, tool, args, want) => {
    const result = await call(mcp.client, tool, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(want);
  });

  it("the README's quoted validation error is the one a model gets", async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const quoted = /``(Input validation error: [^`]*`page_size`[^`]*)``/.exec(
      readme.replace(/\n\s*/g, ' '),
    )?.[1];
    const result = await call(mcp.client, 'list_spaces', { page_size: 101 });
    expect(textOf(result)).toBe(quoted);
  });

  it('404 carries the service detail and says to list first', async () => {
    const result = await call(mcp.client, 'get_tracker', { tracker_id: 'trk_missing' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/404: Tracker not found\. Call list_trackers/);
  });

  it('400 for a foreign linked tracker hints at list_trackers', async () => {
    const result = await call(mcp.client, 'create_tracker', {
      ...trackerArgs(emulator.spaceId),
      linked_trackers: ['trk_not_mine'],
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/list_trackers/);
  });

  it('an unknown tool is a protocol error, and the connection keeps working', async () => {
    await expect(mcp.client.callTool({ name: 'drop_database', arguments: {} })).rejects.toThrow(
      /Tool \S+ not found/,
    );
    expect(structured(await call(mcp.client, 'list_spaces')).items).toBeDefined();
  });

  it('an unreachable service is reported, not thrown', async () => {
    const { createTrackerMcpServer } = await import('../../src/index.ts');
    const { createTrackerClient } = await import('@trackerkit/client');
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const server = createTrackerMcpServer({
      client: createTrackerClient({ baseUrl: 'http://127.0.0.1:1/v1', token: 'qapi_x', retries: 0 }),
    });
    const client = new Client({ name: 't', version: '0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(b), client.connect(a)]);
    const result = await call(client, 'list_spaces');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/unreachable.*TRACKER_API_URL/);
    await client.close();
  });
});
