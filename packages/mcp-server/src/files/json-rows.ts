// JSON rows read as their bytes arrive, so memory holds one row, never the file: a .json array is
// cut into its elements at their closing brace (strings and nesting followed, nothing parsed)
// and each element is parsed alone; a .jsonl file is cut at its newlines. Depth is counted on the
// text before any parsing, by the core's rule.
import { jsonDepthRule, jsonNestsDeeper, MAX_JSON_DEPTH, type VaultRow } from '@trackerkit/core';
import { ToolInputError } from '../tool-api/tool-errors.ts';

/** A row travels two levels down in an upload's body (`{"data":[row]}`), which nests MAX_JSON_DEPTH at most. */
const ROW_DEPTH_MAX = MAX_JSON_DEPTH - 2;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
// What a JSON value other than an object starts with.
const VALUE_START = /^["[\d\-tfn]$/;

function asRow(field: string, value: unknown, where: string): VaultRow {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ToolInputError(field, `${where} is not a JSON object; each row must be one`);
  }
  return value as VaultRow;
}

type Place = 'before-array' | 'first' | 'after-comma' | 'row' | 'after-row' | 'after-array';

/** Cuts the text of a JSON array of objects, given piece by piece, into its parsed rows. */
function arraySplitter(field: string) {
  let place: Place = 'before-array';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: string[] = [];
  let index = 0;
  const invalid = (why: string) => new ToolInputError(field, `not valid JSON (${why})`);
  const parse = (text: string) => {
    try {
      return asRow(field, JSON.parse(text), `row ${index}`);
    } catch (error) {
      if (error instanceof ToolInputError) throw error;
      throw invalid(`row ${index}: ${(error as Error).message}`);
    }
  };

  /** Where the array stands outside a row: the next place, or an error. */
  function between(c: number, char: string): Place {
    if (place === 'before-array') {
      if (c === OPEN_ARRAY) return 'first';
      if (c === OPEN_OBJECT || VALUE_START.test(char)) {
        throw new ToolInputError(field, 'a .json file must hold an array of objects');
      }
      throw invalid(`${JSON.stringify(char)} where the array should start`);
    }
    if (place === 'after-row') {
      if (c === COMMA) return 'after-comma';
      if (c === CLOSE_ARRAY) return 'after-array';
      throw invalid(`${JSON.stringify(char)} after row ${index - 1}`);
    }
    if (place === 'after-array') throw invalid(`${JSON.stringify(char)} after the array`);
    if (c === CLOSE_ARRAY && place === 'first') return 'after-array';
    if (c === OPEN_OBJECT) return 'row';
    if (VALUE_START.test(char))
      throw new ToolInputError(field, `row ${index} is not a JSON object; each row must be one`);
    throw invalid(`${JSON.stringify(char)} where row ${index} should start`);
  }

  function push(text: string): VaultRow[] {
    const rows: VaultRow[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (place !== 'row') {
        if (isSpace(c)) continue;
        place = between(c, text[i] as string);
        if (place === 'row') {
          start = i;
          depth = 1;
        }
      } else if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (++depth > ROW_DEPTH_MAX)
          throw new ToolInputError(field, `row ${index} is ${jsonDepthRule(ROW_DEPTH_MAX)}`);
      } else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --depth === 0) {
        parts.push(text.slice(start, i + 1));
        rows.push(parse(parts.join('')));
        parts = [];
        index += 1;
        place = 'after-row';
      }
    }
    if (place === 'row') parts.push(text.slice(start));
    return rows;
  }

  function end(): void {
    if (place === 'before-array') throw invalid('the file is empty');
    if (place !== 'after-array') throw invalid('the file ends inside its array');
  }
  return { push, end };
}

/** The rows of a JSON array of objects, read from `bytes` as they arrive. */
export async function* jsonArrayRows(field: string, bytes: AsyncIterable<Buffer>): AsyncGenerator<VaultRow> {
  const decoder = new TextDecoder();
  const splitter = arraySplitter(field);
  for await (const chunk of bytes) yield* splitter.push(decoder.decode(chunk, { stream: true }));
  yield* splitter.push(decoder.decode());
  splitter.end();
}

/** The lines of `bytes` (without their \n or \r\n), each held whole only once its end arrived. */
async function* lines(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending: string[] = [];
  const take = function* (text: string) {
    let from = 0;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', from)) {
      pending.push(text.slice(from, at));
      const line = pending.join('');
      pending = [];
      yield line.endsWith('\r') ? line.slice(0, -1) : line;
      from = at + 1;
    }
    if (from < text.length) pending.push(text.slice(from));
  };
  for await (const chunk of bytes) yield* take(decoder.decode(chunk, { stream: true }));
  yield* take(decoder.decode());
  if (pending.length > 0) yield pending.join('');
}

/** The rows of JSON Lines, one object a line (blank lines skipped), read as they arrive. */
export async function* jsonLineRows(field: string, bytes: AsyncIterable<Buffer>): AsyncGenerator<VaultRow> {
  let line = 0;
  for await (const text of lines(bytes)) {
    line += 1;
    if (text.trim() === '') continue;
    if (jsonNestsDeeper(text, ROW_DEPTH_MAX)) {
      throw new ToolInputError(field, `line ${line} is ${jsonDepthRule(ROW_DEPTH_MAX)}`);
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ToolInputError(field, `line ${line} is not valid JSON`);
    }
    yield asRow(field, value, `line ${line}`);
  }
}
