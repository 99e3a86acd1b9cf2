// The contract table against @trackerkit/client: what it refuses before sending, how long it waits
// on Retry-After, what it resends and how it batches rows. The client's I/O (fetch, clock) is
// handed in, so the cases see its decisions directly.
import {
  createTrackerClient,
  createVirtualClock,
  TrackerApiError,
  TrackerNetworkError,
  TrackerValidationError,
} from '@trackerkit/client';
import { backoffMs, LIMITS } from '@trackerkit/core';
import { describe, expect, it } from 'vitest';
import { casesOf, type Given, type Want } from './cases.ts';
import { expectSeen, type HttpWant, type Seen, serviceAnswering } from './http-cases.ts';
import { rowsOf, VERIFY_NOW } from './inputs.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const OK_BODY = {
  data: [],
  pagination: { page: 1, page_size: 20, total_items: 0, total_pages: 0 },
  source_id: 'src_1',
  rows_processed: 1,
  run_id: 'run_1',
  status: 'pending',
  agent_config: { reasoning_mode: 'basic' },
};

function clientWith(fetch: typeof globalThis.fetch, retries = 0) {
  const clock = createVirtualClock(VERIFY_NOW);
  const client = createTrackerClient({
    baseUrl: 'http://127.0.0.1:9/v1',
    token: 'qapi_contract',
    fetch,
    clock,
    retries,
    random: () => 0.5,
    timeoutMs: 200,
  });
  return { client, clock };
}

/** Accepted when the request was sent; refused when the client threw before sending. */
async function decision(
  call: (c: ReturnType<typeof clientWith>['client']) => Promise<unknown>,
): Promise<Want> {
  let sent = 0;
  const { client } = clientWith(async () => {
    sent++;
    return json(200, OK_BODY);
  });
  try {
    await call(client);
  } catch (error) {
    if (!(error instanceof TrackerValidationError)) throw error;
    expect(sent).toBe(0);
    return { field: error.field, rule: error.rule };
  }
  expect(sent).toBeGreaterThan(0);
  return 'accepted';
}

function requestOf(given: Given) {
  switch (given.kind) {
    case 'trackerCreate':
      return decision((c) => c.trackers.create('spc_1', given.body as never));
    case 'trackerUpdate':
      return decision((c) => c.trackers.update('trk_1', given.body as never));
    case 'runTrigger':
      return decision((c) => c.runs.trigger('trk_1', given.body, { reasoningMode: given.mode }));
    case 'jsonUpload':
      return decision((c) => c.vault.upload('trk_1', given.body as never));
    case 'file':
      return decision((c) =>
        c.vault.uploadFile('trk_1', {
          file: given.bytes,
          filename: given.filename,
          description: given.description,
        }),
      );
    case 'query': {
      const q = given.query as never;
      const ops = {
        listRuns: (c: ReturnType<typeof clientWith>['client']) => c.runs.list('trk_1', q),
        listSpaces: (c: ReturnType<typeof clientWith>['client']) => c.spaces.list(q),
        getVaultRecent: (c: ReturnType<typeof clientWith>['client']) => c.vault.recent('trk_1', q),
        listVaultSources: (c: ReturnType<typeof clientWith>['client']) => c.vault.listSources('trk_1', q),
      };
      return decision(ops[given.operation]);
    }
    case 'pathId': {
      const id = given.value;
      const ops = {
        space_id: (c: ReturnType<typeof clientWith>['client']) => c.spaces.get(id),
        tracker_id: (c: ReturnType<typeof clientWith>['client']) => c.trackers.delete(id),
        run_id: (c: ReturnType<typeof clientWith>['client']) => c.runs.delete('trk_1', id),
        source_id: (c: ReturnType<typeof clientWith>['client']) => c.vault.deleteSource('trk_1', id),
      };
      return decision(ops[given.name]);
    }
    default:
      throw new Error(`not a request case: ${given.kind}`);
  }
}

describe('contract: the client refuses what the rules refuse, before sending', () => {
  it.each(casesOf('trackerCreate', 'trackerUpdate', 'runTrigger', 'query', 'jsonUpload', 'file', 'pathId'))(
    '%s',
    async (_name, { given, want }) => {
      expect(await requestOf(given)).toEqual(want);
    },
  );
});

describe('contract: the client waits what Retry-After says, else its backoff', () => {
  it.each(casesOf('retryAfter'))('%s', async (_name, { given, want }) => {
    let calls = 0;
    const { client, clock } = clientWith(async () => {
      calls++;
      if (calls > 1) return json(200, OK_BODY);
      return json(429, { detail: 'slow down' }, given.header === null ? {} : { 'retry-after': given.header });
    }, 1);
    const before = clock.now();
    await client.spaces.get('spc_1');
    expect(calls).toBe(2);
    expect(clock.now() - before).toBe(want === 'backoff' ? backoffMs(0, 500, 30_000, () => 0.5) : want);
  });
});

describe('contract: the client resends only what may be resent', () => {
  const fail =
    (outcome: Extract<Given, { kind: 'resend' }>['outcome']) => async (_: unknown, init?: RequestInit) => {
      if (outcome.kind === 'status') return json(outcome.status, { detail: 'no' });
      if (outcome.kind === 'timeout') {
        // Never answers: the client's per-attempt timeout (200 ms) aborts it.
        return new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        );
      }
      const code = outcome.kind === 'refused' ? 'ECONNREFUSED' : 'ECONNRESET';
      throw new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
    };
  it.each(casesOf('resend'))('%s', async (_name, { given, want }) => {
    let calls = 0;
    const failing = fail(given.outcome);
    const { client } = clientWith(async (input, init) => {
      calls++;
      if (calls > 1) return json(200, OK_BODY);
      return failing(input, init);
    }, 1);
    const call = {
      GET: () => client.spaces.get('spc_1'),
      PATCH: () => client.trackers.update('trk_1', { name: 'x' }),
      DELETE: () => client.runs.delete('trk_1', 'run_1'),
      POST: () => client.runs.trigger('trk_1'),
    }[given.method as 'GET'];
    await call().catch(() => undefined);
    expect(calls === 2).toBe(want);
  });
});

describe('contract: the client batches rows as the planner does', () => {
  it.each(casesOf('batches'))('%s', async (_name, { given, want }) => {
    const sizes: number[] = [];
    const { client } = clientWith(async (_input, init) => {
      const body = JSON.parse(String(init?.body)) as { data: unknown[] };
      expect(Buffer.byteLength(String(init?.body))).toBeLessThanOrEqual(LIMITS.uploadBytesMax);
      sizes.push(body.data.length);
      return json(201, { ...OK_BODY, rows_processed: body.data.length });
    });
    const result = await client.vault
      .uploadRows('trk_1', { source_name: 'contract', rows: rowsOf(given) })
      .then(
        () => sizes,
        (error: unknown) => {
          if (error instanceof TrackerValidationError) return 'refused';
          throw error;
        },
      );
    expect(result).toEqual(want);
  });
});

describe('contract: the client makes of each answer what the edge says', () => {
  const service = serviceAnswering();

  it.each(casesOf('httpAnswer'))('%s', async (_name, { given, want }) => {
    const origin = service.originFor(given.answer);
    const clock = createVirtualClock(VERIFY_NOW);
    const at: number[] = [];
    // Real fetch over loopback, counted.
    const fetch: typeof globalThis.fetch = (input, init) => {
      at.push(clock.now());
      return globalThis.fetch(input, init);
    };
    const client = createTrackerClient({
      baseUrl: `${origin}/v1`,
      token: 'qapi_contract',
      fetch,
      clock,
      retries: 1,
      random: () => 0.5,
    });
    const call = given.method === 'GET' ? client.spaces.get('spc_1') : client.runs.trigger('trk_1');
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error instanceof TrackerApiError || error instanceof TrackerNetworkError).toBe(true);
    const seen: Seen = {
      status: error instanceof TrackerApiError ? error.status : undefined,
      message: (error as Error).message,
      sent: at.length,
      waitedMs: at.length === 2 ? at[1]! - at[0]! : undefined,
    };
    if (error instanceof TrackerNetworkError)
      expect(error.refused).toBe((want as HttpWant).outcome.kind === 'refused');
    expectSeen(given.method, want as HttpWant, seen, true);
  });
});
