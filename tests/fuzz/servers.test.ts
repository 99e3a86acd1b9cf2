// A fuzz pass per server: seeded malformed requests against the real processes (emulator, receiver,
// MCP server over HTTP). Every request is answered, never with a 5xx; no process crashes or hangs;
// and state the requests never named (a witness tracker, a witness silence) is intact afterwards.
// CI sends TRACKERKIT_FUZZ_REQUESTS (default 300) per server; `pnpm fuzz` sends 1,500.
// A failure prints the seed and the request; TRACKERKIT_FUZZ_SEED replays it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTrackerClient, type TrackerClient } from '@trackerkit/client';
import { openapiDocument } from '@trackerkit/core';
import { standardWebhooksHeaders } from '@trackerkit/core/signing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCacheIn } from '../helpers/compile-cache.ts';
import { waitUntil } from '../helpers/wait-until.ts';
import {
  type FuzzTarget,
  jsonValue,
  malformedRequest,
  pick,
  type RawRequest,
  type Route,
  random,
} from './malformed.ts';
import { type Running, startBin } from './processes.ts';
import { describeRequest, sendAll } from './raw-http.ts';

const COUNT = Number(process.env.TRACKERKIT_FUZZ_REQUESTS ?? 300);
const SEED = Number(process.env.TRACKERKIT_FUZZ_SEED ?? 20261126);
const SECRET = `whsec_${Buffer.from('fuzz-receiver-signing-secret-01').toString('base64')}`;

const dir = mkdtempSync(join(tmpdir(), 'tk-fuzz-'));
let emulator: Running;
let client: TrackerClient;
const servers: Running[] = [];

/** What the fuzz must never change: a tracker no request names, with its vault and a run. */
interface Witness {
  trackerId: string;
  snapshot: () => Promise<unknown>;
}
let witness: Witness;
/** A second tracker and run whose ids the fuzz does use, so requests reach past the id checks. */
let ids: Record<string, string>;

async function makeTracker(name: string) {
  const spaceId = emulator.ready.space_id as string;
  const tracker = await client.trackers.create(spaceId, {
    name,
    description: 'fuzz',
    run_mode: 'manual',
    agent_config: { instruction: 'x', score_meaning: '10 = fine', skills: [] },
  });
  await client.vault.uploadRows(tracker.tracker_id, { source_name: 'rows', rows: [{ a: 1 }, { a: 2 }] });
  const run = await client.runs.triggerAndWait(tracker.tracker_id);
  return { tracker, run, spaceId };
}

beforeAll(async () => {
  emulator = await startBin('emulator/src/bin.ts', ['--port', '0', '--clock', 'manual']);
  servers.push(emulator);
  client = createTrackerClient({
    baseUrl: emulator.ready.base_url as string,
    token: emulator.ready.token as string,
    retries: 0,
  });
  const kept = await makeTracker('witness');
  const target = await makeTracker('target');
  const sources = await client.vault.listSources(target.tracker.tracker_id);
  ids = {
    space_id: target.spaceId,
    tracker_id: target.tracker.tracker_id,
    run_id: target.run.run_id,
    source_id: sources.data[0]?.source_id ?? 'src_none',
  };
  witness = {
    trackerId: kept.tracker.tracker_id,
    snapshot: async () => ({
      tracker: await client.trackers.get(kept.tracker.tracker_id),
      runs: await client.runs.list(kept.tracker.tracker_id),
      sources: await client.vault.listSources(kept.tracker.tracker_id),
      recent: await client.vault.recent(kept.tracker.tracker_id),
    }),
  };
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Sends COUNT malformed requests and asserts what must hold of every answer. `bodies` (optional)
 * gives some requests a body shaped for the server (JSON-RPC, a signed alert) that reaches further.
 */
async function fuzz(server: Running, port: number, target: FuzzTarget, bodies?: FuzzBodies) {
  const rng = random(SEED);
  const requests = Array.from({ length: COUNT }, () => {
    const request = malformedRequest(rng, target);
    if (bodies && request.body.length > 0 && rng() < 0.6) {
      const shaped = bodies(rng, request);
      const body = new TextEncoder().encode(typeof shaped === 'string' ? shaped : JSON.stringify(shaped));
      request.body = body;
      request.headers = request.headers.map(([k, v]) =>
        k === 'content-length' ? [k, String(body.length)] : [k, v],
      );
    }
    return request;
  });
  const results = await sendAll(port, requests);
  const failures = results
    .filter(({ answer }) => typeof answer !== 'number' || answer >= 500)
    .map(({ request, answer }) => `${answer} ← ${describeRequest(request)}`);
  expect(server.ended(), `the process ended under fuzz (seed ${SEED}):\n${server.stderr()}`).toBeNull();
  expect(failures.slice(0, 10), `seed ${SEED}: ${failures.length} of ${COUNT} failed`).toEqual([]);
  const statuses = new Set(results.map(({ answer }) => answer));
  // The pass reached more than one kind of answer: it was not, say, all 401 at the door.
  expect(statuses.size).toBeGreaterThan(2);
  return results;
}

/** A body for `request` (which it may re-sign: its headers are its own to change). */
type FuzzBodies = (rng: () => number, request: RawRequest) => unknown;

const portOf = (url: unknown) => Number(new URL(String(url)).port);

type ExampleDoc = {
  webhooks: Record<
    string,
    { post: { requestBody: { content: { 'application/json': { example: { data: object } } } } } }
  >;
};

/** Every property name the document's schemas declare. */
function documentFieldNames(): string[] {
  const names = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    const properties = (value as { properties?: Record<string, unknown> }).properties;
    if (properties) for (const name of Object.keys(properties)) names.add(name);
    for (const child of Object.values(value)) walk(child);
  };
  walk(openapiDocument);
  return [...names];
}

describe('fuzz', () => {
  it(`emulator: ${COUNT} malformed requests, no 5xx, no crash, the witness intact`, async () => {
    const before = await witness.snapshot();
    const doc = openapiDocument as unknown as { paths: Record<string, Record<string, unknown>> };
    const routes: Route[] = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path: `/v1${path}` })),
    );
    routes.push({ method: 'POST', path: '/_emulator/clock' }, { method: 'GET', path: '/_emulator/inbox' });
    const origin = new URL(String(emulator.ready.base_url));
    await fuzz(emulator, portOf(emulator.ready.base_url), {
      routes,
      ids,
      fieldNames: documentFieldNames(),
      headers: [['authorization', `Bearer ${emulator.ready.token}`]],
      host: origin.host,
    });
    expect(await witness.snapshot()).toEqual(before);
  });

  it(`receiver: ${COUNT} malformed requests, no 5xx, no crash, the witness silence alone`, async () => {
    const config = join(dir, 'receiver.yaml');
    writeFileSync(
      config,
      [
        `storage: { path: ${join(dir, 'receiver.db')} }`,
        'sources:',
        `  - { name: tracker, path: /hooks/tracker, secret: "${SECRET}" }`,
        'destinations:',
        `  - { name: archive, type: file, path: ${join(dir, 'alerts.jsonl')} }`,
        'route: { destination: archive }',
        'log: { level: error }',
      ].join('\n'),
    );
    const receiver = await startBin(
      'webhooks/src/bin.ts',
      ['serve', '--config', config, '--port', '0'],
      compileCacheIn(dir),
    );
    servers.push(receiver);
    const base = String(receiver.ready.url);
    const now = Date.now();
    const created = await fetch(`${base}/api/silences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        matchers: [{ name: 'tracker_id', value: 'trk_witness', isRegex: false }],
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + 86_400_000).toISOString(),
        createdBy: 'fuzz',
        comment: 'witness',
      }),
    });
    expect(created.status).toBe(200);
    const silences = async () => (await (await fetch(`${base}/api/silences`)).json()) as unknown[];
    const before = await silences();
    expect(before).toHaveLength(1);
    // The source's path is listed four times: a quarter of the requests would otherwise leave too
    // few well-formed signed alerts to prove that each accepted one is delivered.
    const routes: Route[] = [
      ...Array.from({ length: 4 }, () => ['POST', '/hooks/tracker']),
      ['GET', '/api/silences'],
      ['POST', '/api/silences'],
      ['GET', '/api/silences/{id}'],
      ['DELETE', '/api/silences/{id}'],
      ['GET', '/api/v2/silences'],
      ['POST', '/api/v2/silences'],
      ['GET', '/api/v2/silence/{id}'],
      ['DELETE', '/api/v2/silence/{id}'],
      ['GET', '/api/v2/alerts'],
      ['POST', '/api/v2/alerts'],
      ['GET', '/api/v2/alerts/groups'],
      ['GET', '/api/v2/status'],
      ['GET', '/-/healthy'],
      ['GET', '/-/ready'],
      ['POST', '/-/reload'],
      ['GET', '/ui'],
      ['GET', '/ui/dead-letters/{id}'],
      ['POST', '/ui/dead-letters/{id}/replay'],
      ['POST', '/ui/silences'],
      ['POST', '/ui/silences/{id}/expire'],
      ['GET', '/healthz'],
      ['GET', '/metrics'],
    ].map(([method, path]) => ({ method: method!, path: path! }));
    const signing: [string, string][] = [
      ['webhook-id', 'msg_fuzz'],
      ['webhook-timestamp', String(Math.floor(now / 1000))],
      ['webhook-signature', 'v1,AAAA'],
    ];
    // Half the alerts are signed with the real secret: well-formed events carrying what a receiver
    // might not survive (deep nesting, control characters, huge text). Each one accepted must be
    // delivered: none may sit in the store undeliverable.
    const example = (openapiDocument as unknown as ExampleDoc).webhooks['tracker.alert']!.post.requestBody
      .content['application/json'].example;
    let signed = 0;
    const signedIds = new Set<string>();
    const alerts: FuzzBodies = (rng, request) => {
      if (!request.target.startsWith('/hooks/tracker')) return jsonValue(rng, 3, ['matchers', 'comment']);
      const nest = pick(rng, [1, 40, 64, 65, 500, 6000]);
      const data = {
        ...example.data,
        analysis: pick(rng, ['\u0000\u001b[31m', '<@here> [x](https://evil.example)', 'é'.repeat(5000), '']),
        extra: '__NEST__',
        ...(jsonValue(rng, 2, ['score', 'signal', 'tracker_name', 'bound']) as object),
      };
      const event = { ...example, type: pick(rng, ['tracker.alert', 'tracker.alert.resolved']), data };
      // Spliced in as text: a serialiser (ours too) may not survive what the receiver must refuse.
      const body = JSON.stringify(event).replace('"__NEST__"', `${'['.repeat(nest)}1${']'.repeat(nest)}`);
      if (rng() < 0.5) {
        const id = `msg_fuzz_${signed++}`;
        const headers = standardWebhooksHeaders(SECRET, id, body, Date.now());
        request.headers = request.headers
          .filter(([k]) => !k.startsWith('webhook-'))
          .concat(Object.entries(headers) as [string, string][]);
        signedIds.add(id);
      }
      return body;
    };
    const results = await fuzz(
      receiver,
      portOf(base),
      {
        routes,
        ids: {},
        fieldNames: [
          'matchers',
          'startsAt',
          'endsAt',
          'createdBy',
          'comment',
          'name',
          'value',
          'isRegex',
          'isEqual',
          'labels',
          'annotations',
          'generatorURL',
        ],
        headers: signing,
        host: new URL(base).host,
      },
      alerts,
    );
    expect(await silences()).toEqual(before);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const accepted = new Set(
      results
        .filter(({ request, answer }) => answer === 200 && request.target.startsWith('/hooks/tracker'))
        .map(({ request }) => request.headers.find(([k]) => k === 'webhook-id')?.[1])
        .filter((id) => id !== undefined && signedIds.has(id)),
    );
    // Delivered, not retried and not dead-lettered: the receiver's own counters say so.
    const counter = async (name: string) => {
      const text = await (await fetch(`${base}/metrics`)).text();
      return [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)$`, 'gm'))].reduce(
        (sum, m) => sum + Number(m[1]),
        0,
      );
    };
    const delivered = () => counter('trackerkit_webhooks_delivered_total');
    await waitUntil(async () => (await delivered()) >= accepted.size, {
      timeout: 15_000,
      interval: 200,
    }).catch(
      () => {}, // the assertion below says how many
    );
    expect(accepted.size).toBeGreaterThan(0);
    expect(await delivered(), `${accepted.size} signed alerts accepted`).toBeGreaterThanOrEqual(
      accepted.size,
    );
    expect(await counter('trackerkit_webhooks_retried_total')).toBe(0);
    expect(await counter('trackerkit_webhooks_dead_lettered_total')).toBe(0);
  });

  it(`MCP server: ${COUNT} malformed requests, no 5xx, no crash, the witness intact`, async () => {
    const before = await witness.snapshot();
    const mcp = await startBin('mcp-server/src/bin.ts', ['--http', '--port', '0'], {
      TRACKER_API_URL: String(emulator.ready.base_url),
      TRACKER_API_TOKEN: String(emulator.ready.token),
    });
    servers.push(mcp);
    const url = new URL(String(mcp.ready.url));
    const tools = [
      'list_spaces',
      'get_tracker',
      'list_runs',
      'get_run',
      'delete_run',
      'delete_tracker',
      'update_tracker',
      'upload_vault_data',
      'get_vault_recent',
      'create_tracker',
      'no_such_tool',
    ];
    const idValues = ['..', '.', '../..', ids.tracker_id!, ids.run_id!, '%2e%2e', 'x'.repeat(500), ''];
    const rpc: FuzzBodies = (rng) => {
      const method = pick(rng, [
        'initialize',
        'tools/list',
        'tools/call',
        'tools/call',
        'resources/list',
        'resources/read',
        'prompts/get',
        'ping',
        'notifications/initialized',
        'x/unknown',
      ]);
      const params =
        method === 'tools/call'
          ? {
              name: pick(rng, tools),
              arguments:
                rng() < 0.5
                  ? { tracker_id: pick(rng, idValues), run_id: pick(rng, idValues) }
                  : jsonValue(rng, 3, ['tracker_id', 'run_id', 'rows']),
            }
          : jsonValue(rng, 3, ['uri', 'name', 'protocolVersion', 'capabilities', '_meta', 'cursor']);
      const message = {
        jsonrpc: pick(rng, ['2.0', '1.0', 2]),
        id: pick(rng, [1, 'a', null, {}, 2 ** 60]),
        method,
        params,
      };
      return rng() < 0.1 ? [message, message] : message;
    };
    await fuzz(
      mcp,
      Number(url.port),
      {
        routes: [
          { method: 'POST', path: url.pathname },
          { method: 'POST', path: url.pathname },
          { method: 'GET', path: url.pathname },
          { method: 'DELETE', path: url.pathname },
          { method: 'GET', path: '/.well-known/oauth-protected-resource' },
        ],
        ids: {},
        fieldNames: ['jsonrpc', 'id', 'method', 'params'],
        headers: [
          ['authorization', `Bearer ${mcp.ready.auth_token}`],
          ['accept', 'application/json, text/event-stream'],
          ['mcp-protocol-version', '2025-11-25'],
        ],
        host: url.host,
      },
      rpc,
    );
    expect(await witness.snapshot()).toEqual(before);
  });
});
