// The contract table against the n8n node's pre-checks: the functions the node runs before it
// sends anything, taken from the package (they use the core bundled into the node, so this also
// checks the bundle answers as the core does).
import { describe, expect, it } from 'vitest';
import {
  checkFile,
  checkPathIds,
  checkRunFilters,
  checkRunTrigger,
  checkSigningSecret,
  checkTrackerCreate,
  checkTrackerUpdate,
  retryWaitMs,
  verifyAlert,
} from '../../packages/n8n-nodes-tracker/nodes/shared/checks.ts';
import { trackerRequest } from '../../packages/n8n-nodes-tracker/nodes/shared/transport.ts';
import { casesOf, type Given, type Want } from './cases.ts';
import { expectSeen, type HttpWant, type Seen, serviceAnswering } from './http-cases.ts';
import { signedRequest, VERIFY_NOW } from './inputs.ts';

type Problems = { field: string; rule: string }[];
const answer = (problems: Problems): Want =>
  problems.length === 0 ? 'accepted' : { field: problems[0]!.field, rule: problems[0]!.rule };

function check(given: Given): Want {
  switch (given.kind) {
    case 'trackerCreate':
      return answer(checkTrackerCreate(given.body));
    case 'trackerUpdate':
      return answer(checkTrackerUpdate(given.body));
    case 'runTrigger':
      return answer(checkRunTrigger(given.body, given.mode));
    case 'file':
      return answer(checkFile(given.filename, given.bytes, { description: given.description }));
    case 'query':
      return answer(checkRunFilters(given.query as never));
    case 'pathId':
      return answer(checkPathIds({ [given.name]: given.value }));
    default:
      throw new Error(`not a pre-check case: ${given.kind}`);
  }
}

describe('contract: the n8n node checks what the rules check', () => {
  const runQueries = casesOf('query').filter(([, c]) => c.given.operation === 'listRuns');
  it.each([...casesOf('trackerCreate', 'trackerUpdate', 'runTrigger', 'file', 'pathId'), ...runQueries])(
    '%s',
    (_name, { given, want }) => {
      expect(check(given)).toEqual(want);
    },
  );
});

describe('contract: the n8n trigger verifies as the rules say', () => {
  it.each(casesOf('signature'))('%s', (_name, { given, want }) => {
    const { body, headers } = signedRequest(given);
    const result = verifyAlert({ secret: given.verifyWith, headers, rawBody: body, nowMs: VERIFY_NOW });
    expect(result.ok ? 'ok' : result.reason).toBe(want);
  });
  it.each(casesOf('secret'))('%s', (_name, { given, want }) => {
    expect(checkSigningSecret(given.secret).length === 0 ? 'accepted' : 'refused').toBe(want);
  });
});

describe('contract: the n8n node waits what Retry-After says, else the backoff', () => {
  it.each(casesOf('retryAfter'))('%s', (_name, { given, want }) => {
    const waited = retryWaitMs(given.header, 0, VERIFY_NOW, () => 0.5);
    expect(waited).toBe(want === 'backoff' ? retryWaitMs(null, 0, VERIFY_NOW, () => 0.5) : want);
  });
});

/**
 * n8n's request helper as n8n-core runs it for the node (returnFullResponse, ignoreHttpStatusErrors,
 * a JSON body parsed when it parses, text kept otherwise), over real fetch; a failed connection
 * throws the transport's error with its system code on the cause chain, as axios's does.
 */
function n8nContext(baseUrl: string, at: number[]) {
  const helpers = {
    async httpRequestWithAuthentication(
      _credential: string,
      options: { url: string; method?: string; json?: boolean },
    ) {
      at.push(Date.now());
      const response = await fetch(options.url, { method: options.method ?? 'GET' });
      const text = await response.text();
      let body: unknown = text;
      try {
        if (options.json && text) body = JSON.parse(text);
      } catch {}
      return { statusCode: response.status, headers: Object.fromEntries(response.headers), body };
    },
  };
  const node = {
    id: 'n',
    name: 'Tracker',
    type: 'tracker',
    typeVersion: 1,
    position: [0, 0],
    parameters: {},
  };
  return {
    getNode: () => node,
    getCredentials: async () => ({ baseUrl, apiToken: 'qapi_contract' }),
    helpers,
  } as unknown as Parameters<typeof trackerRequest>[0];
}

describe('contract: the n8n node makes of each answer what the edge says', () => {
  const service = serviceAnswering();

  it.each(casesOf('httpAnswer'))('%s', async (_name, { given, want }) => {
    const at: number[] = [];
    const context = n8nContext(service.originFor(given.answer), at);
    const call =
      given.method === 'GET'
        ? trackerRequest(context, 'GET', '/api/spaces/{space_id}', {
            params: { space_id: 'spc_1' },
            retries: 1,
          })
        : trackerRequest(context, 'POST', '/api/trackers/{tracker_id}/runs', {
            params: { tracker_id: 'trk_1' },
            retries: 1,
          });
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const seen: Seen = {
      // A NodeApiError carries the status as its httpCode.
      status: (error as { httpCode?: string }).httpCode
        ? Number((error as { httpCode: string }).httpCode)
        : undefined,
      message: (error as Error).message,
      sent: at.length,
      waitedMs: at.length === 2 ? at[1]! - at[0]! : undefined,
    };
    expectSeen(given.method, want as HttpWant, seen, false);
  });
});
