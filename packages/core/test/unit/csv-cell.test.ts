import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/csv/cell.ts';

describe('csvCell: one CSV cell as JSON', () => {
  const cases: Array<[string, { given: [string, boolean]; want: string | number | boolean }]> = [
    ['a canonical integer', { given: ['3', false], want: 3 }],
    ['a negative decimal', { given: ['-2.5', false], want: -2.5 }],
    ['zero', { given: ['0', false], want: 0 }],
    ['leading zeros stay text', { given: ['007', false], want: '007' }],
    ['exponent form stays text', { given: ['1e3', false], want: '1e3' }],
    ['a plus sign stays text', { given: ['+5', false], want: '+5' }],
    ['a trailing zero stays text', { given: ['3.0', false], want: '3.0' }],
    ['surrounding space stays text', { given: [' 4', false], want: ' 4' }],
    ['empty stays empty', { given: ['', false], want: '' }],
    ['true', { given: ['true', false], want: true }],
    ['false', { given: ['false', false], want: false }],
    ['True (not the literal) stays text', { given: ['True', false], want: 'True' }],
    ['a quoted number is text', { given: ['3', true], want: '3' }],
    ['a quoted true is text', { given: ['true', true], want: 'true' }],
    ['Infinity stays text', { given: ['Infinity', false], want: 'Infinity' }],
    ['NaN stays text', { given: ['NaN', false], want: 'NaN' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(csvCell(...given)).toStrictEqual(want);
  });
});
