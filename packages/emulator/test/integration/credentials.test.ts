// Credentials wherever a request hides them (a query's token, an API key header, a path id, a JSON
// body, vault rows, a multipart field, a Basic password) never reach the journal (its console API
// and emu.requests), the log, or a recording file; and --proxy-to forwards only normalised paths
// under /v1 (a dot segment, encoded or not, used to reach the upstream's /X).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'trackerkit-credentials-'));
const TOKEN = 'qapi_upstream_credential_0123456789';
/** One secret per hiding place, each unlike any other text the emulator writes. */
const S = {
  query: 'query-token-value-1111',
  accessToken: 'access-token-value-2222',
  apiKey: 'api-key-value-3333',
  xAuthToken: 'x-auth-token-value-4444',
  apiKeyHeader: 'api-key-header-value-5555',
  rowKey: 'row-api-key-value-6666',
  multipart: 'multipart-token-value-7777',
  basic: 'basic-password-value-8888',
  short: 'k9',
};

let upstream: RunningEmulator;
let proxy: RunningEmulator;
const logs: string[] = [];
const file = join(dir, 'session.jsonl');
let trackerId: string;

const start = (options: Parameters<typeof startEmulator>[0]) =>
  startEmulator({
    clock: 'manual',
    clockStart: '2030-01-01T00:00:00Z',
    log: (line) => logs.push(line),
    ...options,
  });

/** A call through the proxy with the upstream's token in `Authorization`. */
async function call(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {},
) {
  const response = await fetch(`${proxy.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${TOKEN}`, ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  await response.text();
  return response.status;
}
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  upstream = await start({ token: TOKEN });
  proxy = await start({ proxyTo: upstream.baseUrl, record: file });
  const created = await fetch(`${upstream.baseUrl}/api/spaces/${upstream.spaceId}/trackers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, ...json },
    body: JSON.stringify({
      name: 'Credentials',
      description: 'd',
      run_mode: 'manual',
      agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
    }),
  });
  trackerId = ((await created.json()) as { tracker_id: string }).tracker_id;
  upstream.requests.clear();

  // Every place a credential can hide, through the recording proxy to the upstream.
  const list = `/api/trackers?space_id=${upstream.spaceId}`;
  await call(`${list}&token=${S.query}`);
  await call(`${list}&access_token=${S.accessToken}`);
  await call(`${list}&api_key=${S.apiKey}`);
  await call(`${list}&token=${S.short}`);
  await call(list, { headers: { 'x-auth-token': S.xAuthToken } });
  await call(list, { headers: { 'api-key': S.apiKeyHeader } });
  await call(list, {
    headers: { 'proxy-authorization': `Basic ${Buffer.from(`ops:${S.basic}`).toString('base64')}` },
  });
  await call(`/api/trackers/${TOKEN}`); // the token as a path id
  await call(`/api/trackers/${trackerId}`, {
    method: 'PATCH',
    headers: json,
    body: JSON.stringify({ description: `my token is ${TOKEN} and ${S.xAuthToken}` }),
  });
  await call(`/api/trackers/${trackerId}/vault/sources`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      source_name: 'accounts',
      data: [
        { user: 'a', api_key: S.rowKey, note: `login with ${TOKEN}` },
        { user: 'b', password: S.short, seen: S.basic },
      ],
    }),
  });
  const form = new FormData();
  form.set('token', S.multipart);
  form.set('file', new Blob([`user,key\na,${S.rowKey}\n`]), `${TOKEN}.csv`);
  await call(`/api/trackers/${trackerId}/vault/sources`, { method: 'POST', body: form });
});

afterAll(async () => {
  await proxy?.close();
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The journal as its console API answers it. */
async function journalApi(emu: RunningEmulator): Promise<string> {
  return (await fetch(`${emu.origin}/_emulator/requests?limit=1000`)).text();
}

const secrets = [TOKEN, ...Object.values(S).filter((s) => s !== S.short)];

describe('credentials never kept', () => {
  it.each([
    ["the proxy's journal (console API)", () => journalApi(proxy)],
    ["the upstream's journal (console API)", () => journalApi(upstream)],
    [
      'emu.requests.list()',
      async () => JSON.stringify([...proxy.requests.list(), ...upstream.requests.list()]),
    ],
    ['the recording file', async () => readFileSync(file, 'utf8')],
  ])('%s holds none of them', async (_where, read) => {
    const text = await read();
    expect(text.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(text).not.toContain(encodeURIComponent(TOKEN));
  });

  it('shows where each one was, and keeps what is no credential', () => {
    const entries = upstream.requests.list();
    const queries = entries.map((e) => e.query);
    expect(queries).toContainEqual({ space_id: upstream.spaceId, token: '[redacted]' });
    expect(queries).toContainEqual({ space_id: upstream.spaceId, access_token: '[redacted]' });
    expect(queries).toContainEqual({ space_id: upstream.spaceId, api_key: '[redacted]' });
    // A short value under a credential's name is replaced whole, as a long one.
    expect(queries.filter((q) => q.token === '[redacted]')).toHaveLength(2);
    const headers = entries.map((e) => e.headers);
    expect(headers.some((h) => h['x-auth-token'] === '[redacted]')).toBe(true);
    expect(headers.some((h) => h['api-key'] === '[redacted]')).toBe(true);
    expect(headers.every((h) => h.authorization === '[redacted]')).toBe(true);
    expect(entries.map((e) => e.path)).toContain('/v1/api/trackers/[redacted]');
    const patch = entries.find((e) => e.operation_id === 'updateTracker');
    expect(patch?.body?.json).toEqual({ description: 'my token is [redacted] and [redacted]' });
    const rows = entries.find(
      (e) => e.body?.media_type === 'application/json' && e.operation_id === 'uploadVaultData',
    );
    expect(rows?.body?.json).toEqual({
      source_name: 'accounts',
      data: [
        { user: 'a', api_key: '[redacted]', note: 'login with [redacted]' },
        { user: 'b', password: '[redacted]', seen: '[redacted]' },
      ],
    });
    expect(patch?.params).toEqual({ tracker_id: trackerId });
  });

  it('a recording keeps the multipart field and the file name redacted, and replays the same requests', async () => {
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l));
    const upload = lines.find((x) => x.request_body?.parts);
    expect(upload.request_body.parts).toEqual([
      expect.objectContaining({ name: 'token', value: '[redacted]' }),
      expect.objectContaining({ name: 'file', filename: '[redacted].csv' }),
    ]);
    const replayer = await start({ replay: file });
    try {
      // The same request, its credentials in the same places: it matches what was recorded.
      const answer = await fetch(
        `${replayer.baseUrl}/api/trackers?space_id=${upstream.spaceId}&token=${S.query}`,
        {
          headers: { authorization: 'Bearer qapi_any_token_here' },
        },
      );
      expect(answer.status).toBe(200);
      // A miss is logged and answered without the credentials it carried.
      const before = logs.length;
      const miss = await fetch(
        `${replayer.baseUrl}/api/trackers/${TOKEN}?access_token=${S.accessToken}&token=${S.short}`,
        {
          headers: { authorization: `Bearer ${TOKEN}` },
        },
      );
      const detail = await miss.text();
      expect(miss.status).toBe(501);
      const logged = logs.slice(before).join('\n');
      expect(logged).toContain(
        'No recording for GET /v1/api/trackers/[redacted]?access_token=[redacted]&token=[redacted]',
      );
      for (const text of [logged, detail, await journalApi(replayer)]) {
        for (const secret of [TOKEN, S.accessToken, `token=${S.short}`]) expect(text).not.toContain(secret);
      }
    } finally {
      await replayer.close();
    }
  });

  it("an upstream out of reach is logged without the path's credentials", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const lost = await start({ proxyTo: `http://ops:${S.basic}@127.0.0.1:${port}/v1` });
    try {
      const before = logs.length;
      const answer = await fetch(`${lost.baseUrl}/api/trackers/${TOKEN}`, {
        headers: { 'x-api-key': TOKEN },
      });
      expect(answer.status).toBe(502);
      const logged = logs.slice(before).join('\n');
      expect(logged).toContain('unreachable for GET /v1/api/trackers/[redacted]');
      for (const secret of [TOKEN, S.basic]) expect(logged).not.toContain(secret);
    } finally {
      await lost.close();
    }
  });

  // Last of these: the cases above wrote the log lines it reads.
  it('the log holds none of them', () => {
    const text = logs.join('\n');
    expect(text).toContain('No recording for');
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
  });
});

describe('--proxy-to forwards only normalised paths under /v1', () => {
  let sink: Server;
  const seen: string[] = [];
  let forwarding: RunningEmulator;

  beforeAll(async () => {
    sink = createServer((req: IncomingMessage, res) => {
      seen.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    forwarding = await start({ proxyTo: `http://127.0.0.1:${(sink.address() as AddressInfo).port}/v1` });
  });
  afterAll(async () => {
    await forwarding?.close();
    await new Promise((resolve) => sink?.close(resolve));
  });

  /** The path exactly as written (fetch and URL would resolve its dot segments first). */
  const raw = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(forwarding.origin);
      request({ hostname, port, path, headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
        .on('error', reject)
        .end();
    });

  it.each([
    ['a dot-dot segment', '/v1/../admin'],
    ['an encoded dot-dot segment', '/v1/%2e%2e/admin'],
    ['an upper-case encoded one, deeper', '/v1/api/%2E%2E/%2e%2e/admin'],
    ['a half-encoded one', '/v1/api/.%2e/admin'],
    ['a dot segment', '/v1/./api/trackers'],
    ['an encoded slash', '/v1/api/trackers/..%2f..%2fadmin'],
    ['a backslash', '/v1/api\\..\\admin'],
    ['an empty segment', '/v1/api//trackers'],
    ['malformed percent-encoding', '/v1/api/trackers/%zz'],
  ])('%s: 400, nothing forwarded', async (_name, path) => {
    const before = seen.length;
    const answer = await raw(path);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).detail).toMatch(/^--proxy-to forwards only normalised paths under \/v1: /);
    expect(seen.slice(before)).toEqual([]);
  });

  it('a normalised path is forwarded as it is', async () => {
    const before = seen.length;
    expect((await raw('/v1/api/trackers/trk_1?space_id=spc_1')).status).toBe(200);
    expect(seen.slice(before)).toEqual(['/v1/api/trackers/trk_1?space_id=spc_1']);
  });
});
