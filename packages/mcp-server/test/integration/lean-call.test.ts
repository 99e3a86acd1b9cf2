// The fast path of a plain tools/call over HTTP (lean-call.ts) against the SDK's own serving: real
// SDK clients, v1 (2025-11-25) and v2 (2026-07-28 and 2025-11-25), call one server with the fast
// path and one without (leanToolCalls: false), and must get the same result and the same JSON-RPC
// message: for 2026-07-28 the same bytes and headers; for the 2025 era as application/json where
// the SDK opens an SSE stream. Each request the fast path should take it takes, and it leaves every
// other one to the SDK.
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttp,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTrackerClient } from '@trackerkit/client';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { fastClient, startTestEmulator } from './harness.ts';
import { plainCalls } from './plain-calls.ts';

let emulator: RunningEmulator;
let lean: RunningHttpServer;
let sdk: RunningHttpServer;
let trackerId: string;
const AUTH = 'lean-call-test-token-0123456789abcdef';

beforeAll(async () => {
  emulator = await startTestEmulator();
  const client = fastClient(emulator);
  lean = await startHttpServer({ client, port: 0, authToken: AUTH });
  sdk = await startHttpServer({ client, port: 0, authToken: AUTH, leanToolCalls: false });
  const api = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  const tracker = await api.trackers.create(emulator.spaceId, {
    name: 'Lean call probe',
    description: 'Answered alike by both paths.',
    run_mode: 'manual',
    agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
  });
  trackerId = tracker.tracker_id;
});
afterAll(async () => {
  await lean?.close();
  await sdk?.close();
  await emulator?.close();
});

const MEDIUM_HEADERS = new Set(['date', 'content-length', 'transfer-encoding']);

type Call = (name: string, args: Record<string, unknown>, progress: boolean) => Promise<unknown>;

/** What one client saw of a tools/call: the result (or the error it threw) and the answer's bytes. */
interface Seen {
  answer: unknown;
  /** The answer's headers but its date and how its length is told (one write, or chunks). */
  headers: Record<string, string>;
  /** The body with the JSON-RPC id taken out (each client numbers its own requests). */
  body: string;
}

/** The JSON-RPC message of a body: an SSE stream's one event, or the JSON itself. */
const messageOf = ({ headers, body }: Seen): unknown =>
  JSON.parse(
    headers['content-type'] === 'text/event-stream' ? (/^data: (.*)$/m.exec(body)?.[1] ?? '') : body,
  );

/** Connects a client of `kind` to `server`, recording the last answer to a tools/call. */
async function connect(kind: (typeof clients)[number][0], server: RunningHttpServer) {
  const last: { headers: Record<string, string>; body: string } = { headers: {}, body: '' };
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (String(init?.body ?? '').includes('"tools/call"')) {
      last.headers = {};
      response.headers.forEach((value, name) => {
        if (!MEDIUM_HEADERS.has(name)) last.headers[name] = value;
      });
      last.body = (await response.clone().text()).replace(/"id":\d+/g, '"id":0');
    }
    return response;
  };
  const requestInit = { headers: { authorization: `Bearer ${AUTH}` } };
  const url = new URL(server.url);
  let call: Call;
  let close: () => Promise<void>;
  if (kind === 'v1') {
    const client = new Client({ name: 'lean-v1', version: '0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit, fetch: recording }));
    call = (name, args, progress) =>
      client.callTool({ name, arguments: args }, undefined, progress ? { onprogress: () => {} } : {});
    close = () => client.close();
  } else {
    const mode = kind === 'v2 modern' ? { pin: '2026-07-28' } : ('legacy' as const);
    const client = new ModernClient({ name: 'lean-v2', version: '0' }, { versionNegotiation: { mode } });
    await client.connect(new ModernHttp(url, { requestInit, fetch: recording }));
    call = (name, args, progress) =>
      client.callTool({ name, arguments: args }, progress ? { onprogress: () => {} } : {});
    close = () => client.close();
  }
  return {
    async seen(name: string, args: Record<string, unknown>, progress: boolean): Promise<Seen> {
      let answer: unknown;
      try {
        answer = await call(name, args, progress);
      } catch (error) {
        answer = { threw: (error as Error).message };
      }
      return { answer, ...last };
    },
    close,
  };
}

const clients = [['v1'], ['v2 modern'], ['v2 legacy']] as const;

const calls = plainCalls({ tracker: () => trackerId, space: () => emulator.spaceId });

describe.each(clients)('a plain tools/call from the %s client', (kind) => {
  it.each(calls)('%s: the fast path answers as the SDK does', async (_, call) => {
    const viaLean = await connect(kind, lean);
    const viaSdk = await connect(kind, sdk);
    try {
      const before = lean.leanCalls;
      const fast = await viaLean.seen(call.name, call.args(), call.progress ?? false);
      expect(lean.leanCalls - before).toBe(call.lean ? 1 : 0);
      const reference = await viaSdk.seen(call.name, call.args(), call.progress ?? false);
      expect(sdk.leanCalls).toBe(0);
      expect(fast.answer).toEqual(reference.answer);
      expect(messageOf(fast)).toEqual(messageOf(reference));
      if (kind === 'v2 modern' || !call.lean) {
        expect(fast.headers).toEqual(reference.headers);
        expect(fast.body).toBe(reference.body);
      } else {
        expect([fast.headers['content-type'], reference.headers['content-type']]).toEqual([
          'application/json',
          'text/event-stream',
        ]);
      }
    } finally {
      await viaLean.close();
      await viaSdk.close();
    }
  });
});

// Requests a client sends by hand, each off the plain path in one respect: the SDK answers them
// (its refusals included), so both servers answer alike and the fast path takes none.
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'by-hand', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const MODERN_HEADERS = {
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'get_tracker',
};
const byHand: [string, { headers: Record<string, string>; body: () => unknown }][] = [
  [
    '2026-07-28 without Mcp-Name',
    {
      headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' },
      body: () => toolCall({ _meta: MODERN_META }),
    },
  ],
  [
    '2026-07-28 with an Mcp-Name naming another tool',
    {
      headers: { ...MODERN_HEADERS, 'mcp-name': 'list_spaces' },
      body: () => toolCall({ _meta: MODERN_META }),
    },
  ],
  [
    '2026-07-28 with a malformed envelope',
    {
      headers: MODERN_HEADERS,
      body: () => toolCall({ _meta: { ...MODERN_META, 'io.modelcontextprotocol/clientInfo': 7 } }),
    },
  ],
  ['a 2026-07-28 header without the envelope', { headers: MODERN_HEADERS, body: () => toolCall({}) }],
  [
    'a version no era serves',
    { headers: { 'mcp-protocol-version': '2099-01-01' }, body: () => toolCall({}) },
  ],
  ['no MCP-Protocol-Version (2025 era)', { headers: {}, body: () => toolCall({}) }],
  [
    'an Accept without text/event-stream (2025 era)',
    {
      headers: { 'mcp-protocol-version': '2025-11-25', accept: 'application/json' },
      body: () => toolCall({}),
    },
  ],
  ['a batch (2025 era)', { headers: { 'mcp-protocol-version': '2025-11-25' }, body: () => [toolCall({})] }],
  [
    'a request id that is no string or integer',
    { headers: { 'mcp-protocol-version': '2025-11-25' }, body: () => ({ ...toolCall({}), id: 1.5 }) },
  ],
  [
    'a member JSON-RPC does not define',
    { headers: { 'mcp-protocol-version': '2025-11-25' }, body: () => ({ ...toolCall({}), extra: 1 }) },
  ],
];

function toolCall(params: Record<string, unknown>) {
  return {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'get_tracker', arguments: { tracker_id: trackerId }, ...params },
  };
}

async function post(server: RunningHttpServer, headers: Record<string, string>, body: unknown) {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${AUTH}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.text() };
}

describe('a tools/call off the plain path', () => {
  it.each(byHand)('%s: the SDK answers it, alike on both servers', async (_, { headers, body }) => {
    const before = lean.leanCalls;
    const fast = await post(lean, headers, body());
    expect(lean.leanCalls).toBe(before);
    expect(fast).toEqual(await post(sdk, headers, body()));
  });

  it('the same request, plain, is taken by the fast path', async () => {
    const before = lean.leanCalls;
    const fast = await post(lean, MODERN_HEADERS, toolCall({ _meta: MODERN_META }));
    expect(lean.leanCalls).toBe(before + 1);
    expect(fast).toEqual(await post(sdk, MODERN_HEADERS, toolCall({ _meta: MODERN_META })));
  });
});
