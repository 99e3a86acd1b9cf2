// JSON rows read as the bytes arrive: for any rows, any spacing and any cut of the bytes into
// chunks (a multi-byte character split too), the rows are those JSON.parse finds in the whole
// text; malformed text is refused naming the argument and the rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonArrayRows, jsonLineRows } from '../../src/files/json-rows.ts';

async function collect(rows: AsyncIterable<unknown>): Promise<unknown[]> {
  const all: unknown[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

/** `bytes` cut at `cuts` (positions, any order), as the chunks of a stream. */
async function* chunks(bytes: Buffer, cuts: readonly number[] = []) {
  const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const to of [...at, bytes.length]) {
    yield bytes.subarray(from, to);
    from = to;
  }
}

const text = (value: string) => chunks(Buffer.from(value));

const row = fc.dictionary(fc.string({ unit: 'binary', maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), {
  maxKeys: 4,
});
const space = fc.constantFrom('', ' ', '\n', '\r\n', '\t ');

describe('jsonArrayRows', () => {
  it('for any rows, spacing and chunks: the rows JSON.parse finds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { maxLength: 12 }),
        space,
        fc.array(fc.nat()),
        async (rows, gap, cuts) => {
          const body = `${gap}[${gap}${rows.map((r) => JSON.stringify(r, null, gap === '' ? 0 : 1)).join(`${gap},${gap}`)}${gap}]${gap}`;
          const bytes = Buffer.from(body);
          expect(await collect(jsonArrayRows('path', chunks(bytes, cuts)))).toEqual(JSON.parse(body));
        },
      ),
    );
  });

  it.each([
    ['an empty array', { given: '[]', want: [] }],
    [
      'brackets and quotes inside strings',
      { given: '[{"a":"}]\\"[{"},{"b":"\\\\"}]', want: [{ a: '}]"[{' }, { b: '\\' }] },
    ],
    ['nesting', { given: '[{"a":[{"b":[1,{"c":{}}]}]}]', want: [{ a: [{ b: [1, { c: {} }] }] }] }],
  ])('%s', async (_name, { given, want }) => {
    expect(await collect(jsonArrayRows('path', text(given)))).toEqual(want);
  });

  it.each([
    ['an empty file', { given: '', want: '`path`: not valid JSON (the file is empty)' }],
    ['an object', { given: '{"a":1}', want: '`path`: a .json file must hold an array of objects' }],
    ['HTML', { given: '<html>', want: '`path`: not valid JSON ("<" where the array should start)' }],
    [
      'a number as a row',
      { given: '[{"a":1},2]', want: '`path`: row 1 is not a JSON object; each row must be one' },
    ],
    ['an array as a row', { given: '[[1]]', want: '`path`: row 0 is not a JSON object' }],
    ['a missing comma', { given: '[{"a":1} {"b":2}]', want: '`path`: not valid JSON ("{" after row 0)' }],
    [
      'a trailing comma',
      { given: '[{"a":1},]', want: '`path`: not valid JSON ("]" where row 1 should start)' },
    ],
    ['text after the array', { given: '[{"a":1}] x', want: '`path`: not valid JSON ("x" after the array)' }],
    [
      'a cut-off file',
      { given: '[{"a":1},{"b":', want: '`path`: not valid JSON (the file ends inside its array)' },
    ],
    ['a bad row', { given: '[{"a":tru}]', want: '`path`: not valid JSON (row 0: ' }],
    [
      'a row nested past the depth a request may have',
      {
        given: `[{"a":${'['.repeat(600)}${']'.repeat(600)}}]`,
        want: '`path`: row 0 is nested deeper than 510 levels',
      },
    ],
  ])('refuses %s', async (_name, { given, want }) => {
    await expect(collect(jsonArrayRows('path', text(given)))).rejects.toThrow(want);
  });

  it('a row at the deepest a request may carry is read', async () => {
    const deep = `[{"a":${'['.repeat(509)}${']'.repeat(509)}}]`;
    expect(await collect(jsonArrayRows('path', text(deep)))).toHaveLength(1);
  });
});

describe('jsonLineRows', () => {
  it('for any rows, line ends and chunks: one row a line, blank lines skipped', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { maxLength: 12 }),
        fc.constantFrom('\n', '\r\n', '\n\n'),
        fc.boolean(),
        fc.array(fc.nat()),
        async (rows, end, last, cuts) => {
          const body = rows.map((r) => JSON.stringify(r)).join(end) + (last ? end : '');
          expect(await collect(jsonLineRows('url', chunks(Buffer.from(body), cuts)))).toEqual(
            rows.map((r) => JSON.parse(JSON.stringify(r))),
          );
        },
      ),
    );
  });

  it.each([
    ['not JSON', { given: '{"a":1}\nnot json\n', want: '`url`: line 2 is not valid JSON' }],
    ['not an object', { given: '[1]\n', want: '`url`: line 1 is not a JSON object' }],
    [
      'nested too deep',
      {
        given: `{"a":${'['.repeat(600)}${']'.repeat(600)}}`,
        want: '`url`: line 1 is nested deeper than 510 levels',
      },
    ],
  ])('refuses %s', async (_name, { given, want }) => {
    await expect(collect(jsonLineRows('url', text(given)))).rejects.toThrow(want);
  });
});
