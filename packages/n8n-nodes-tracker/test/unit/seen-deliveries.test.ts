import { describe, expect, it } from 'vitest';
import { SeenDeliveries } from '../../nodes/shared/seen-deliveries';

type Claim = [key: string, nowMs: number, untilMs: number];

describe('SeenDeliveries.claim', () => {
  const cases: [string, { given: { cap?: number; claims: Claim[] }; want: boolean[] }][] = [
    ['a new id', { given: { claims: [['a', 0, 100]] }, want: [true] }],
    [
      'the same id within its window',
      {
        given: {
          claims: [
            ['a', 0, 100],
            ['a', 99, 199],
          ],
        },
        want: [true, false],
      },
    ],
    [
      'the same id once its window ended',
      {
        given: {
          claims: [
            ['a', 0, 100],
            ['a', 100, 200],
          ],
        },
        want: [true, true],
      },
    ],
    [
      'another id',
      {
        given: {
          claims: [
            ['a', 0, 100],
            ['b', 1, 101],
          ],
        },
        want: [true, true],
      },
    ],
    [
      'past the cap the oldest id is forgotten',
      {
        given: {
          cap: 2,
          claims: [
            ['a', 0, 100],
            ['b', 1, 101],
            ['c', 2, 102],
            ['b', 3, 103],
            ['a', 4, 104],
          ],
        },
        want: [true, true, true, false, true],
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const seen = new SeenDeliveries(given.cap);
    expect(given.claims.map((claim) => seen.claim(...claim))).toEqual(want);
  });

  it('drops expired ids as it goes, so memory follows the traffic of one window', () => {
    const seen = new SeenDeliveries();
    for (let i = 0; i < 1000; i++) seen.claim(`id${i}`, i, i + 10);
    expect(seen.size).toBeLessThanOrEqual(11);
  });
});
