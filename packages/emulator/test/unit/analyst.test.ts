import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/domain/analyst.ts';
import type { ItemRecord } from '../../src/store/records.ts';

const item = (content: string, content_type: ItemRecord['content_type'] = 'text'): ItemRecord => ({
  id: 'dat_1',
  source_id: 'src_1',
  tracker_id: 'trk_1',
  space_id: 'spc_1',
  content,
  content_type,
  token_count: 1,
  size_bytes: content.length,
  metadata: null,
  created_at: 0,
  seq: 1,
});

describe('analyze', () => {
  it.each([
    ['no evidence is neutral', { given: { items: [], linked: [] }, want: [5, 'Neutral'] }],
    [
      'forced score wins',
      { given: { items: [item('{"score":1}', 'json')], linked: [], forcedScore: 9 }, want: [9, 'Excellent'] },
    ],
    [
      'numeric score fields are averaged',
      {
        given: { items: [item('{"score":1}', 'json'), item('{"score":2}', 'json')], linked: [] },
        want: [2, 'Negative'],
      },
    ],
    [
      'score fields are clamped',
      { given: { items: [item('{"score":40}', 'json')], linked: [] }, want: [10, 'Excellent'] },
    ],
    [
      'all negative words give 0',
      { given: { items: [item('Shipments late, delay, lawsuit')], linked: [] }, want: [0, 'Poor'] },
    ],
    [
      'mixed words',
      { given: { items: [item('strong growth but one delay')], linked: [] }, want: [7, 'Positive'] },
    ],
    [
      'json strings count as text',
      { given: { items: [item('{"note":"record profit"}', 'json')], linked: [] }, want: [10, 'Excellent'] },
    ],
    [
      'linked only',
      { given: { items: [], linked: [{ trackerId: 'trk_2', name: 'up', score: 3 }] }, want: [3, 'Negative'] },
    ],
    [
      'own weighs twice linked',
      {
        given: {
          items: [item('{"score":9}', 'json')],
          linked: [{ trackerId: 'trk_2', name: 'up', score: 0 }],
        },
        want: [6, 'Positive'],
      },
    ],
  ] as const)('%s', (_, { given, want }) => {
    const result = analyze({ ...given, items: [...given.items], linked: [...given.linked] } as Parameters<
      typeof analyze
    >[0]);
    expect([result.score, result.signal]).toEqual(want);
    expect(result.analysis).toMatch(new RegExp(`^Score ${want[0]} \\(${want[1]}\\)\\.`));
  });

  it('explains the words it counted', () => {
    expect(analyze({ items: [item('late late delay')], linked: [] }).analysis).toContain('late ×2');
  });
});
