// The contract table against the Activepieces piece: each case goes through the action's own run,
// with the props checked first by the framework's schema, as the engine does (the piece's test
// harness), and the connection pointed at a loopback server that answers anything and counts what
// it received. Refused means the step failed naming the field and the rule and nothing was written;
// accepted means the request went out. A field without a prop of its own goes in "Other fields
// (JSON)", as a user would put it there, so nearly every create and update case applies. Left out,
// with the reason: a create without agent_config (Instruction and Score meaning are required props,
// so the piece always sends one), agent_config given as something other than an object (the piece
// builds it from its props), an upload's one-request cases about `data` (the action batches any
// number of rows: the `batches` cases below), file cases (the piece has no file upload), path ids of
// spaces and sources (no action puts them in a path), and an empty run id (Find Run's empty Run ID
// asks for the newest run). A required prop left empty is refused by the engine's own check of the
// props before the step runs; those cases are checked to be refused there, sending nothing. The
// alert cases go through New Alert's intake with the connection's one signing secret (cases that
// verify with a list of secrets do not apply: a connection holds one).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TrackerApiError, TrackerNetworkError } from '@trackerkit/client';
import { mayResend } from '@trackerkit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectionProblem,
  createTracker,
  deleteTracker,
  findRun,
  getTracker,
  runTracker,
  takeAlert,
  updateTracker,
  uploadRows,
} from '../../packages/activepieces/src/index.ts';
import { connection, memoryStore, runAction } from '../../packages/activepieces/test/helpers/harness.ts';
import { casesOf, type Given, validCreate, type Want } from './cases.ts';
import { expectSeen, type HttpWant, serviceAnswering } from './http-cases.ts';
import { rowsOf, signedRequest, VERIFY_NOW } from './inputs.ts';

type Action = Parameters<typeof runAction>[0];
type Props = Record<string, unknown>;

let server: Server;
let baseUrl: string;
/** Requests that write (or read what the case is about), not the update's read of the stored tracker. */
let sent = 0;
/** The row count of each upload received. */
let batches: number[] = [];
/** What GET /api/trackers/trk_1 answers: the tracker an update completes its nested objects from. */
let stored: Record<string, unknown> = validCreate;
beforeAll(async () => {
  server = createServer(async (request, response) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    const json = (status: number, body: unknown): void =>
      void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method === 'GET' && request.url === '/v1/api/trackers/trk_1')
      return json(200, { tracker_id: 'trk_1', space_id: 'spc_1', ...stored });
    sent++;
    if (request.url?.endsWith('/vault/sources')) {
      const rows = (JSON.parse(text) as { data: unknown[] }).data.length;
      batches.push(rows);
      return json(201, { source_id: 'src_1', rows_processed: rows });
    }
    json(request.method === 'POST' ? 201 : 200, { tracker_id: 'trk_1', run_id: 'run_1', success: true });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => typeof value === 'string' && value !== '';

/** The props a body's fields fill: the ones the action has a prop for, the rest in Other fields. */
function propsOf(
  body: Record<string, unknown>,
  own: { top: string[]; agent: string[]; fits: (value: unknown) => boolean },
): Props | undefined {
  const props: Props = {};
  const other: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (own.top.includes(key) && own.fits(value)) props[key] = value;
    else if (key !== 'agent_config') other[key] = value;
    else if (!isObject(value)) return undefined;
    else {
      const rest: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(value)) {
        if (item === undefined) continue;
        if (own.agent.includes(name) && own.fits(item)) props[name] = item;
        else rest[name] = item;
      }
      if (Object.keys(rest).length > 0 || Object.keys(value).length === 0) other.agent_config = rest;
    }
  }
  if (Object.keys(other).length > 0) props.other = other;
  return props;
}

/** The known skills the multi-select offers; other ids are typed into Other fields. */
const knownSkills = (skills: unknown) =>
  Array.isArray(skills) &&
  skills.every((id) => typeof id === 'string' && /^[a-z]/.test(id) && id === id.toLowerCase());

function callOf(given: Given): [Action, Props] | undefined {
  switch (given.kind) {
    case 'trackerCreate': {
      if (!isObject(given.body.agent_config)) return undefined;
      // The create's props take what the framework's types allow; anything else goes in Other fields.
      const props = propsOf(given.body, {
        top: ['name', 'description', 'run_mode'],
        agent: ['instruction', 'score_meaning', 'reasoning_mode', 'skills'],
        fits: (value) => typeof value === 'string' || knownSkills(value),
      });
      return props && [createTracker as Action, { space: 'spc_1', ...props }];
    }
    case 'trackerUpdate': {
      // The update's props are all optional and the piece sends only those given (not empty).
      const props = propsOf(given.body, {
        top: ['name', 'description', 'run_mode'],
        agent: ['instruction', 'score_meaning', 'reasoning_mode'],
        fits: text,
      });
      return props && [updateTracker as Action, { space: 'spc_1', tracker: 'trk_1', ...props }];
    }
    case 'jsonUpload': {
      const { source_name, data, description } = given.body as Record<string, unknown>;
      return [
        uploadRows as Action,
        { space: 'spc_1', tracker: 'trk_1', sourceName: source_name, rows: data, description },
      ];
    }
    case 'pathId':
      if (given.name === 'tracker_id')
        return [deleteTracker as Action, { space: 'spc_1', tracker: given.value }];
      if (given.name === 'run_id')
        return [findRun as Action, { space: 'spc_1', tracker: 'trk_1', runId: given.value }];
      return undefined;
    default:
      return undefined;
  }
}

/** A required prop the framework refused, as the field of the body it fills. */
const FIELD_OF: Record<string, string> = {
  name: 'name',
  description: 'description',
  instruction: 'agent_config.instruction',
  score_meaning: 'agent_config.score_meaning',
  sourceName: 'source_name',
};

/** What the step made of it: accepted when a request went out, else the field and rule it named. */
async function decision(action: Action, props: Props): Promise<Want> {
  const before = sent;
  try {
    await runAction(action, connection(baseUrl, 'qapi_contract'), props);
  } catch (error) {
    expect(sent).toBe(before);
    const { message } = error as Error;
    // The engine checks the props before the step runs: a required prop left out is refused there.
    const framework = /^props refused by the framework: .*"path":\s*\[\s*"(\w+)"/s.exec(message);
    if (framework) return { field: FIELD_OF[framework[1]!] ?? framework[1]!, rule: 'required' };
    const found = /invalid (\S+): .* \[(.+)\](?: \(and \d+ more\))?$/.exec(message);
    if (!found) throw new Error(`not a named refusal: ${message}`);
    return { field: found[1]!, rule: found[2]! };
  }
  expect(sent).toBeGreaterThan(before);
  return 'accepted';
}

const aboutOneRequest = (want: unknown) =>
  want !== 'accepted' && (want as { field?: string }).field === 'data';
const REQUIRED = ['name', 'description', 'instruction', 'score_meaning', 'sourceName'];
/** The required prop a case leaves empty (''), which the engine refuses before the step runs. */
const emptyRequired = (given: Given): string | undefined => {
  if (given.kind !== 'trackerCreate' && given.kind !== 'jsonUpload') return undefined;
  const props = callOf(given)?.[1] ?? {};
  return REQUIRED.find((prop) => props[prop] === '');
};
const applies = casesOf('trackerCreate', 'trackerUpdate', 'jsonUpload', 'pathId').filter(
  ([, { given, want }]) =>
    callOf(given) !== undefined &&
    !(given.kind === 'jsonUpload' && aboutOneRequest(want)) &&
    !(given.kind === 'pathId' && given.name === 'run_id' && given.value === ''),
);
const offered = applies.filter(([, { given }]) => emptyRequired(given) === undefined);
const emptied = applies.filter(([, { given }]) => emptyRequired(given) !== undefined);

describe('contract: the Activepieces piece refuses what the rules refuse, before sending', () => {
  it('offers most of the table', () => {
    expect(offered.length).toBeGreaterThan(60);
  });
  it.each(offered)('%s', async (_name, { given, want }) => {
    stored = given.kind === 'trackerUpdate' && given.stored ? given.stored : validCreate;
    const [action, props] = callOf(given)!;
    expect(await decision(action, props)).toEqual(want);
  });
});

describe('contract: the engine refuses an empty required prop before the step runs', () => {
  it.each(emptied)('%s', async (_name, { given, want }) => {
    expect(want).toMatchObject({ rule: 'minLength: 1' });
    const [action, props] = callOf(given)!;
    expect(await decision(action, props)).toEqual({
      field: (want as { field: string }).field,
      rule: 'required',
    });
  });
});

describe('contract: the Activepieces piece batches rows as the planner does', () => {
  it.each(casesOf('batches'))('%s', async (_name, { given, want }) => {
    batches = [];
    const props = { space: 'spc_1', tracker: 'trk_1', sourceName: 'contract', rows: rowsOf(given) };
    const answer = await decision(uploadRows as Action, props);
    expect(answer === 'accepted' ? batches : 'refused').toEqual(want);
  });
});

describe('contract: the Activepieces piece makes of each answer what the edge says', () => {
  const service = serviceAnswering();

  it.each(casesOf('httpAnswer'))('%s', async (_name, { given, want }) => {
    const origin = service.originFor(given.answer);
    // Counted at the connection's fetch: the piece's client is the client's default (3 retries).
    const at: number[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      at.push(Date.now());
      return realFetch(input, init);
    };
    const auth = connection(`${origin}/v1`, 'qapi_contract');
    const error = await (given.method === 'GET'
      ? runAction(getTracker as Action, auth, { space: 'spc_1', tracker: 'trk_1' })
      : runAction(runTracker as Action, auth, { space: 'spc_1', tracker: 'trk_1', wait: false })
    )
      .then(
        () => undefined,
        (e: unknown) => e,
      )
      .finally(() => {
        globalThis.fetch = realFetch;
      });
    expect(error instanceof TrackerApiError || error instanceof TrackerNetworkError).toBe(true);
    const { outcome } = want as HttpWant;
    // The table's layers allow one resend; the piece keeps the client's default, so more may follow.
    expect(at.length > 1).toBe(mayResend(given.method, outcome));
    expectSeen(
      given.method,
      want as HttpWant,
      {
        status: error instanceof TrackerApiError ? error.status : undefined,
        message: (error as Error).message,
        sent: Math.min(at.length, 2),
        waitedMs: at.length >= 2 ? at[1]! - at[0]! : undefined,
      },
      false,
    );
  });
});

describe('contract: the Activepieces New Alert verifies as the rules say', () => {
  const oneSecret = casesOf('signature').filter(([, { given }]) => given.verifyWith.length === 1);
  it('judges the one-secret cases', () => expect(oneSecret.length).toBeGreaterThan(8));
  it.each(oneSecret)('%s', async (_name, { given, want }) => {
    const { body, headers } = signedRequest(given);
    const request = {
      body: JSON.parse(body),
      rawBody: body,
      headers: { ...headers, 'content-type': 'application/json' },
    };
    const intake = await takeAlert(request, given.verifyWith[0]!, memoryStore(), VERIFY_NOW);
    expect(intake.outcome === 'refused' ? intake.reason : 'ok').toBe(want);
  });
  it.each(casesOf('secret'))('%s', (_name, { given, want }) => {
    const problem = connectionProblem({ baseUrl, token: 'qapi_contract', webhookSecret: given.secret });
    expect(problem === undefined ? 'accepted' : 'refused').toBe(want);
  });
});
