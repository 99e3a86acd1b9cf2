// The fast path of a plain tools/call over stdio (lean-stdio.ts) against the SDK's own serving:
// one stdio connection served as the command serves it (stdio-serve.ts) with the fast path and one
// without, real SDK clients (v1, and v2 in both eras) on each. The same call must get the same
// result and the same JSON-RPC response; each call the fast path should take it takes, and it
// leaves every other one, and every call before a 2025-era `initialize` is answered, to the SDK.
import { type JSONRPCMessage, Client as ModernClient, type Transport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { createTrackerClient } from '@trackerkit/client';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceFetch } from '../../src/service-fetch.ts';
import { serveStdioConnection } from '../../src/stdio-serve.ts';
import { fastClient, startTestEmulator } from './harness.ts';
import { plainCalls } from './plain-calls.ts';

let emulator: RunningEmulator;
let trackerId: string;
const quiet = { error: () => {}, info: () => {} };

beforeAll(async () => {
  emulator = await startTestEmulator();
  const api = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  const tracker = await api.trackers.create(emulator.spaceId, {
    name: 'Lean stdio probe',
    description: 'Answered alike by both paths.',
    run_mode: 'manual',
    agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
  });
  trackerId = tracker.tracker_id;
});
afterAll(() => emulator?.close());

/** The client's side of the connection, keeping every message the server sent. */
class Recording implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly received: JSONRPCMessage[] = [];
  readonly inner: InMemoryTransport;
  constructor(inner: InMemoryTransport) {
    this.inner = inner;
  }
  start() {
    this.inner.onmessage = (message) => {
      this.received.push(message as JSONRPCMessage);
      this.onmessage?.(message as JSONRPCMessage);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    return this.inner.start();
  }
  readonly sent: JSONRPCMessage[] = [];
  send(message: JSONRPCMessage) {
    this.sent.push(message);
    return this.inner.send(message as never);
  }
  close() {
    return this.inner.close();
  }
}

type Kind = 'v1' | 'v2 modern' | 'v2 legacy';

async function connect(kind: Kind, lean: boolean) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveStdioConnection(serverSide, {
    client: fastClient(emulator),
    logger: quiet,
    leanToolCalls: lean,
  });
  const wire = new Recording(clientSide);
  let call: (name: string, args: Record<string, unknown>, progress: boolean) => Promise<unknown>;
  let close: () => Promise<void>;
  if (kind === 'v1') {
    const client = new Client({ name: 'lean-stdio-v1', version: '0' });
    await client.connect(wire as never);
    call = (name, args, progress) =>
      client.callTool({ name, arguments: args }, undefined, progress ? { onprogress: () => {} } : {});
    close = () => client.close();
  } else {
    const mode = kind === 'v2 modern' ? { pin: '2026-07-28' } : ('legacy' as const);
    const client = new ModernClient(
      { name: 'lean-stdio-v2', version: '0' },
      { versionNegotiation: { mode } },
    );
    await client.connect(wire);
    call = (name, args, progress) =>
      client.callTool({ name, arguments: args }, progress ? { onprogress: () => {} } : {});
    close = () => client.close();
  }
  return {
    lean: () => served.lean?.calls ?? 0,
    /** The result (or what the client threw) and the response to the call, its id taken out. */
    async seen(name: string, args: Record<string, unknown>, progress: boolean) {
      let answer: unknown;
      try {
        answer = await call(name, args, progress);
      } catch (error) {
        answer = { threw: (error as Error).message };
      }
      const response = wire.received.findLast((message) => 'id' in message && !('method' in message));
      return { answer, response: JSON.stringify({ ...response, id: 0 }) };
    },
    async close() {
      await close();
      await served.handle.close();
    },
  };
}

const calls = plainCalls({ tracker: () => trackerId, space: () => emulator.spaceId });

describe.each(['v1', 'v2 modern', 'v2 legacy'] as const)(
  'a tools/call over stdio from the %s client',
  (kind) => {
    it.each(calls)('%s: the fast path answers as the SDK does', async (_, c) => {
      const fast = await connect(kind, true);
      const reference = await connect(kind, false);
      try {
        const seen = await fast.seen(c.name, c.args(), c.progress ?? false);
        expect(fast.lean()).toBe(c.lean ? 1 : 0);
        const expected = await reference.seen(c.name, c.args(), c.progress ?? false);
        expect(seen.answer).toEqual(expected.answer);
        expect(seen.response).toBe(expected.response);
      } finally {
        await fast.close();
        await reference.close();
      }
    });
  },
);

describe('over stdio, off the plain path', () => {
  it('a call before any initialize or envelope: the SDK answers it, alike on both', async () => {
    const answers: string[] = [];
    for (const lean of [true, false]) {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const served = serveStdioConnection(serverSide, {
        client: fastClient(emulator),
        logger: quiet,
        leanToolCalls: lean,
      });
      const received = new Promise<unknown>((resolve) => {
        clientSide.onmessage = resolve;
      });
      await clientSide.start();
      await clientSide.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_tracker', arguments: { tracker_id: trackerId } },
      });
      answers.push(JSON.stringify(await received));
      expect(served.lean?.calls ?? 0).toBe(0);
      await served.handle.close();
    }
    expect(answers[0]).toBe(answers[1]);
  });
});

describe('a fast-path call over stdio that the client cancels', () => {
  it('is not answered, and its request to the service is let go at once', async () => {
    const { createServer } = await import('node:http');
    const closed: Promise<void>[] = [];
    const hanging = createServer((req) => {
      req.resume();
      closed.push(new Promise((resolve) => req.socket.once('close', () => resolve())));
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as { port: number };
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const service = createTrackerClient({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      token: 'qapi_x',
      fetch: serviceFetch,
    });
    const served = serveStdioConnection(serverSide, { client: service, logger: quiet });
    const wire = new Recording(clientSide);
    const client = new ModernClient(
      { name: 'lean-stdio-cancel', version: '0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    try {
      await client.connect(wire);
      const cancel = new AbortController();
      const pending = client
        .callTool({ name: 'get_tracker', arguments: { tracker_id: 'trk_1' } }, { signal: cancel.signal })
        .catch((error: unknown) => error);
      while (closed.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(served.lean?.calls).toBe(1);
      cancel.abort(new Error('the user moved on'));
      expect(String(await pending)).toMatch(/the user moved on/);
      await closed[0];
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The spec: a cancelled request gets no response.
      const request = wire.sent.findLast((message) => 'method' in message && message.method === 'tools/call');
      const id = request && 'id' in request ? request.id : undefined;
      expect(id).toBeDefined();
      expect(wire.received.filter((message) => 'id' in message && message.id === id)).toEqual([]);
    } finally {
      await client.close();
      await served.handle.close();
      hanging.closeAllConnections();
      hanging.close();
    }
  });
});
