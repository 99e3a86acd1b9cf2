import { describe, expect, it } from 'vitest';
import {
  createTrackerClient,
  createVirtualClock,
  LIMITS,
  type Run,
  type TrackerClient,
  type TrackerClientOptions,
  TrackerTimeoutError,
  TrackerValidationError,
  VALIDATION_RULES,
} from '../../src/index.ts';
import { recordingClock, runBody, TOKEN, trackerBody } from '../helpers/fixtures.ts';
import {
  type Handler,
  type LoopbackServer,
  sendJson,
  useLoopbackServers,
} from '../helpers/loopback-server.ts';

const serve = useLoopbackServers();
const clientFor = (server: LoopbackServer, options: Partial<TrackerClientOptions> = {}) =>
  createTrackerClient({ baseUrl: server.baseUrl, token: TOKEN, ...options });

/** The 202 answer to an asynchronous trigger. */
const ACCEPTED = {
  run_id: 'run_1',
  tracker_id: 'trk_1',
  status: 'pending',
  created_at: '2026-11-21T08:00:00Z',
};

/** Serves `total` numbered items in pages, like every list operation of the service. */
function pagedHandler(total: number): Handler {
  return (req, res) => {
    const page = Number(req.query.get('page') ?? LIMITS.pageDefault);
    const size = Number(req.query.get('page_size') ?? LIMITS.pageSizeDefault);
    const data = Array.from({ length: total }, (_, i) => ({ n: i })).slice((page - 1) * size, page * size);
    sendJson(res, 200, {
      data,
      pagination: { page, page_size: size, total_items: total, total_pages: Math.ceil(total / size) },
    });
  };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('auto-pagination', () => {
  it.each([
    [
      'spaces.listAll',
      {
        call: (c: TrackerClient) => c.spaces.listAll(),
        total: 250,
        pages: 3,
        size: '100',
      },
    ],
    [
      'trackers.listAll',
      {
        call: (c: TrackerClient) => c.trackers.listAll({ space_id: 'S', page_size: 7 }),
        total: 20,
        pages: 3,
        size: '7',
      },
    ],
    [
      'runs.listAll',
      {
        call: (c: TrackerClient) => c.runs.listAll('T', { signal: 'Poor' }),
        total: 100,
        pages: 1,
        size: '100',
      },
    ],
    [
      'vault.listAllSources',
      {
        call: (c: TrackerClient) => c.vault.listAllSources('T'),
        total: 0,
        pages: 1,
        size: '100',
      },
    ],
  ])('%s walks every page', async (_name, { call, total, pages, size }) => {
    const server = await serve(pagedHandler(total));
    const tracker = clientFor(server);
    const items = (await collect(call(tracker) as AsyncIterable<unknown>)) as { n: number }[];
    expect(items.map((i) => i.n)).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(server.requests).toHaveLength(pages);
    expect(server.requests.map((r) => r.query.get('page'))).toEqual(
      Array.from({ length: pages }, (_, i) => String(i + 1)),
    );
    expect(server.requests.every((r) => r.query.get('page_size') === size)).toBe(true);
  });

  it('keeps filters on every page', async () => {
    const server = await serve(pagedHandler(150));
    const tracker = clientFor(server);
    await collect(tracker.runs.listAll('T', { signal: 'Poor', status: 'completed' }));
    expect(server.requests.map((r) => r.query.get('signal'))).toEqual(['Poor', 'Poor']);
  });
});

describe('runs.wait and triggerAndWait', () => {
  function runServer(statuses: Run['status'][]) {
    let polls = 0;
    return serve((req, res) => {
      if (req.method === 'POST') {
        return sendJson(res, 202, ACCEPTED);
      }
      const status = statuses[Math.min(polls++, statuses.length - 1)]!;
      sendJson(res, 200, runBody(status));
    });
  }

  it('polls with growing intervals until completed', async () => {
    const server = await runServer(['pending', 'running', 'running', 'completed']);
    const clock = recordingClock();
    const tracker = clientFor(server, { clock });
    const seen: string[] = [];
    const run = await tracker.runs.wait('trk_1', 'run_1', {
      intervalMs: 1_000,
      maxIntervalMs: 2_000,
      onPoll: (r, n) => seen.push(`${n}:${r.status}`),
    });
    expect(run.status).toBe('completed');
    expect(run.result?.score).toBe(7);
    expect(seen).toEqual(['1:pending', '2:running', '3:running', '4:completed']);
    expect(clock.sleeps).toEqual([1_000, 1_500, 2_000]);
  });

  it('returns a failed run as it is', async () => {
    const server = await runServer(['running', 'failed']);
    const tracker = clientFor(server, { clock: createVirtualClock() });
    expect((await tracker.runs.wait('trk_1', 'run_1')).status).toBe('failed');
  });

  it('throws TrackerTimeoutError carrying the runId', async () => {
    const server = await runServer(['running']);
    const tracker = clientFor(server, { clock: createVirtualClock() });
    const error = (await tracker.runs
      .wait('trk_1', 'run_1', { timeoutMs: 10_000, intervalMs: 1_000 })
      .catch((e: unknown) => e)) as TrackerTimeoutError;
    expect(error).toBeInstanceOf(TrackerTimeoutError);
    expect(error.runId).toBe('run_1');
    expect(error.timeoutMs).toBe(10_000);
    // Polls at 0, 1, 2.5, 4.75, 8.1 and at the deadline 10 s.
    expect(server.requests).toHaveLength(6);
  });

  it('stops when the signal aborts', async () => {
    const server = await runServer(['running']);
    const controller = new AbortController();
    const tracker = clientFor(server, { clock: createVirtualClock() });
    const error = await tracker.runs
      .wait('trk_1', 'run_1', {
        signal: controller.signal,
        onPoll: (_r, n) => n === 3 && controller.abort(new Error('stop')),
      })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('stop');
    expect(server.requests).toHaveLength(3);
  });

  it('triggerAndWait triggers asynchronously and waits', async () => {
    const server = await runServer(['pending', 'completed']);
    const tracker = clientFor(server, { clock: createVirtualClock() });
    const run = await tracker.runs.triggerAndWait('trk_1', { context: { note: 'weekly' } });
    expect(run.status).toBe('completed');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/trackers/trk_1/runs',
      'GET /api/trackers/trk_1/runs/run_1',
      'GET /api/trackers/trk_1/runs/run_1',
    ]);
    expect(server.requests[0]?.json()).toEqual({ context: { note: 'weekly' } });
    const sync = await tracker.runs.triggerAndWait('trk_1', { sync: true }).catch((e: unknown) => e);
    expect(sync).toBeInstanceOf(TrackerValidationError);
  });
});

describe('triggerAndWait timeouts', () => {
  it('sends the trigger with the client per-request timeout, not the whole wait, and never twice', async () => {
    const server = await serve(() => {
      // never answers the POST
    });
    const tracker = clientFor(server, { timeoutMs: 80 });
    const error = (await tracker.runs
      .triggerAndWait('trk_1', {}, { timeoutMs: 600_000 })
      .catch((e: unknown) => e)) as TrackerTimeoutError;
    expect(error).toBeInstanceOf(TrackerTimeoutError);
    expect(error.timeoutMs).toBe(80);
    expect(server.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('counts the trigger in the wait timeout and reports the whole timeout', async () => {
    const clock = recordingClock();
    const server = await serve((req, res) => {
      if (req.method === 'POST') {
        clock.advance(4_000); // the trigger took 4 s of the 5 s allowed
        return sendJson(res, 202, ACCEPTED);
      }
      sendJson(res, 200, runBody('running'));
    });
    const tracker = clientFor(server, { clock });
    const error = (await tracker.runs
      .triggerAndWait('trk_1', undefined, { timeoutMs: 5_000, intervalMs: 2_000 })
      .catch((e: unknown) => e)) as TrackerTimeoutError;
    expect(error).toBeInstanceOf(TrackerTimeoutError);
    expect([error.runId, error.timeoutMs]).toEqual(['run_1', 5_000]);
    expect(clock.sleeps).toEqual([1_000]);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'GET']);
  });
});

describe('zen trackers never run sync', () => {
  function trackerServer(mode: 'zen' | 'basic') {
    return serve((req, res) => {
      if (req.method === 'GET')
        return sendJson(
          res,
          200,
          trackerBody({ agent_config: { ...trackerBody().agent_config, reasoning_mode: mode } }),
        );
      sendJson(res, 200, {
        run_id: 'r',
        tracker_id: 'trk_1',
        status: 'completed',
        started_at: 'a',
        completed_at: 'b',
        execution_time_seconds: 1,
        result: null,
        error_message: null,
      });
    });
  }

  it('fetches the tracker first and refuses sync for zen, naming `sync`', async () => {
    const server = await trackerServer('zen');
    const tracker = clientFor(server);
    const error = (await tracker.runs
      .trigger('trk_1', { sync: true })
      .catch((e: unknown) => e)) as TrackerValidationError;
    expect(error).toBeInstanceOf(TrackerValidationError);
    expect(error.field).toBe('sync');
    expect(error.rule).toBe(VALIDATION_RULES.zenSync);
    expect(server.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('sends sync for other modes, and skips the GET when the mode is given', async () => {
    const server = await trackerServer('basic');
    const tracker = clientFor(server);
    const done = await tracker.runs.trigger('trk_1', { sync: true });
    expect(done.execution_time_seconds).toBe(1);
    await tracker.runs.trigger('trk_1', { sync: true }, { reasoningMode: 'advanced' });
    await tracker.runs.trigger('trk_1', { sync: false });
    expect(server.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'POST', 'POST']);
    const refused = await tracker.runs
      .trigger('trk_1', { sync: true }, { reasoningMode: 'zen' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TrackerValidationError);
    expect(server.requests).toHaveLength(4);
  });
});
