import { createHash, createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WebhooksError } from '../../src/errors.ts';
import { signStandardWebhooks } from '../../src/index.ts';
import type { VerifyOptions } from '../../src/verify/types.ts';
import { verify, verifyWithFallback } from '../../src/verify/verify.ts';
import { OTHER_SECRET, SECRET, signedRequest } from '../helpers/alerts.ts';

const NOW = 1_800_000_000_000;
const std: VerifyOptions = { scheme: 'standard-webhooks', toleranceSeconds: 300, now: () => NOW };

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhooksError);
    expect((error as WebhooksError).status).toBe(401);
    expect((error as WebhooksError).message).toMatch(/^@trackerkit\/webhooks: /);
    return (error as WebhooksError).reason;
  }
  return 'accepted';
}

describe('Standard Webhooks', () => {
  const body = '{"type":"tracker.alert","x":"é"}';
  const ts = NOW / 1000;
  const headers = (sig: string, t = ts, id = 'msg_1') => ({
    'webhook-id': id,
    'webhook-timestamp': String(t),
    'webhook-signature': sig,
  });

  const cases: Array<[string, { given: () => string; want: string }]> = [
    [
      'valid',
      {
        given: () =>
          reason(() =>
            verify(SECRET, { body, headers: headers(signStandardWebhooks(SECRET, 'msg_1', ts, body)) }, std),
          ),
        want: 'accepted',
      },
    ],
    [
      'wrong secret',
      {
        given: () =>
          reason(() =>
            verify(
              OTHER_SECRET,
              { body, headers: headers(signStandardWebhooks(SECRET, 'msg_1', ts, body)) },
              std,
            ),
          ),
        want: 'no_matching_signature',
      },
    ],
    [
      'too old',
      {
        given: () =>
          reason(() =>
            verify(
              SECRET,
              { body, headers: headers(signStandardWebhooks(SECRET, 'msg_1', ts - 301, body), ts - 301) },
              std,
            ),
          ),
        want: 'timestamp_too_old',
      },
    ],
    [
      'too new',
      {
        given: () =>
          reason(() =>
            verify(
              SECRET,
              { body, headers: headers(signStandardWebhooks(SECRET, 'msg_1', ts + 301, body), ts + 301) },
              std,
            ),
          ),
        want: 'timestamp_too_new',
      },
    ],
    [
      'at the tolerance edge',
      {
        given: () =>
          reason(() =>
            verify(
              SECRET,
              { body, headers: headers(signStandardWebhooks(SECRET, 'msg_1', ts - 300, body), ts - 300) },
              std,
            ),
          ),
        want: 'accepted',
      },
    ],
    [
      'missing id',
      {
        given: () =>
          reason(() =>
            verify(
              SECRET,
              { body, headers: { 'webhook-timestamp': String(ts), 'webhook-signature': 'v1,AAAA' } },
              std,
            ),
          ),
        want: 'missing_id',
      },
    ],
    [
      'missing signature',
      {
        given: () =>
          reason(() =>
            verify(SECRET, { body, headers: { 'webhook-id': 'a', 'webhook-timestamp': String(ts) } }, std),
          ),
        want: 'missing_signature',
      },
    ],
    [
      'non-numeric timestamp',
      {
        given: () =>
          reason(() =>
            verify(SECRET, { body, headers: headers('v1,AAAA', 'abc' as unknown as number) }, std),
          ),
        want: 'invalid_timestamp',
      },
    ],
    [
      'a well-formed v1 entry of the wrong length',
      {
        given: () =>
          reason(() =>
            verify(SECRET, { body, headers: headers(`v1,${Buffer.alloc(16).toString('base64')}`) }, std),
          ),
        want: 'no_matching_signature',
      },
    ],
    [
      'only v2 entries',
      {
        given: () => reason(() => verify(SECRET, { body, headers: headers('v2,AAAA') }, std)),
        want: 'malformed_signature',
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => expect(given()).toBe(want));

  it('accepts any of several signatures and any of several secrets (rotation)', () => {
    const sig = `v1,${Buffer.alloc(32).toString('base64')} ${signStandardWebhooks(OTHER_SECRET, 'msg_1', ts, body)}`;
    expect(reason(() => verify(SECRET, { body, headers: headers(sig) }, std))).toBe('no_matching_signature');
    const ok = verifyWithFallback([SECRET, OTHER_SECRET], { body, headers: headers(sig) }, std);
    expect(ok).toEqual({ scheme: 'standard-webhooks', id: 'msg_1', timestamp: ts });
  });

  // The README's rotation example, `[env.SECRET, env.SECRET_OLD]`, while no rotation is under way.
  it('leaves unset rotation entries out; refuses only when no secret is set, and says so', () => {
    const h = headers(signStandardWebhooks(SECRET, 'msg_1', ts, body));
    for (const unset of [undefined, '']) {
      expect(verifyWithFallback([SECRET, unset], { body, headers: h }, std).id).toBe('msg_1');
      expect(verifyWithFallback([unset, SECRET], { body, headers: h }, std).id).toBe('msg_1');
    }
    let refused: WebhooksError | undefined;
    try {
      verifyWithFallback([undefined, ''], { body, headers: h }, std);
    } catch (error) {
      refused = error as WebhooksError;
    }
    expect(refused).toMatchObject({ status: 500, reason: 'missing_secret' });
    expect(refused?.message).toMatch(/needs at least one secret; none is set/);
  });

  it('tolerance is configurable', () => {
    const h = headers(signStandardWebhooks(SECRET, 'msg_1', ts - 10, body), ts - 10);
    expect(reason(() => verify(SECRET, { body, headers: h }, { ...std, toleranceSeconds: 5 }))).toBe(
      'timestamp_too_old',
    );
    expect(reason(() => verify(SECRET, { body, headers: h }, { ...std, toleranceSeconds: 60 }))).toBe(
      'accepted',
    );
  });

  it('agrees with the standardwebhooks package both ways, on exact bytes', () => {
    const lib = new Webhook(SECRET);
    const libSig = lib.sign('msg_x', new Date(NOW), body);
    expect(verify(SECRET, { body: Buffer.from(body), headers: headers(libSig, ts, 'msg_x') }, std).id).toBe(
      'msg_x',
    );
    const req = signedRequest({ a: 1 }, { nowMs: Date.now() });
    expect(lib.verify(req.body, req.headers)).toEqual({ a: 1 });
  });

  it('a secret outside the policy is a configuration error (500), never a sender’s 401', () => {
    const h = headers(signStandardWebhooks(SECRET, 'msg_1', ts, body));
    for (const secret of ['whsec_bjhuLXNlY3JldA==', SECRET.slice('whsec_'.length)]) {
      let error: unknown;
      try {
        verify(secret, { body, headers: h }, std);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(WebhooksError);
      expect(error).toMatchObject({ status: 500, reason: 'invalid_secret' });
      expect((error as Error).message).not.toContain(secret);
    }
  });

  it('reads headers from a Fetch Headers object too', () => {
    const h = new Headers(headers(signStandardWebhooks(SECRET, 'msg_1', ts, body)));
    expect(verify(SECRET, { body, headers: h }, std).id).toBe('msg_1');
  });
});

describe('Stripe style', () => {
  const opts: VerifyOptions = { scheme: 'stripe', now: () => NOW };
  const body = '{"id":"evt_1"}';
  const ts = NOW / 1000;
  const sign = (secret: string, t = ts) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  it('accepts t=,v1= with the whole whsec_ string as the key, and rejects the Standard Webhooks key', () => {
    expect(
      verify(SECRET, { body, headers: { 'stripe-signature': `t=${ts},v1=${sign(SECRET)}` } }, opts).scheme,
    ).toBe('stripe');
    expect(
      reason(() =>
        verify(
          SECRET,
          {
            body,
            headers: {
              'stripe-signature': `t=${ts},v1=${signStandardWebhooks(SECRET, 'x', ts, body).slice(3)}`,
            },
          },
          opts,
        ),
      ),
    ).toBe('malformed_signature');
  });
  it('several v1 entries; too old and too new', () => {
    const h = { 'stripe-signature': `t=${ts},v1=${'00'.repeat(32)},v1=${sign(OTHER_SECRET)}` };
    expect(verifyWithFallback([SECRET, OTHER_SECRET], { body, headers: h }, opts).timestamp).toBe(ts);
    expect(
      reason(() =>
        verify(
          SECRET,
          { body, headers: { 'stripe-signature': `t=${ts - 400},v1=${sign(SECRET, ts - 400)}` } },
          opts,
        ),
      ),
    ).toBe('timestamp_too_old');
    expect(
      reason(() =>
        verify(
          SECRET,
          { body, headers: { 'stripe-signature': `t=${ts + 400},v1=${sign(SECRET, ts + 400)}` } },
          opts,
        ),
      ),
    ).toBe('timestamp_too_new');
  });
});

describe('GitHub style and token', () => {
  const body = '{"a":1}';
  it('sha256= in a configurable header, delivery id from a header', () => {
    const sig = `sha256=${createHmac('sha256', 'gh-secret').update(body).digest('hex')}`;
    const opts: VerifyOptions = { scheme: 'github', header: 'x-tracker-signature', idHeader: 'x-delivery' };
    const result = verify(
      'gh-secret',
      { body, headers: { 'x-tracker-signature': sig, 'x-delivery': 'd-1' } },
      opts,
    );
    expect(result).toEqual({ scheme: 'github', id: 'd-1', timestamp: null });
    expect(reason(() => verify('other', { body, headers: { 'x-tracker-signature': sig } }, opts))).toBe(
      'no_matching_signature',
    );
    expect(reason(() => verify('gh-secret', { body, headers: { 'x-hub-signature-256': sig } }, opts))).toBe(
      'missing_signature',
    );
  });
  it('shared token, constant-time, any of several', () => {
    const opts: VerifyOptions = { scheme: 'token', header: 'x-token' };
    expect(verifyWithFallback(['t1', 't2'], { body, headers: { 'x-token': 't2' } }, opts).scheme).toBe(
      'token',
    );
    expect(reason(() => verifyWithFallback(['t1', 't2'], { body, headers: { 'x-token': 't3' } }, opts))).toBe(
      'invalid_token',
    );
    expect(reason(() => verifyWithFallback(['t1'], { body, headers: {} }, opts))).toBe('missing_token');
  });
  it('an empty delivery id header falls back to the digest of the body', () => {
    const sig = `sha256=${createHmac('sha256', 'gh-secret').update(body).digest('hex')}`;
    const digest = `sha256:${createHash('sha256').update(body).digest('hex')}`;
    const opts: VerifyOptions = { scheme: 'github' };
    expect(
      verify('gh-secret', { body, headers: { 'x-hub-signature-256': sig, 'x-github-delivery': '' } }, opts)
        .id,
    ).toBe(digest);
    expect(
      verifyWithFallback(
        ['t1'],
        { body, headers: { 'x-webhook-token': 't1', 'webhook-id': ' ' } },
        {
          scheme: 'token',
        },
      ).id,
    ).toBe(digest);
  });
  it('none only when configured; a configured scheme without secrets is a configuration error', () => {
    expect(verifyWithFallback([], { body, headers: { 'webhook-id': 'm' } }, { scheme: 'none' }).id).toBe('m');
    expect(() => verifyWithFallback([], { body, headers: {} }, { scheme: 'standard-webhooks' })).toThrow(
      /needs at least one/,
    );
  });
});
