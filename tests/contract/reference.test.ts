// An outside judge for the signing cases: the Standard Webhooks reference library
// (`standardwebhooks`) verifies every message the core signs for the table. Rotation is the
// library's one-secret-at-a-time verify tried with each configured secret. Where the suite is
// stricter on purpose (its one secret policy refuses a 5-byte key the library would use), the case
// is listed below and not sent to the library.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { casesOf } from './cases.ts';
import { signedRequest, VERIFY_NOW } from './inputs.ts';

/** Cases decided by the suite's secret policy, which the reference library does not have. */
const POLICY_ONLY = new Set(['invalid_secret']);

// The library reads the clock itself and its tolerance is fixed at 5 minutes, as the table's.
const libraryVerdict = (secrets: string[], body: string, headers: Record<string, string>): string => {
  for (const secret of secrets) {
    try {
      new Webhook(secret).verify(body, headers);
      return 'ok';
    } catch (error) {
      const message = (error as Error).message;
      if (/too old/i.test(message)) return 'timestamp_too_old';
      if (/too new/i.test(message)) return 'timestamp_too_new';
    }
  }
  return 'no_matching_signature';
};

describe('contract: the reference standardwebhooks library agrees on every signing case', () => {
  const judged = casesOf('signature').filter(([, c]) => !POLICY_ONLY.has(c.want as string));
  it('judges all but the policy-only cases', () =>
    expect(judged.length).toBe(casesOf('signature').length - 1));
  it.each(judged)('%s', (_name, { given, want }) => {
    // The library reads Date.now: sign at the real clock, so it sees the age the case describes.
    const shift = Math.floor((Date.now() - VERIFY_NOW) / 1000);
    const { body, headers } = signedRequest({ ...given, ageSeconds: (given.ageSeconds ?? 0) - shift });
    expect(libraryVerdict(given.verifyWith, body, headers)).toBe(want);
  });
});
