import { describe, expect, it } from 'vitest';
import { createLogger, maskSecrets } from '../../src/telemetry/logger.ts';
import { createMetrics } from '../../src/telemetry/metrics.ts';

describe('logger levels', () => {
  it('maskSecrets skips dropped levels and still masks the ones written', () => {
    const lines: string[] = [];
    const logger = maskSecrets(createLogger({ level: 'warn', write: (l) => lines.push(l) }), ['s3cret']);
    expect(logger.isEnabled?.('info')).toBe(false);
    expect(logger.isEnabled?.('warn')).toBe(true);
    logger.info('dropped s3cret', { body: 's3cret' });
    logger.warn('kept s3cret', { body: 'x s3cret' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('s3cret');
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'kept [redacted]', body: 'x [redacted]' });
  });

  it('a logger without isEnabled is treated as enabled', () => {
    const seen: string[] = [];
    const logger = maskSecrets(
      { debug: () => {}, info: (m) => seen.push(m), warn: () => {}, error: () => {} },
      ['k'],
    );
    logger.info('a k');
    expect(seen).toEqual(['a [redacted]']);
  });
});

describe('metrics labels', () => {
  it('escapes label values that need it and leaves the rest as they are', () => {
    const metrics = createMetrics();
    metrics.inc('trackerkit_webhooks_received_total', { source: 'a"b\\c\nd', type: 'tracker.alert' });
    metrics.inc('trackerkit_webhooks_received_total', { source: 'plain', type: 'tracker.alert' }, 2);
    metrics.observe('trackerkit_webhooks_request_duration_seconds', 0.02, { source: 'plain' });
    metrics.observe('trackerkit_webhooks_request_duration_seconds', 0.2, { source: 'plain' });
    const text = metrics.render();
    expect(text).toContain(
      'trackerkit_webhooks_received_total{source="a\\"b\\\\c\\nd",type="tracker.alert"} 1',
    );
    expect(text).toContain('trackerkit_webhooks_received_total{source="plain",type="tracker.alert"} 2');
    expect(text).toContain('trackerkit_webhooks_request_duration_seconds_bucket{source="plain",le="0.01"} 0');
    expect(text).toContain(
      'trackerkit_webhooks_request_duration_seconds_bucket{source="plain",le="0.025"} 1',
    );
    expect(text).toContain('trackerkit_webhooks_request_duration_seconds_bucket{source="plain",le="0.25"} 2');
    expect(text).toContain('trackerkit_webhooks_request_duration_seconds_count{source="plain"} 2');
  });
});
