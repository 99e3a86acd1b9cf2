// The contract table against @trackerkit/webhooks: what the receiver's verify accepts, the secrets
// its configuration accepts, and the event types it knows.
import { loadConfig, parseAlertEvent, verifyWithFallback, WebhooksError } from '@trackerkit/webhooks';
import { describe, expect, it } from 'vitest';
import { casesOf } from './cases.ts';
import { signedRequest, VERIFY_NOW } from './inputs.ts';

describe('contract: the receiver verifies as the rules say', () => {
  it.each(casesOf('signature'))('%s', (_name, { given, want }) => {
    let got: string;
    try {
      verifyWithFallback(given.verifyWith, signedRequest(given), {
        scheme: 'standard-webhooks',
        now: () => VERIFY_NOW,
      });
      got = 'ok';
    } catch (error) {
      if (!(error instanceof WebhooksError)) throw error;
      got = String(error.reason);
    }
    expect(got).toBe(want);
  });
});

describe('contract: the receiver accepts the secrets the policy accepts, at load', () => {
  it.each(casesOf('secret'))('%s', async (_name, { given, want }) => {
    const config = {
      sources: [{ name: 'tracker', path: '/hooks/tracker', secret: given.secret }],
      destinations: [{ name: 'log', type: 'file', path: '/dev/null' }],
      route: { destination: 'log' },
    };
    const got = await Promise.resolve()
      .then(() => loadConfig(config as never))
      .then(
        () => 'accepted',
        (error: unknown) => {
          expect(String((error as Error).message)).toMatch(/secret/);
          return 'refused';
        },
      );
    expect(got).toBe(want);
  });
});

describe('contract: the receiver knows the alert events of the document', () => {
  it.each(casesOf('eventName'))('%s', (_name, { given, want }) => {
    const body = JSON.stringify({ type: given.type, timestamp: '2026-11-21T08:00:00Z', data: {} });
    let known: boolean;
    try {
      known = parseAlertEvent(body).known;
    } catch (error) {
      // A known type with this empty data fails its schema (400), which still means "known".
      expect((error as WebhooksError).status).toBe(400);
      known = true;
    }
    expect(known).toBe(want);
  });
});
