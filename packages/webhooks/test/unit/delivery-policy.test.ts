import { parseRetryAfter, policyBackoffMs, RETRY_AFTER_CEILING_MS } from '@trackerkit/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.ts';
import { configSecrets } from '../../src/config/secret-values.ts';
import { type BreakerTransition, createCircuitBreaker } from '../../src/delivery/circuit-breaker.ts';
import { classifyOutcome, type Verdict } from '../../src/delivery/classify-outcome.ts';
import { discordRetryAfter } from '../../src/delivery/destinations/discord.ts';
import type { DeliveryOutcome } from '../../src/delivery/types.ts';
import { createLogger, maskSecrets, redact } from '../../src/telemetry/logger.ts';

const policy = { maxAttempts: 8, initialDelayMs: 1000, maxDelayMs: 60_000, factor: 4 };

describe('backoff', () => {
  it('grows exponentially with equal jitter and a cap', () => {
    expect([1, 2, 3, 4, 5].map((a) => policyBackoffMs(policy, a, undefined, () => 0))).toEqual([
      500, 2000, 8000, 30_000, 30_000,
    ]);
    expect([1, 2, 3, 4, 5].map((a) => policyBackoffMs(policy, a, undefined, () => 1))).toEqual([
      1000, 4000, 16_000, 60_000, 60_000,
    ]);
  });
  it('honours the destination’s delay beyond max_delay, up to the 24 h ceiling', () => {
    expect(policyBackoffMs(policy, 1, 7000, () => 0)).toBe(7000);
    expect(policyBackoffMs(policy, 1, 10_000_000, () => 0)).toBe(10_000_000);
    expect(policyBackoffMs(policy, 1, 400 * 86_400_000, () => 0)).toBe(RETRY_AFTER_CEILING_MS);
    expect(RETRY_AFTER_CEILING_MS).toBe(86_400_000);
  });
  it('reads Retry-After seconds and dates, and Discord retry_after', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(
      discordRetryAfter('{"message":"You are being rate limited.","retry_after":0.42,"global":false}'),
    ).toBe(420);
    expect(discordRetryAfter('nope')).toBeUndefined();
  });
});

describe('circuit breaker', () => {
  it('opens after the threshold, lets one probe through after the cooldown, closes on success', () => {
    let t = 0;
    const seen: BreakerTransition[] = [];
    const b = createCircuitBreaker({
      failureThreshold: 2,
      cooldownMs: 100,
      now: () => t,
      onTransition: (x) => seen.push(x),
    });
    b.failure('HTTP 503');
    expect(b.allow()).toBe(true);
    b.failure('HTTP 502');
    expect([b.state(), b.allow(), b.retryAt()]).toEqual(['open', false, 100]);
    t = 100;
    expect([b.allow(), b.state(), b.allow()]).toEqual([true, 'half-open', false]);
    b.failure('timed out');
    expect(b.state()).toBe('open');
    t = 200;
    expect(b.allow()).toBe(true);
    b.success('delivered (200)');
    expect([b.state(), b.allow()]).toEqual(['closed', true]);
    expect(seen).toEqual([
      { from: 'closed', to: 'open', reason: '2 consecutive failures, the last: HTTP 502' },
      { from: 'open', to: 'half-open', reason: 'cooldown over: one probe may go' },
      { from: 'half-open', to: 'open', reason: 'probe failed: timed out' },
      { from: 'open', to: 'half-open', reason: 'cooldown over: one probe may go' },
      { from: 'half-open', to: 'closed', reason: 'delivered (200)' },
    ]);
  });

  it('a probe told to wait reopens until then and probes again (never stays half-open)', () => {
    let t = 0;
    const b = createCircuitBreaker({ failureThreshold: 1, cooldownMs: 100, now: () => t });
    b.failure('HTTP 503');
    t = 100;
    expect(b.allow()).toBe(true);
    b.wait(5100, 'HTTP 429');
    expect([b.state(), b.allow(), b.retryAt()]).toEqual(['open', false, 5100]);
    t = 5100;
    expect([b.allow(), b.state()]).toEqual([true, 'half-open']);
  });

  it('a wait while closed changes nothing; while open it only lengthens the pause', () => {
    const t = 0;
    const b = createCircuitBreaker({ failureThreshold: 1, cooldownMs: 100, now: () => t });
    b.wait(10_000, 'HTTP 429');
    expect([b.state(), b.allow()]).toEqual(['closed', true]);
    b.failure('HTTP 503');
    b.wait(50, 'HTTP 429');
    expect(b.retryAt()).toBe(100);
    b.wait(300, 'HTTP 429');
    expect(b.retryAt()).toBe(300);
  });

  it('a released probe lets the next request probe; a lost probe is given up after its timeout', () => {
    let t = 0;
    const b = createCircuitBreaker({
      failureThreshold: 1,
      cooldownMs: 100,
      probeTimeoutMs: 1000,
      now: () => t,
    });
    b.failure('HTTP 503');
    t = 100;
    expect([b.allow(), b.allow()]).toEqual([true, false]);
    b.release();
    expect([b.allow(), b.allow()]).toEqual([true, false]);
    t = 1099;
    expect(b.allow()).toBe(false);
    t = 1100;
    expect([b.allow(), b.state()]).toEqual([true, 'half-open']);
  });
});

describe('what an attempt says about the message and the destination', () => {
  const cases: Array<[string, { given: DeliveryOutcome; want: Verdict }]> = [
    ['2xx', { given: { ok: true, status: 204 }, want: 'delivered' }],
    [
      'a 4xx refuses the message',
      { given: { ok: false, retryable: false, status: 422, error: 'x' }, want: 'refused' },
    ],
    ['410 Gone', { given: { ok: false, retryable: false, status: 410, error: 'x' }, want: 'refused' }],
    ['SMTP 550', { given: { ok: false, retryable: false, status: 550, error: 'x' }, want: 'refused' }],
    [
      '429 waits',
      { given: { ok: false, retryable: true, status: 429, error: 'x', retryAfterMs: 1 }, want: 'wait' },
    ],
    [
      '409 (same key in flight) waits',
      { given: { ok: false, retryable: true, status: 409, error: 'x' }, want: 'wait' },
    ],
    ['5xx', { given: { ok: false, retryable: true, status: 503, error: 'x' }, want: 'failed' }],
    ['408', { given: { ok: false, retryable: true, status: 408, error: 'x' }, want: 'failed' }],
    ['timeout', { given: { ok: false, retryable: true, status: null, error: 'timed out' }, want: 'failed' }],
    ['unsendable', { given: { ok: false, retryable: false, status: null, error: 'x' }, want: 'unsendable' }],
  ];
  for (const [name, { given, want }] of cases) {
    it(name, () => expect(classifyOutcome(given)).toBe(want));
  }
});

describe('logger', () => {
  it('writes JSON lines and redacts secret-looking fields at any depth', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', write: (l) => lines.push(l) });
    logger.debug('hidden');
    logger.info('hello', { destination: 'slack', url: 'https://hooks/x', nested: { secret: 's', ok: 1 } });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'info',
      msg: 'hello',
      url: '[redacted]',
      nested: { secret: '[redacted]', ok: 1 },
    });
    expect(redact([{ authorization: 'Bearer x' }])).toEqual([{ authorization: '[redacted]' }]);
  });

  it('never writes a configured secret, wherever it turns up in a line', () => {
    const env = {
      SIGNING: `whsec_${Buffer.from('signing-secret-value-0001').toString('base64')}`,
      SLACK: 'https://hooks.slack.example/services/T000/B000/SLACKTOKEN123',
      PD: 'PAGERDUTY-ROUTING-KEY-42',
      SMTP_PASS: 'smtp-password-value',
    };
    const config = loadConfig(
      {
        sources: [{ name: 's', path: '/h', secret: { env: 'SIGNING' } }],
        destinations: [
          { name: 'slack', type: 'slack', url: { env: 'SLACK' } },
          { name: 'pd', type: 'pagerduty', routing_key: { env: 'PD' } },
          {
            name: 'mail',
            type: 'email',
            smtp: { host: 'h', pass: { env: 'SMTP_PASS' } },
            from: 'a@b',
            to: 'c@d',
          },
        ],
        route: { destination: ['slack', 'pd', 'mail'] },
      },
      { env },
    );
    const lines: string[] = [];
    const logger = maskSecrets(createLogger({ write: (l) => lines.push(l) }), configSecrets(config));
    logger.warn(`echo ${env.PD}`, {
      error: `HTTP 400: {"routing_key":"${env.PD}","pass":"${env.SMTP_PASS}"}`,
      request: { path: '/services/T000/B000/SLACKTOKEN123', raw: env.SIGNING.slice(6) },
      list: [env.SLACK],
    });
    const all = lines.join('');
    for (const secret of [...Object.values(env), env.SIGNING.slice(6), 'SLACKTOKEN123']) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('[redacted]');
  });
});
