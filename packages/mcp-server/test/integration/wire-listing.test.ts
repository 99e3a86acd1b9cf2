// What the SDK puts on the wire for the lists, over Streamable HTTP, read as raw JSON-RPC (a
// client library would hide fields): the tools exactly as toToolListEntry gives them (so the
// snapshots and the token budget measure the real listing; the 2025 era adds run_tracker's task
// support), and the 2026-07-28 cache hints.
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningHttpServer,
  startHttpServer,
  toolDefinitions,
  toToolListEntry,
} from '../../src/index.ts';
import { CATALOGUE_TTL_MS } from '../../src/server/cache-hints.ts';
import { legacyToolExecution } from '../../src/tasks/legacy-task-wire.ts';
import { listingTokens, TOOLS_LIST_TOKEN_BUDGET } from '../token-budget.ts';
import { answerOf, fastClient, startTestEmulator } from './harness.ts';

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

const MODERN = '2026-07-28';

/** The JSON-RPC answer of one POST, whether the SDK answered with JSON or an SSE stream. */
async function post(method: string, params: Record<string, unknown>, headers: Record<string, string>) {
  const response = await fetch(http.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${http.authToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const { answer, text } = await answerOf(response);
  expect(answer?.result, text.slice(0, 500)).toBeDefined();
  return answer.result as Record<string, unknown>;
}

/** A stateless 2026-07-28 request: version, client info and capabilities in `_meta`. */
const modern = (method: string, params: Record<string, unknown> = {}) =>
  post(
    method,
    {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientInfo': { name: 'wire-test', version: '0' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
    {
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(typeof params.uri === 'string' ? { 'mcp-name': params.uri } : {}),
    },
  );

/** A 2025-era request on the stateless legacy path (no session, no initialize needed). */
const legacy = (method: string) => post(method, {}, { 'mcp-protocol-version': '2025-11-25' });

describe('lists on the wire', () => {
  it('tools/list is toToolListEntry of every tool, in both eras, within the token budget', async () => {
    const expected = toolDefinitions.map(toToolListEntry);
    // The 2025 era also says which tools run as tasks (its `execution`; 2026 has the extension).
    const withExecution = toolDefinitions.map((tool) => {
      const execution = legacyToolExecution(tool);
      return execution ? { ...toToolListEntry(tool), execution } : toToolListEntry(tool);
    });
    expect(withExecution).not.toEqual(expected);
    for (const [result, listed] of [
      [await modern('tools/list'), expected],
      [await legacy('tools/list'), withExecution],
    ] as const) {
      expect(result.tools).toEqual(listed);
      expect(listingTokens(result.tools as unknown[])).toBeLessThanOrEqual(TOOLS_LIST_TOKEN_BUDGET);
    }
  });

  it('delete tools state destructiveHint on the wire (the only warning a client that cannot be asked gets)', async () => {
    const { tools } = (await legacy('tools/list')) as {
      tools: { name: string; annotations?: Record<string, boolean> }[];
    };
    const deletes = tools.filter((tool) => tool.name.startsWith('delete_'));
    expect(deletes.map((tool) => tool.name)).toEqual(['delete_tracker', 'delete_run', 'delete_vault_source']);
    for (const tool of deletes) expect(tool.annotations, tool.name).toMatchObject({ destructiveHint: true });
  });

  it.each([
    ['tools/list', CATALOGUE_TTL_MS, 'public'],
    ['prompts/list', CATALOGUE_TTL_MS, 'public'],
    ['resources/templates/list', CATALOGUE_TTL_MS, 'public'],
    ['server/discover', CATALOGUE_TTL_MS, 'public'],
    // The account's trackers: private to the token, and changed by any create or delete.
    ['resources/list', 0, 'private'],
  ])('2026-07-28 %s carries the cache hint ttlMs %i, %s', async (method, ttlMs, cacheScope) => {
    expect(await modern(method)).toMatchObject({ resultType: 'complete', ttlMs, cacheScope });
  });

  it('a resource read is private and stale at once (a tracker changes with every update)', async () => {
    await fastClient(emulator).trackers.create(emulator.spaceId, {
      name: 'Wire probe',
      description: 'Created for the wire test.',
      run_mode: 'manual',
      agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
    });
    const { resources } = (await modern('resources/list')) as { resources: { uri: string }[] };
    expect(resources.length).toBeGreaterThan(0);
    const read = await modern('resources/read', { uri: resources[0]?.uri });
    expect(read).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
  });

  it('2025-era lists carry no cache fields (the revision has none)', async () => {
    for (const method of ['tools/list', 'prompts/list', 'resources/templates/list']) {
      const result = await legacy(method);
      expect(result, method).not.toHaveProperty('ttlMs');
      expect(result, method).not.toHaveProperty('cacheScope');
    }
  });
});
