// The fast path of a plain tools/call (lean-call.ts) on the server hosted for a team (OAuth): two
// such servers, one with the fast path and one without (leanToolCalls: false), each behind its own
// real authorization server (oidc-provider) with its own user store, the same users signed in to
// both through the SDK client's OAuth flow. The same JSON-RPC request, sent with each server's
// token of the same user, must get the same answer in both eras; the fast path must take a call
// only with that user's own client, and leave a call the token's scopes do not cover to the SDK
// (its 403 step-up challenge).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTrackerClient } from '@trackerkit/client';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { openSqliteUserTokens, type UserTokens } from '../../src/oauth/user-tokens.ts';
import { SCOPES, signInAt, startAuthorizationServer } from './authorization-server.ts';
import { consolePost, startTestEmulator, trackerArgs } from './harness.ts';

type Path = 'lean' | 'sdk';
interface Side {
  as: Awaited<ReturnType<typeof startAuthorizationServer>>;
  mcp: RunningHttpServer;
  tokens: UserTokens;
}
const KEY = Buffer.alloc(32, 5);
let emulator: RunningEmulator;
let dir: string;
const sides = {} as Record<Path, Side>;
/** Each user's access token at each server. */
const access = {} as Record<string, Record<Path, string>>;
let aliceTracker: string;
let bobAccount: string;

/** Signs `user` in at both servers with `scopes`; registers `apiToken` as theirs unless undefined. */
async function signInBoth(user: string, scopes: string[], apiToken: string | undefined) {
  access[user] = {} as Record<Path, string>;
  for (const path of ['lean', 'sdk'] as const) {
    const session = await signInAt(sides[path].as, sides[path].mcp.url, user, scopes);
    if (apiToken !== undefined) {
      const registered = await session.call('register_tracker_token', { api_token: apiToken });
      expect(registered.isError).toBeFalsy();
    }
    (access[user] as Record<Path, string>)[path] = session.auth.accessToken as string;
    await session.close();
  }
}

beforeAll(async () => {
  emulator = await startTestEmulator();
  dir = await mkdtemp(join(tmpdir(), 'trackerkit-lean-oauth-'));
  for (const path of ['lean', 'sdk'] as const) {
    const as = await startAuthorizationServer();
    const tokens = openSqliteUserTokens(join(dir, `${path}.db`), KEY);
    const mcp = await startHttpServer({
      port: 0,
      baseUrl: emulator.baseUrl,
      oauth: { issuer: as.issuer, userTokens: tokens, tokenKey: KEY },
      leanToolCalls: path === 'lean',
    });
    as.setResource(mcp.url);
    sides[path] = { as, mcp, tokens };
  }
  const bob = await consolePost<{ account_id: string; token: string }>(emulator, '/accounts', {
    email: 'bob@example.com',
  });
  bobAccount = bob.account_id;
  const api = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  aliceTracker = (await api.trackers.create(emulator.spaceId, { ...probeTracker, run_mode: 'manual' }))
    .tracker_id;
  await signInBoth('alice', SCOPES, emulator.token);
  await signInBoth('bob', SCOPES, bob.token);
  await signInBoth('reader', ['tracker:read'], emulator.token);
  await signInBoth('newcomer', SCOPES, undefined);
});
afterAll(async () => {
  for (const side of Object.values(sides)) {
    await side.mcp.close({ graceMs: 0 });
    await side.as.close();
    await side.tokens.close();
  }
  await emulator?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const probeTracker = {
  name: 'Team lean probe',
  description: 'Read by its owner and refused to others.',
  agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
};

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'by-hand', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** One tools/call as each era's client sends it, posted with `token`. */
async function call(era: '2025-11-25' | '2026-07-28', path: Path, token: string, name: string, args: object) {
  const modern = era === '2026-07-28';
  const response = await fetch(sides[path].mcp.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': era,
      ...(modern ? { 'mcp-method': 'tools/call', 'mcp-name': name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args, ...(modern ? { _meta: MODERN_META } : {}) },
    }),
  });
  const body = await response.text();
  const sse = response.headers.get('content-type') === 'text/event-stream';
  return {
    status: response.status,
    challenge: comparable(response.headers.get('www-authenticate') ?? ''),
    // The JSON-RPC message (an SSE stream's one event, or the JSON itself), its ids and times
    // made alike: each server's call creates its own tracker.
    message: comparable(sse ? (/^data: (.*)$/m.exec(body)?.[1] ?? '') : body),
  };
}

// Ids and times each server's calls make, and each server's own address (in a challenge).
const comparable = (text: string) =>
  text
    .replace(/\b(trk|run|sig|spc|acc|vlt)_[0-9a-f]{8}-[0-9a-f-]+/g, '$1_*')
    .replace(/http:\/\/127\.0\.0\.1:\d+/g, '<server>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>');

const cases: [
  string,
  { user: string; name: string; args: () => object; lean: boolean; status?: number; isError?: boolean },
][] = [
  [
    'the owner reads a tracker',
    { user: 'alice', name: 'get_tracker', args: () => ({ tracker_id: aliceTracker }), lean: true },
  ],
  [
    "another user reads it: their own token, the service's refusal",
    {
      user: 'bob',
      name: 'get_tracker',
      args: () => ({ tracker_id: aliceTracker }),
      lean: true,
      isError: true,
    },
  ],
  [
    'a write with the write scope',
    {
      user: 'alice',
      name: 'create_tracker',
      args: () => trackerArgs(emulator.spaceId, 'Created on the fast path'),
      lean: true,
    },
  ],
  [
    'a write with the read scope only: the step-up challenge',
    {
      user: 'reader',
      name: 'create_tracker',
      args: () => trackerArgs(emulator.spaceId, 'Never created'),
      lean: false,
      status: 403,
    },
  ],
  [
    'a read with the read scope only',
    { user: 'reader', name: 'list_trackers', args: () => ({ space_id: emulator.spaceId }), lean: true },
  ],
  [
    'a user with no Tracker token registered',
    {
      user: 'newcomer',
      name: 'get_tracker',
      args: () => ({ tracker_id: aliceTracker }),
      lean: true,
      isError: true,
    },
  ],
];

describe.each(['2025-11-25', '2026-07-28'] as const)('OAuth, %s: a plain tools/call', (era) => {
  it.each(cases)('%s: answered as the SDK answers it', async (_, c) => {
    const tokens = access[c.user] as Record<Path, string>;
    const before = sides.lean.mcp.leanCalls;
    const fast = await call(era, 'lean', tokens.lean, c.name, c.args());
    expect(sides.lean.mcp.leanCalls - before).toBe(c.lean ? 1 : 0);
    const reference = await call(era, 'sdk', tokens.sdk, c.name, c.args());
    expect(sides.sdk.mcp.leanCalls).toBe(0);
    expect(fast.status).toBe(c.status ?? 200);
    expect(fast.status).toBe(reference.status);
    expect(fast.challenge).toBe(reference.challenge);
    expect(fast.message).toBe(reference.message);
    if (fast.status === 200) {
      const { result } = JSON.parse(fast.message) as { result: { isError?: boolean } };
      expect(result.isError ?? false).toBe(c.isError ?? false);
    }
  });

  it("the fast path calls the service with the caller's own token", async () => {
    const bobReads = () =>
      emulator.requests.count({
        operation_id: 'getTracker',
        tracker_id: aliceTracker,
        account_id: bobAccount,
      });
    const before = bobReads();
    const leanBefore = sides.lean.mcp.leanCalls;
    await call(era, 'lean', (access.bob as Record<Path, string>).lean, 'get_tracker', {
      tracker_id: aliceTracker,
    });
    expect(sides.lean.mcp.leanCalls - leanBefore).toBe(1);
    expect(bobReads() - before).toBe(1);
  });
});
