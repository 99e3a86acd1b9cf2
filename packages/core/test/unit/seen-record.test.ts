// The seen-set a receiver keeps in a platform's small saved value (n8n's static data, an
// Activepieces flow's store).
import { describe, expect, it } from 'vitest';
import { seenRecord } from '../../src/signing/dedupe-window.ts';

const CAP = 500;

describe('seenRecord', () => {
  const cases: [
    string,
    {
      given: [unknown, string, number, number, number];
      want: { fresh: boolean; entries: Record<string, number> };
    },
  ][] = [
    [
      'nothing stored yet',
      { given: [undefined, 'a', 0, 100, CAP], want: { fresh: true, entries: { a: 100 } } },
    ],
    [
      'stored and live',
      { given: [{ a: 100 }, 'a', 50, 150, CAP], want: { fresh: false, entries: { a: 100 } } },
    ],
    [
      'stored but expired, dropped',
      { given: [{ a: 100, b: 10 }, 'a', 100, 200, CAP], want: { fresh: true, entries: { a: 200 } } },
    ],
    ['not an object', { given: ['junk', 'a', 0, 100, CAP], want: { fresh: true, entries: { a: 100 } } }],
    [
      'entries that are not instants are dropped',
      {
        given: [{ x: 'soon', a: 100 }, 'b', 0, 100, CAP],
        want: { fresh: true, entries: { a: 100, b: 100 } },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(seenRecord(...given)).toEqual(want);
  });

  it(`keeps the newest ${CAP}`, () => {
    const stored = Object.fromEntries(Array.from({ length: CAP }, (_, i) => [`id${i}`, 1000 + i]));
    const { entries } = seenRecord(stored, 'new', 0, 5000, CAP);
    expect(Object.keys(entries)).toHaveLength(CAP);
    expect(entries.id0).toBeUndefined();
    expect(entries.new).toBe(5000);
  });
});
