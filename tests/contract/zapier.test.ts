// The contract table against the Zapier app: each case goes through the app's own perform, run by
// zapier-platform-core's createAppTester, with the connection pointed at a loopback server that
// answers anything and counts what it received. Refused means the step failed naming the field and
// the rule and nothing was sent; accepted means a request went out. Zapier's forms are flat, so the
// case's body is flattened as the form has it; cases about fields the forms do not offer (legacy
// thresholds, vault TTL, linked trackers, null or empty values, which a Zapier form leaves unset)
// are left out, as the MCP tools leave out theirs. A file case's bytes are served by the same server
// (not counted as sent): Zapier hands the Upload File step a URL, which the step downloads.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTester } from 'zapier-platform-core';
import { app } from '../../packages/zapier/src/index.ts';
import { casesOf, type Given, validCreate, type Want } from './cases.ts';
import { rowsOf } from './inputs.ts';

const tester = createAppTester(app) as unknown as (perform: unknown, bundle: object) => Promise<unknown>;
const perform = (kind: 'creates' | 'searches', key: string) =>
  (app[kind] as unknown as Record<string, { operation: { perform: unknown } }>)[key]!.operation.perform;

let server: Server;
let baseUrl: string;
let received = 0;
/** The row count of each upload received. */
let batches: number[] = [];
/** What GET /api/trackers/trk_1 answers: the tracker an update completes its nested objects from. */
let stored: Record<string, unknown> = validCreate;
/** The files a file case's URL points at, by path. */
const files = new Map<string, Uint8Array>();
beforeAll(async () => {
  server = createServer(async (request, response) => {
    const file = files.get(request.url ?? '');
    if (file) return void response.writeHead(200).end(file);
    if (request.method === 'GET' && request.url === '/v1/api/trackers/trk_1') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify({ tracker_id: 'trk_1', space_id: 'spc_1', ...stored }));
    }
    received++;
    let text = '';
    for await (const chunk of request) text += chunk;
    if (
      request.url?.endsWith('/vault/sources') &&
      request.headers['content-type']?.startsWith('application/json')
    )
      batches.push((JSON.parse(text) as { data: unknown[] }).data.length);
    response.writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ tracker_id: 'trk_1', run_id: 'run_1', source_id: 'src_1', success: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const FLAT: Record<string, string[]> = {
  '': ['name', 'description', 'run_mode'],
  agent_config: ['instruction', 'score_meaning', 'skills', 'reasoning_mode'],
  notification_config: [
    'email_enabled',
    'webhook_enabled',
    'notify_below',
    'lower_threshold',
    'notify_above',
    'upper_threshold',
  ],
  schedule: ['start_time', 'interval_minutes', 'end_time'],
};
const inputName = (group: string, key: string) => (group === 'schedule' ? `schedule_${key}` : key);

/** The body as the form's fields, or undefined when the form cannot say it. */
function flatten(body: Record<string, unknown>, create: boolean): Record<string, unknown> | undefined {
  if (create && body.agent_config === undefined) return undefined; // the form always sends one
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (FLAT['']!.includes(key)) {
      if (value === '' || value === null) return undefined;
      input[key] = value;
      continue;
    }
    const fields = FLAT[key];
    if (!fields || typeof value !== 'object' || value === null) return undefined;
    const inner = Object.entries(value);
    if (inner.length === 0) return undefined;
    for (const [name, item] of inner) {
      if (!fields.includes(name) || item === null || item === '') return undefined;
      input[inputName(key, name)] = item;
    }
  }
  return input;
}

function callOf(given: Given): [unknown, Record<string, unknown>] | undefined {
  switch (given.kind) {
    case 'trackerCreate': {
      const input = flatten(given.body, true);
      return input && [perform('creates', 'create_tracker'), { space_id: 'spc_1', ...input }];
    }
    case 'trackerUpdate': {
      const input = flatten(given.body, false);
      return input && [perform('creates', 'update_tracker'), { tracker_id: 'trk_1', ...input }];
    }
    case 'jsonUpload': {
      // The action batches any number of rows (the `batches` cases below): of one JSON request's
      // cases, those about the source's name apply to it.
      const { source_name, data, description } = given.body as Record<string, unknown>;
      if (typeof source_name !== 'string' || source_name === '' || description !== undefined)
        return undefined;
      if (!Array.isArray(data) && typeof data !== 'object') return undefined;
      return [
        perform('creates', 'upload_rows'),
        { tracker_id: 'trk_1', source_name, rows: JSON.stringify(data) },
      ];
    }
    case 'file': {
      const path = `/files/${files.size}`;
      files.set(path, given.bytes);
      return [
        perform('creates', 'upload_file'),
        {
          tracker_id: 'trk_1',
          // Read when the case runs; the table is filtered before the server listens.
          file: `${(baseUrl ?? '').replace(/\/v1$/, '')}${path}`,
          filename: given.filename,
          ...(given.description === undefined ? {} : { description: given.description }),
        },
      ];
    }
    case 'pathId':
      if (given.name === 'tracker_id')
        return [perform('creates', 'delete_tracker'), { tracker_id: given.value }];
      if (given.name === 'run_id')
        return [perform('searches', 'find_run'), { tracker_id: 'trk_1', run_id: given.value }];
      return undefined;
    default:
      return undefined;
  }
}

/** What the step made of it: accepted when something was sent, else the field and rule it named. */
async function decision(fn: unknown, inputData: Record<string, unknown>): Promise<Want> {
  const before = received;
  try {
    await tester(fn, { authData: { baseUrl, apiToken: 'qapi_contract' }, inputData });
  } catch (error) {
    // Zapier's AppError carries {message, code, status} as JSON in its message.
    const { message, code } = JSON.parse((error as Error).message) as { message: string; code: string };
    expect(code).toBe('InvalidData');
    expect(received).toBe(before);
    const found = /invalid (\S+): .* \[(.+)\](?: \(and \d+ more\))?$/.exec(message);
    if (!found) throw new Error(`not a named refusal: ${message}`);
    return { field: found[1]!, rule: found[2]! };
  }
  expect(received).toBeGreaterThan(before);
  return 'accepted';
}

const aboutOneRequest = (want: unknown) =>
  want !== 'accepted' && (want as { field?: string }).field === 'data';
const offered = casesOf('trackerCreate', 'trackerUpdate', 'jsonUpload', 'file', 'pathId').filter(
  ([, { given, want }]) =>
    callOf(given) !== undefined && !(given.kind === 'jsonUpload' && aboutOneRequest(want)),
);

describe('contract: the Zapier app refuses what the rules refuse, before sending', () => {
  it('offers most of the table', () => {
    expect(offered.length).toBeGreaterThan(40);
  });
  it.each(offered)('%s', async (_name, { given, want }) => {
    stored = given.kind === 'trackerUpdate' && given.stored ? given.stored : validCreate;
    const [fn, input] = callOf(given)!;
    expect(await decision(fn, input)).toEqual(want);
  });
});

describe('contract: the Zapier app batches rows as the planner does', () => {
  it.each(casesOf('batches'))('%s', async (_name, { given, want }) => {
    batches = [];
    const rows = JSON.stringify(rowsOf(given));
    const upload = perform('creates', 'upload_rows');
    const answer = await decision(upload, { tracker_id: 'trk_1', source_name: 'contract', rows });
    expect(answer === 'accepted' ? batches : 'refused').toEqual(want);
  });
});
