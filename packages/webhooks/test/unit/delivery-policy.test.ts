import { parseRetryAfter } from '@trackerkit/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.ts';
import { configSecrets } from '../../src/config/secret-values.ts';
import { backoffDelay } from '../../src/delivery/backoff-delay.ts';
import { createCircuitBreaker } from '../../src/delivery/circuit-breaker.ts';
import { discordRetryAfter } from '../../src/delivery/destinations/discord.ts';
import { createLogger, maskSecrets, redact } from '../../src/server/logger.ts';

const policy = { maxAttempts: 8, initialDelayMs: 1000, maxDelayMs: 60_000, factor: 4 };

describe('backoff', () => {
  it('grows exponentially with equal jitter and a cap', () => {
    expect([1, 2, 3, 4, 5].map((a) => backoffDelay(policy, a, undefined, () => 0))).toEqual([
      500, 2000, 8000, 30_000, 30_000,
    ]);
    expect([1, 2, 3, 4, 5].map((a) => backoffDelay(policy, a, undefined, () => 1))).toEqual([
      1000, 4000, 16_000, 60_000, 60_000,
    ]);
  });
  it('honours the destination’s delay, capped', () => {
    expect(backoffDelay(policy, 1, 7000, () => 0)).toBe(7000);
    expect(backoffDelay(policy, 1, 10_000_000, () => 0)).toBe(60_000);
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
    const b = createCircuitBreaker({ failureThreshold: 2, cooldownMs: 100, now: () => t });
    b.failure();
    expect(b.allow()).toBe(true);
    b.failure();
    expect([b.state(), b.allow(), b.retryAt()]).toEqual(['open', false, 100]);
    t = 100;
    expect([b.allow(), b.state(), b.allow()]).toEqual([true, 'half-open', false]);
    b.failure();
    expect(b.state()).toBe('open');
    t = 200;
    expect(b.allow()).toBe(true);
    b.success();
    expect([b.state(), b.allow()]).toEqual(['closed', true]);
  });
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
