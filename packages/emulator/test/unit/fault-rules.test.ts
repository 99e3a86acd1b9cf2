import { describe, expect, it } from 'vitest';
import { FaultRules } from '../../src/faults/fault-rules.ts';

describe('fault rules', () => {
  it('fires with its probability, and only hits count against times', () => {
    const draws = [0.9, 0.1, 0.6, 0.2];
    const rules = new FaultRules(() => draws.shift() ?? 1);
    rules.add({ operation_id: 'getRun', kind: 'reset', probability: 0.5, times: 2 });
    const seen = [1, 2, 3, 4].map(() => rules.take('getRun', undefined)?.kind ?? null);
    expect(seen).toEqual([null, 'reset', null, 'reset']);
    expect(rules.list()).toEqual([]);
  });

  it('matches the operation and the tracker; the first matching rule wins', () => {
    const rules = new FaultRules();
    rules.add({ operation_id: 'getRun', tracker_id: 'trk_a', kind: 'status', status: 500 });
    rules.add({ operation_id: '*', kind: 'status', status: 503 });
    expect(rules.take('getRun', 'trk_a')?.status).toBe(500);
    expect(rules.take('getRun', 'trk_b')?.status).toBe(503);
    expect(rules.take('listSpaces', undefined)?.status).toBe(503);
  });
});
