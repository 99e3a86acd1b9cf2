import { describe, expect, it } from 'vitest';
import {
  clampJsonDepth,
  contentTypeRefusal,
  jsonNestsDeeper,
  MAX_ALERT_JSON_DEPTH,
} from '../../src/index.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('contentTypeRefusal (application/json in UTF-8)', () => {
  it.each<[string, { given: string | undefined; want: string | undefined }]>([
    ['application/json', { given: 'application/json', want: undefined }],
    ['upper case', { given: 'Application/JSON', want: undefined }],
    ['charset utf-8', { given: 'application/json; charset=utf-8', want: undefined }],
    ['charset "UTF-8"', { given: 'application/json;charset="UTF-8"', want: undefined }],
    ['charset utf8', { given: 'application/json; charset=utf8', want: undefined }],
    ['another parameter', { given: 'application/json; profile=x', want: undefined }],
    ['+json', { given: 'application/cloudevents+json', want: undefined }],
    ['charset utf-16', { given: 'application/json; charset=utf-16', want: 'unsupported_charset' }],
    ['charset latin1', { given: 'application/json; charset=latin1', want: 'unsupported_charset' }],
    ['charset iso-8859-1', { given: 'application/json; Charset=ISO-8859-1', want: 'unsupported_charset' }],
    ['empty charset', { given: 'application/json; charset=', want: 'unsupported_charset' }],
    ['text/plain', { given: 'text/plain', want: 'unsupported_media_type' }],
    ['a form', { given: 'application/x-www-form-urlencoded', want: 'unsupported_media_type' }],
    ['json as a suffix of a name', { given: 'application/notjson', want: 'unsupported_media_type' }],
    ['none', { given: undefined, want: 'unsupported_media_type' }],
  ])('%s', (_name, { given, want }) => {
    expect(contentTypeRefusal(given, ['application/json'])?.reason).toBe(want);
  });

  it('names the header and the rule', () => {
    expect(contentTypeRefusal('text/plain', ['application/json'])?.message).toBe(
      'content-type must be application/json, got "text/plain"',
    );
    expect(contentTypeRefusal('application/json; charset=utf-16', ['application/json'])?.message).toBe(
      'content-type: charset must be utf-8 (or left out, which means utf-8), got "utf-16"',
    );
  });
});

describe('jsonNestsDeeper', () => {
  it.each<[string, { given: [string, number]; want: boolean }]>([
    ['flat', { given: ['{"a":1}', 1], want: false }],
    ['at the limit', { given: [nested(MAX_ALERT_JSON_DEPTH), MAX_ALERT_JSON_DEPTH], want: false }],
    ['one past the limit', { given: [nested(MAX_ALERT_JSON_DEPTH + 1), MAX_ALERT_JSON_DEPTH], want: true }],
    ['6,000 deep', { given: [nested(6000), MAX_ALERT_JSON_DEPTH], want: true }],
    ['brackets inside strings do not count', { given: [JSON.stringify({ a: '[[[[[[' }), 2], want: false }],
    ['escaped quotes inside strings', { given: [JSON.stringify({ a: 'x"[[[[' }), 2], want: false }],
    ['siblings do not add up', { given: ['[[1],[2],[3]]', 2], want: false }],
    ['objects and arrays both count', { given: ['{"a":[{"b":[]}]}', 3], want: true }],
  ])('%s', (_name, { given, want }) => {
    expect(jsonNestsDeeper(...given)).toBe(want);
  });
});

describe('clampJsonDepth', () => {
  const note = '(nested deeper than 2 levels of objects and arrays: left out)';
  it.each<[string, { given: [unknown, number]; want: unknown }]>([
    ['within the limit: equal', { given: [{ a: [1, { b: 2 }] }, 3], want: { a: [1, { b: 2 }] } }],
    ['scalars stay', { given: ['x', 0], want: 'x' }],
    [
      'past the limit: the container becomes the note',
      { given: [{ a: [[1]], b: 'x' }, 2], want: { a: [note], b: 'x' } },
    ],
    [
      'an own __proto__ key stays a plain key',
      {
        given: [JSON.parse('{"__proto__":{"x":[1]}}'), 2],
        want: JSON.parse(`{"__proto__":{"x":${JSON.stringify(note)}}}`),
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(clampJsonDepth(...given)).toEqual(want);
  });

  it('6,000 nested arrays become serializable, and the walk stays shallow', () => {
    const deep = JSON.parse(`${'['.repeat(6000)}${']'.repeat(6000)}`);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const clamped = JSON.stringify(clampJsonDepth(deep, MAX_ALERT_JSON_DEPTH));
    expect(jsonNestsDeeper(clamped, MAX_ALERT_JSON_DEPTH)).toBe(false);
  });
});
