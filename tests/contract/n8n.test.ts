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
import { casesOf, type Given, type Want } from './cases.ts';
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
