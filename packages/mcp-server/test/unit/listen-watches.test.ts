// The bookkeeping of listen feeds, with a scripted service: KeyedRunWatches (one loop per reader and
// tracker, a reader's watch dropped with its last loop) and StdioListenTransport (a listen's
// baseline poll is answered before serveStdio sees the listen, the messages after it keep their
// order, and its watches end with its cancellation, its response or the connection).
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import type { TrackerClientLike } from '../../src/service/tracker-client-like.ts';
import { KeyedRunWatches } from '../../src/subscriptions/keyed-watches.ts';
import { RunWatch } from '../../src/subscriptions/run-watch.ts';
import { StdioListenTransport } from '../../src/subscriptions/stdio-listen.ts';

/** A client whose runs.list answers when `release` is called, recording who asked for what. */
function scriptedClient(name: string, calls: string[]) {
  const pending: (() => void)[] = [];
  const client = {
    runs: {
      list: (trackerId: string) => {
        calls.push(`${name}:${trackerId}`);
        return new Promise((resolve) => pending.push(() => resolve({ data: [] })));
      },
      get: async () => ({}),
    },
  } as unknown as TrackerClientLike;
  return {
    client,
    release: () => {
      for (const answer of pending.splice(0)) answer();
    },
  };
}

describe('KeyedRunWatches', () => {
  it("polls per reader with the reader's own client, and forgets a reader with its last loop", async () => {
    const calls: string[] = [];
    const alice = scriptedClient('alice', calls);
    const bob = scriptedClient('bob', calls);
    const watches = new KeyedRunWatches({ intervalMs: 60_000 });
    const started = [
      watches.for('alice', alice.client).watch('trk_1', () => {}),
      watches.for('alice', alice.client).watch('trk_1', () => {}),
      watches.for('bob', bob.client).watch('trk_1', () => {}),
    ];
    alice.release();
    bob.release();
    const stops = await Promise.all(started);
    // One baseline per (reader, tracker), each with that reader's client.
    expect(calls).toEqual(['alice:trk_1', 'bob:trk_1']);
    expect(watches.keys).toEqual(['alice', 'bob']);
    stops[0]?.();
    expect(watches.keys).toEqual(['alice', 'bob']);
    stops[1]?.();
    expect(watches.keys).toEqual(['bob']);
    stops[2]?.();
    expect(watches.keys).toEqual([]);
  });
});

/** The wire under the transport: what it was sent, and a way to deliver inbound messages. */
function fakeWire() {
  const sent: JSONRPCMessage[] = [];
  const wire: Transport = {
    start: async () => {},
    send: async (message) => void sent.push(message),
    close: async () => wire.onclose?.(),
  };
  return { wire, sent, deliver: (message: JSONRPCMessage) => wire.onmessage?.(message) };
}

const listen = (id: number, uris: string[]): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  method: 'subscriptions/listen',
  params: {
    _meta: { [PROTOCOL_VERSION_META_KEY]: '2026-07-28' },
    notifications: { resourceSubscriptions: uris },
  },
});
const ping = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('StdioListenTransport', () => {
  it("hands a listen on after its baseline poll, keeps the order of what follows, and shares a URI's watch", async () => {
    const calls: string[] = [];
    const service = scriptedClient('user', calls);
    const { wire, deliver } = fakeWire();
    const transport = new StdioListenTransport(wire, {
      client: service.client,
      watch: new RunWatch({ client: service.client, intervalMs: 60_000 }),
    });
    const seen: unknown[] = [];
    transport.onmessage = (message) => seen.push('id' in message ? message.id : 'a notification');
    await transport.start();

    deliver(ping(1));
    deliver(listen(2, ['tracker://trk_1', 'ui://signal-chart']));
    deliver(ping(3));
    deliver(listen(4, ['tracker://trk_1']));
    // The listen's baseline poll is asked (and held): nothing after the ping is handed on yet.
    await waitUntil(() => calls.length === 1, { what: 'the baseline poll asked' });
    expect(seen).toEqual([1]);
    service.release();
    await waitUntil(() => seen.length === 4, { what: 'every message handed on' });
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(calls).toEqual(['user:trk_1']);
    expect(transport.watchedUris).toEqual(['tracker://trk_1']);

    // The URI stays watched while a listen names it: a cancellation ends one, a response the other.
    deliver({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
    expect(transport.watchedUris).toEqual(['tracker://trk_1']);
    await transport.send({ jsonrpc: '2.0', id: 4, result: {} });
    expect(transport.watchedUris).toEqual([]);
  });

  it('a refused listen is answered with the refusal and never handed on; the connection closing ends the rest', async () => {
    const calls: string[] = [];
    const service = scriptedClient('user', calls);
    const { wire, sent, deliver } = fakeWire();
    const failing = {
      ...service.client,
      runs: {
        ...service.client.runs,
        get: async () => {
          throw Object.assign(new Error('not found'), { status: 404 });
        },
      },
    } as TrackerClientLike;
    const transport = new StdioListenTransport(wire, {
      client: failing,
      watch: new RunWatch({ client: failing, intervalMs: 60_000 }),
    });
    const seen: unknown[] = [];
    transport.onmessage = (message) => seen.push('id' in message ? message.id : 'a notification');
    await transport.start();

    const missing = 'tracker://trk_1/runs/run_missing';
    deliver(listen(1, [missing]));
    deliver(listen(2, ['tracker://trk_2']));
    await waitUntil(() => calls.includes('user:trk_2'), { what: "the second listen's baseline poll" });
    service.release();
    await waitUntil(() => sent.length > 0 && seen.length > 0, {
      what: 'the refusal sent, the listen handed on',
    });
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 1, error: expect.objectContaining({ code: -32602, data: { uri: missing } }) },
    ]);
    expect(seen).toEqual([2]);
    expect(transport.watchedUris).toEqual(['tracker://trk_2']);
    await transport.close();
    expect(transport.watchedUris).toEqual([]);
  });
});
