import { describe, expect, it } from 'vitest';
import { createLogger, maskSecrets } from '../../src/server/logger.ts';
import { createMetrics } from '../../src/server/metrics.ts';
import { decodeItems, decodeResult, encodeItems, encodeResults } from '../../src/store/ingest-wire.ts';
import type { IngestItem, IngestResult } from '../../src/store/types.ts';

const item = (overrides: Partial<IngestItem> = {}): IngestItem => ({
  source: 'tracker',
  webhookId: 'msg_1',
  eventType: 'tracker.alert',
  known: true,
  body: '{"type":"tracker.alert","data":{"x":"é\\u0000"}}',
  matches: [
    { path: 'root/0:pager', destinations: ['a', 'b'], repeatIntervalMs: 60_000, muted: false },
    { path: 'root/1', destinations: [], repeatIntervalMs: 0, muted: true },
  ],
  repeatScope: 'trk_1:lower',
  resolves: null,
  ...overrides,
});

describe('commit-thread wire format', () => {
  const cases: Array<[string, { given: IngestItem[] }]> = [
    ['no items', { given: [] }],
    ['one item, two matches', { given: [item()] }],
    [
      'several items, nulls, unknown type, no matches',
      {
        given: [
          item(),
          item({ webhookId: 'msg_2', known: false, eventType: 'x.y', matches: [], repeatScope: null }),
          item({
            webhookId: 'msg_3',
            eventType: 'tracker.alert.resolved',
            resolves: 'trk_1',
            repeatScope: null,
          }),
        ],
      },
    ],
  ];
  it.each(cases)('round-trips %s', (_name, { given }) => {
    const wire = structuredClone(encodeItems(given));
    expect(decodeItems(wire)).toEqual(given);
  });

  it('round-trips results, duplicates included', () => {
    const given: IngestResult[] = [
      { duplicate: false, alertId: 7, deliveries: 2 },
      { duplicate: true, alertId: null, deliveries: 0 },
      { duplicate: false, alertId: 8, deliveries: 0 },
    ];
    const wire = structuredClone(encodeResults(given));
    expect(given.map((_, i) => decodeResult(wire, i))).toEqual(given);
  });
});

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
