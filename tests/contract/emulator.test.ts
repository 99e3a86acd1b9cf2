// The contract table against the emulator over HTTP: what the service (as the suite models it)
// accepts and refuses. A 422 names the field in FastAPI's `loc`; a 400 answers a v0.3 rule.
import { request } from 'node:http';
import { fieldOf } from '@trackerkit/core';
import { secretProblems } from '@trackerkit/core/signing';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casesOf, type Given, validCreate, type Want } from './cases.ts';
import { rowsOfSource } from './csv-cases.ts';

let emulator: RunningEmulator;
let trackerId: string;

const call = async (method: string, path: string, body?: unknown, form?: FormData) => {
  const res = await fetch(`${emulator.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${emulator.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** The service's answer as the table's: accepted, or the field its error names (422: loc; 400: sync). */
function answerOf(
  res: { status: number; body: Record<string, unknown> },
  field400?: string,
): Want | { field: string } {
  if (res.status < 300) return 'accepted';
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  const detail = res.body.detail;
  if (res.status === 422 && Array.isArray(detail))
    return { field: fieldOf((detail[0] as { loc: (string | number)[] }).loc.slice(1)) };
  return { field: field400 ?? `HTTP ${res.status}: ${JSON.stringify(detail)}` };
}

const fieldOnly = (want: unknown) =>
  want === 'accepted' ? want : { field: (want as { field: string }).field };

async function newTracker(body: Record<string, unknown> = validCreate): Promise<string> {
  const res = await call('POST', `/api/spaces/${emulator.spaceId}/trackers`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.tracker_id);
}

async function ask(given: Given) {
  switch (given.kind) {
    case 'trackerCreate':
      return answerOf(await call('POST', `/api/spaces/${emulator.spaceId}/trackers`, given.body));
    case 'trackerUpdate': {
      const id = await newTracker(given.stored);
      return answerOf(await call('PATCH', `/api/trackers/${id}`, given.body));
    }
    case 'runTrigger': {
      const id = await newTracker({
        ...validCreate,
        agent_config: { ...validCreate.agent_config, reasoning_mode: given.mode },
      });
      return answerOf(await call('POST', `/api/trackers/${id}/runs`, given.body), 'sync');
    }
    case 'query': {
      const qs = new URLSearchParams(Object.entries(given.query).map(([k, v]) => [k, String(v)]));
      const path = {
        listRuns: `/api/trackers/${trackerId}/runs`,
        listSpaces: '/api/spaces',
        getVaultRecent: `/api/trackers/${trackerId}/vault/recent`,
        listVaultSources: `/api/trackers/${trackerId}/vault/sources`,
      }[given.operation];
      return answerOf(await call('GET', `${path}?${qs}`));
    }
    case 'jsonUpload':
      return answerOf(await call('POST', `/api/trackers/${trackerId}/vault/sources`, given.body), 'data');
    case 'file': {
      const form = new FormData();
      form.append('file', new Blob([given.bytes as Uint8Array<ArrayBuffer>]), given.filename);
      if (given.description !== undefined) form.append('description', given.description);
      return answerOf(
        await call('POST', `/api/trackers/${trackerId}/vault/sources`, undefined, form),
        'file',
      );
    }
    default:
      throw new Error(`not a request case: ${given.kind}`);
  }
}

/** A request with its path exactly as written: fetch would resolve `..` and `%2E%2E` first. */
function rawCall(method: string, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const { hostname, port } = new URL(emulator.origin);
  const headers = { authorization: `Bearer ${emulator.token}` };
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * An id in the path: refused is 404 `Not Found` without a lookup (the answer to a path that names
 * no resource); accepted is the operation's own answer for that id (here 404 `Run not found`...).
 */
async function pathIdAnswer(given: Extract<Given, { kind: 'pathId' }>): Promise<string> {
  const wire = given.wire ?? encodeURIComponent(given.value);
  const path = {
    space_id: `/api/spaces/${wire}`,
    tracker_id: `/api/trackers/${wire}`,
    run_id: `/api/trackers/${trackerId}/runs/${wire}`,
    source_id: `/api/trackers/${trackerId}/vault/sources/${wire}`,
  }[given.name];
  const method = given.name === 'space_id' ? 'GET' : 'DELETE';
  const res = await rawCall(method, new URL(emulator.baseUrl).pathname + path);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  return res.status === 404 && res.body.detail === 'Not Found' ? 'refused' : 'accepted';
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock: 'manual' });
  trackerId = await newTracker();
});
afterAll(() => emulator?.close());

describe('contract: the emulator over HTTP', () => {
  it.each(casesOf('trackerCreate', 'trackerUpdate', 'runTrigger', 'query', 'jsonUpload', 'file'))(
    '%s',
    async (_name, { given, want }) => {
      expect(await ask(given)).toEqual(fieldOnly(want));
    },
  );

  // An empty id is no path segment: `/runs/` is the runs collection, another route.
  it.each(casesOf('pathId').filter(([, c]) => c.given.value !== ''))('%s', async (_name, { given, want }) => {
    expect(await pathIdAnswer(given)).toBe(want === 'accepted' ? 'accepted' : 'refused');
  });
  it('path ids: the tracker they were aimed at is still there', async () => {
    expect((await call('GET', `/api/trackers/${trackerId}`)).status).toBe(200);
  });

  // A .csv file uploaded as a user would, its rows read back; each case in a tracker of its own.
  it.each(casesOf('csv'))('%s', async (name, { given, want }) => {
    // A minute on, so the upload rate limit (30 a minute) the cases above used up is free again.
    await emulator.clock.advance(1);
    const id = await newTracker();
    const form = new FormData();
    form.append('file', new Blob([given.text]), 'rows.csv');
    form.append('source_name', name);
    const res = await call('POST', `/api/trackers/${id}/vault/sources`, undefined, form);
    if (want === 'unreadable') {
      expect(res.status).toBe(422);
      expect(answerOf(res)).toEqual({ field: 'file' });
    } else {
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      expect(await rowsOfSource(emulator, id, name)).toEqual(want);
    }
  });

  it('signs with a secret that meets the one secret policy', () => {
    const { secret } = emulator.setWebhook('http://127.0.0.1:9/hook');
    expect(secretProblems(secret)).toEqual([]);
  });
});
