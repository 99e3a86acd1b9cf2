import { describe, expect, it } from 'vitest';
import { csvToRows } from '../../src/vault/csv.ts';

describe('CSV rows (csv-parse)', () => {
  it.each([
    ['keeps leading zeros as strings', 'code,n\n007,3\n', [{ code: '007', n: 3 }]],
    [
      'keeps non-canonical numbers as written',
      'a,b,c,d\n1e3,+5,3.0, 4\n',
      [{ a: '1e3', b: '+5', c: '3.0', d: ' 4' }],
    ],
    ['reads canonical numbers for a score column', 'score,x\n-2.5,0\n', [{ score: -2.5, x: 0 }]],
    [
      'quoted commas, escaped quotes and CRLF',
      'a,b\r\n"x,y","say ""hi"""\r\n',
      [{ a: 'x,y', b: 'say "hi"' }],
    ],
    ['a BOM, blank lines and a short row', '\uFEFFa,b\n\n1\n', [{ a: 1, b: '' }]],
    ['an empty header is column_N', 'a,\n1,2\n', [{ a: 1, column_2: 2 }]],
    [
      'a quoted number stays text; true and false are booleans',
      'a,b,c\n"3",true,false\n',
      [{ a: '3', b: true, c: false }],
    ],
    ['a header that looks like a number stays a name', '2024,x\n1,2\n', [{ '2024': 1, x: 2 }]],
    ['a newline inside quotes', 'a\n"line 1\nline 2"\n', [{ a: 'line 1\nline 2' }]],
  ])('%s', (_, text, rows) => {
    expect(csvToRows(text)).toEqual(rows);
  });

  it('throws on an unclosed quote (the upload answers 422)', () => {
    expect(() => csvToRows('a\n"open\n')).toThrow(/quote/i);
  });
});
