import { describe, expect, it } from 'vitest';
import { freePort } from '../../../../tests/helpers/free-port.ts';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import {
  createTrackerClient,
  TrackerApiError,
  TrackerAuthError,
  TrackerBadRequestError,
  TrackerNetworkError,
  TrackerNotFoundError,
  TrackerRateLimitError,
  TrackerServerError,
  TrackerTimeoutError,
  TrackerUnprocessableError,
} from '../../src/index.ts';
import { recordingClock, TOKEN, trackerBody } from '../helpers/fixtures.ts';
import { type LoopbackServer, sendJson, useLoopbackServers } from '../helpers/loopback-server.ts';

const serve = useLoopbackServers();

function client(baseUrl: string, extra: Partial<Parameters<typeof createTrackerClient>[0]> = {}) {
  const clock = recordingClock(Date.now());
  return {
    clock,
    tracker: createTrackerClient({ baseUrl, token: TOKEN, clock, random: () => 0.5, ...extra }),
  };
}

describe('requests', () => {
  it('sends the token as a bearer, or as X-API-Key, with JSON headers', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, trackerBody()));
    await client(server.baseUrl).tracker.trackers.get('trk_1');
    await client(server.baseUrl, { auth: 'x-api-key', userAgent: 'ua-test' }).tracker.trackers.get(
      'trk_2:x+é',
    );
    const [bearer, apiKey] = server.requests;
    expect(bearer?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(bearer?.headers.accept).toBe('application/json');
    expect(apiKey?.headers['x-api-key']).toBe(TOKEN);
    expect(apiKey?.headers.authorization).toBeUndefined();
    expect(apiKey?.headers['user-agent']).toBe('ua-test');
    // Encoded as a segment; an id that could change the path is refused before sending (path-ids).
    expect(apiKey?.path).toBe('/api/trackers/trk_2%3Ax%2B%C3%A9');
  });

  it('serializes queries and bodies', async () => {
    const server = await serve((_req, res) =>
      sendJson(res, 200, { data: [], pagination: { page: 1, page_size: 5, total_items: 0, total_pages: 0 } }),
    );
    const { tracker } = client(server.baseUrl);
    await tracker.runs.list('trk_1', { signal: 'Poor', min_score: 0, page_size: 5 });
    expect(server.requests[0]?.query.toString()).toBe('signal=Poor&min_score=0&page_size=5');
  });
});

describe('errors', () => {
  const cases: [
    string,
    { status: number; body: unknown; want: new (...args: never[]) => TrackerApiError },
  ][] = [
    ['400 bad request', { status: 400, body: { detail: 'zen is async only' }, want: TrackerBadRequestError }],
    ['402 quants', { status: 402, body: { detail: 'Insufficient quants' }, want: TrackerBadRequestError }],
    ['413 too large', { status: 413, body: { detail: 'too big' }, want: TrackerBadRequestError }],
    ['415 media type', { status: 415, body: { detail: 'json only' }, want: TrackerBadRequestError }],
    ['401 token', { status: 401, body: { detail: 'Invalid or missing API token' }, want: TrackerAuthError }],
    ['403 forbidden', { status: 403, body: { detail: 'Space is not active' }, want: TrackerAuthError }],
    ['404 not found', { status: 404, body: { detail: 'Tracker not found' }, want: TrackerNotFoundError }],
    ['409 other', { status: 409, body: { detail: 'conflict' }, want: TrackerApiError }],
  ];
  it.each(cases)('%s', async (_name, { status, body, want }) => {
    const server = await serve((_req, res) => sendJson(res, status, body, { 'x-request-id': 'req-42' }));
    const error = await client(server.baseUrl)
      .tracker.trackers.get('trk_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(want);
    const api = error as TrackerApiError;
    expect(api.status).toBe(status);
    expect(api.detail).toBe((body as { detail: string }).detail);
    expect(api.requestId).toBe('req-42');
    expect(api.body).toEqual(body);
    expect(api.message).toMatch(/^@trackerkit\/client: GET \/api\/trackers\/trk_1 answered/);
    expect(server.requests).toHaveLength(1);
  });

  it('keeps the list of issues of a 422', async () => {
    const detail = [
      { loc: ['body', 'name'], msg: 'String should have at most 50 characters', type: 'string_too_long' },
    ];
    const server = await serve((_req, res) => sendJson(res, 422, { detail }));
    const error = (await client(server.baseUrl)
      .tracker.trackers.update('trk_1', { name: 'x' })
      .catch((e: unknown) => e)) as TrackerUnprocessableError;
    expect(error).toBeInstanceOf(TrackerUnprocessableError);
    expect(error.issues).toEqual(detail);
    expect(error.detail).toEqual(detail);
    expect(error.requestId).toBeUndefined();
    expect(error.message).toContain('body.name: String should have at most 50 characters');
  });

  it('keeps a body that is not JSON', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>bad gateway</h1>');
    });
    const error = (await client(server.baseUrl, { retries: 0 })
      .tracker.spaces.get('spc_1')
      .catch((e: unknown) => e)) as TrackerServerError;
    expect(error).toBeInstanceOf(TrackerServerError);
    expect(error.body).toBe('<h1>bad gateway</h1>');
    expect(error.detail).toBeUndefined();
  });
});

describe('retries', () => {
  it('retries a GET after 5xx with exponential backoff and full jitter', async () => {
    let calls = 0;
    const server = await serve((_req, res) =>
      ++calls < 4 ? sendJson(res, 503, { detail: 'busy' }) : sendJson(res, 200, trackerBody()),
    );
    const { tracker, clock } = client(server.baseUrl, { retryBaseMs: 100 });
    expect((await tracker.trackers.get('trk_1')).tracker_id).toBe('trk_1');
    expect(server.requests).toHaveLength(4);
    // random() = 0.5 of a ceiling that doubles: 100, 200, 400.
    expect(clock.sleeps).toEqual([50, 100, 200]);
  });

  it('gives up after `retries` and throws the last error', async () => {
    const server = await serve((_req, res) => sendJson(res, 500, { detail: 'down' }));
    const error = await client(server.baseUrl, { retries: 2 })
      .tracker.trackers.get('trk_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackerServerError);
    expect(server.requests).toHaveLength(3);
  });

  it('honours Retry-After in seconds and as an HTTP-date', async () => {
    let calls = 0;
    const clock = recordingClock(Date.now());
    const server = await serve((_req, res) => {
      calls += 1;
      if (calls === 1) return sendJson(res, 429, { detail: 'slow down' }, { 'retry-after': '7' });
      if (calls === 2) {
        const at = new Date(clock.now() + 12_000).toUTCString();
        return sendJson(res, 503, { detail: 'maintenance' }, { 'retry-after': at });
      }
      sendJson(res, 200, trackerBody());
    });
    await createTrackerClient({ baseUrl: server.baseUrl, token: TOKEN, clock }).trackers.get('trk_1');
    expect(clock.sleeps[0]).toBe(7_000);
    // HTTP-dates have whole seconds: between 11 and 12 seconds remain.
    expect(clock.sleeps[1]).toBeGreaterThan(11_000);
    expect(clock.sleeps[1]).toBeLessThanOrEqual(12_000);
  });

  it('throws TrackerRateLimitError with retryAfterMs when 429 persists', async () => {
    const server = await serve((_req, res) =>
      sendJson(res, 429, { detail: 'limit' }, { 'retry-after': '3' }),
    );
    const error = (await client(server.baseUrl, { retries: 1 })
      .tracker.spaces.list()
      .catch((e: unknown) => e)) as TrackerRateLimitError;
    expect(error).toBeInstanceOf(TrackerRateLimitError);
    expect(error.retryAfterMs).toBe(3_000);
    expect(server.requests).toHaveLength(2);
  });

  it('never sends a POST twice after a 5xx', async () => {
    const server = await serve((_req, res) => sendJson(res, 503, { detail: 'overloaded' }));
    const error = await client(server.baseUrl)
      .tracker.runs.trigger('trk_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackerServerError);
    expect(server.requests).toHaveLength(1);
  });

  it('never sends a POST twice after the connection dropped mid-request', async () => {
    const dropping = await serve((_req, res) => {
      res.socket?.destroy();
    });
    const { tracker } = client(dropping.baseUrl);
    const error = (await tracker.runs
      .trigger('trk_1', { sync: false })
      .catch((e: unknown) => e)) as TrackerNetworkError;
    expect(error).toBeInstanceOf(TrackerNetworkError);
    expect(error.refused).toBe(false);
    expect(dropping.requests).toHaveLength(1);
    // The same failure on a GET is retried.
    const get = await tracker.trackers.get('trk_1').catch((e: unknown) => e);
    expect(get).toBeInstanceOf(TrackerNetworkError);
    expect(dropping.requests).toHaveLength(1 + 4);
  });

  it('retries a POST answered 429, and one whose connection was refused', async () => {
    let calls = 0;
    const limited = await serve((_req, res) =>
      ++calls === 1
        ? sendJson(res, 429, { detail: 'limit' }, { 'retry-after': '1' })
        : sendJson(res, 202, { run_id: 'run_1', tracker_id: 'trk_1', status: 'pending', created_at: 'x' }),
    );
    await client(limited.baseUrl).tracker.runs.trigger('trk_1');
    expect(limited.requests).toHaveLength(2);

    const port = await freePort();
    let late: LoopbackServer | undefined;
    const clock = {
      now: () => Date.now(),
      // The service comes up while the client backs off.
      async sleep() {
        late ??= await serve(
          (_req, res) =>
            sendJson(res, 202, { run_id: 'run_2', tracker_id: 'trk_1', status: 'pending', created_at: 'x' }),
          port,
        );
      },
    };
    const tracker = createTrackerClient({ baseUrl: `http://127.0.0.1:${port}/v1`, token: TOKEN, clock });
    const run = await tracker.runs.trigger('trk_1');
    expect(run.run_id).toBe('run_2');
    expect(late?.requests).toHaveLength(1);
  });

  it('reports a refused connection as TrackerNetworkError with refused=true', async () => {
    const port = await freePort();
    const { tracker } = client(`http://127.0.0.1:${port}/v1`, { retries: 1 });
    const error = (await tracker.trackers.get('trk_1').catch((e: unknown) => e)) as TrackerNetworkError;
    expect(error).toBeInstanceOf(TrackerNetworkError);
    expect(error.refused).toBe(true);
    expect(error.message).toMatch(/^@trackerkit\/client: GET \/api\/trackers\/trk_1 failed/);
  });
});

describe('timeouts and cancellation', () => {
  it('times out each attempt, retries a GET, never a POST', async () => {
    const server = await serve(() => {
      // never answers
    });
    const { tracker } = client(server.baseUrl, { timeoutMs: 100, retries: 1 });
    const get = (await tracker.trackers.get('trk_1').catch((e: unknown) => e)) as TrackerTimeoutError;
    expect(get).toBeInstanceOf(TrackerTimeoutError);
    expect(get.timeoutMs).toBe(100);
    expect(server.requests).toHaveLength(2);
    const post = await tracker.runs.trigger('trk_1').catch((e: unknown) => e);
    expect(post).toBeInstanceOf(TrackerTimeoutError);
    expect(server.requests).toHaveLength(3);
  });

  it('takes a per-call timeout over the client default', async () => {
    const server = await serve(() => {});
    const { tracker } = client(server.baseUrl, { timeoutMs: 30_000, retries: 0 });
    const error = (await tracker.runs
      .trigger('trk_1', { sync: true }, { reasoningMode: 'basic', timeoutMs: 80 })
      .catch((e: unknown) => e)) as TrackerTimeoutError;
    expect(error).toBeInstanceOf(TrackerTimeoutError);
    expect(error.timeoutMs).toBe(80);
  });

  it('times out while the body is still arriving', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"tracker_id":');
    });
    const error = await client(server.baseUrl, { timeoutMs: 100, retries: 0 })
      .tracker.trackers.get('trk_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackerTimeoutError);
  });

  it('stops at once when the caller aborts, with the caller reason', async () => {
    const server = await serve(() => {});
    const controller = new AbortController();
    const pending = client(server.baseUrl).tracker.trackers.get('trk_1', { signal: controller.signal });
    // In flight: the server has the request (and never answers it).
    await waitUntil(() => server.requests.length === 1, { what: 'the request at the server' });
    controller.abort(new Error('user cancelled'));
    await expect(pending).rejects.toThrow('user cancelled');
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['the bound signal alone', { own: false, aborts: 'bound' }],
    ['the bound signal, the call having its own', { own: true, aborts: 'bound' }],
    ["the call's own signal, under a bound one", { own: true, aborts: 'own' }],
  ] as const)('withSignal: every call ends with %s', async (_name, { own, aborts }) => {
    const server = await serve(() => {});
    const bound = new AbortController();
    const mine = new AbortController();
    const scoped = client(server.baseUrl).tracker.withSignal(bound.signal);
    const pending = scoped.runs.list('trk_1', {}, own ? { signal: mine.signal } : undefined);
    await waitUntil(() => server.requests.length === 1, { what: 'the request at the server' });
    (aborts === 'bound' ? bound : mine).abort(new Error(`${aborts} ended`));
    await expect(pending).rejects.toThrow(`${aborts} ended`);
    expect(server.requests).toHaveLength(1);
  });

  it('withSignal leaves the client it came from alone', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, trackerBody()));
    const { tracker } = client(server.baseUrl);
    const ended = new AbortController();
    ended.abort(new Error('gone'));
    await expect(tracker.withSignal(ended.signal).trackers.get('trk_1')).rejects.toThrow('gone');
    await expect(tracker.trackers.get('trk_1')).resolves.toMatchObject({ tracker_id: 'trk_1' });
    expect(server.requests).toHaveLength(1);
  });
});
