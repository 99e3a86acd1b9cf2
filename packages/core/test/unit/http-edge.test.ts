import { describe, expect, it } from 'vitest';
import {
  describeDetail,
  detailOf,
  expandPath,
  outcomeOfThrown,
  parseBody,
  requestPathProblems,
} from '../../src/http/index.ts';

describe('outcomeOfThrown', () => {
  const refused = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
  const reset = Object.assign(new Error('reset'), { code: 'ECONNRESET' });
  const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });
  const undiciError = (message: string, code: string) => Object.assign(new Error(message), { code });
  it.each<[string, { given: unknown; want: string | undefined }]>([
    ['fetch: refused', { given: fetchFailed(refused), want: 'refused' }],
    [
      'fetch: refused on every address',
      { given: fetchFailed(new AggregateError([refused, refused])), want: 'refused' },
    ],
    // One address reset: the request may have reached the service.
    [
      'fetch: one address reset',
      { given: fetchFailed(new AggregateError([refused, reset])), want: undefined },
    ],
    ['fetch: reset', { given: fetchFailed(reset), want: 'network' }],
    [
      'axios: refused on the error',
      { given: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), want: 'refused' },
    ],
    ['axios: timed out', { given: Object.assign(new Error('x'), { code: 'ECONNABORTED' }), want: 'timeout' }],
    [
      'wrapped twice',
      {
        given: new Error('node', {
          cause: fetchFailed(Object.assign(new Error('dns'), { code: 'ENOTFOUND' })),
        }),
        want: 'network',
      },
    ],
    // undici's request: the system error itself, or undici's own error with its code.
    ['undici request: refused', { given: refused, want: 'refused' }],
    [
      'undici request: socket closed',
      { given: undiciError('other side closed', 'UND_ERR_SOCKET'), want: 'network' },
    ],
    [
      'undici: connect timeout',
      { given: undiciError('Connect Timeout Error', 'UND_ERR_CONNECT_TIMEOUT'), want: 'timeout' },
    ],
    [
      'undici: headers timeout',
      { given: undiciError('Headers Timeout Error', 'UND_ERR_HEADERS_TIMEOUT'), want: 'timeout' },
    ],
    [
      'undici: body timeout',
      { given: undiciError('Body Timeout Error', 'UND_ERR_BODY_TIMEOUT'), want: 'timeout' },
    ],
    [
      'fetch: socket closed',
      { given: fetchFailed(undiciError('other side closed', 'UND_ERR_SOCKET')), want: 'network' },
    ],
    ['not the network', { given: new Error('x'), want: undefined }],
    ['not an error', { given: 'x', want: undefined }],
  ])('%s', (_name, { given, want }) => {
    expect(outcomeOfThrown(given)?.kind).toBe(want);
  });
});

describe('describeDetail', () => {
  it.each<[string, { body: unknown; want: string }]>([
    ['a string detail', { body: { detail: 'Tracker not found' }, want: 'Tracker not found' }],
    [
      "a 422's issues",
      {
        body: {
          detail: [
            { loc: ['body', 'name'], msg: 'Field required', type: 'missing' },
            { loc: ['query', 'page'], msg: 'too small' },
          ],
        },
        want: 'body.name: Field required; query.page: too small',
      },
    ],
    // The client wrote ": Invalid JSON" for an issue without loc.
    ['an issue without loc', { body: { detail: [{ msg: 'Invalid JSON' }] }, want: 'Invalid JSON' }],
    ['a text body (a proxy page)', { body: 'Bad Gateway\n', want: 'Bad Gateway' }],
    ['no body', { body: undefined, want: 'no detail' }],
    ['a body without detail', { body: { error: 'x' }, want: 'no detail' }],
    ['an empty issue list', { body: { detail: [] }, want: 'no detail' }],
  ])('%s', (_name, { body, want }) => {
    expect(describeDetail(body)).toBe(want);
  });
  it('keeps only the detail the document defines', () => {
    expect(detailOf({ detail: { nested: true } })).toBeUndefined();
    expect(detailOf('text')).toBeUndefined();
  });
});

describe('parseBody', () => {
  it('parses JSON, keeps other text, reads bytes and maps an empty body to undefined', () => {
    expect(parseBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseBody('<html>502</html>')).toBe('<html>502</html>');
    expect(parseBody(new TextEncoder().encode('[1]'))).toEqual([1]);
    expect(parseBody('')).toBeUndefined();
    expect(parseBody({ already: 'parsed' })).toEqual({ already: 'parsed' });
  });
});

describe('the request path', () => {
  const template = '/api/trackers/{tracker_id}/runs/{run_id}';
  it('encodes ids the rule accepts', () => {
    expect(requestPathProblems(template, { tracker_id: 'trk_1', run_id: 'run 1' }).length).toBeGreaterThan(0);
    expect(requestPathProblems(template, { tracker_id: 'trk_1', run_id: 'run_1' })).toEqual([]);
    expect(expandPath(template, { tracker_id: 'trk_1', run_id: 'run_1' })).toBe(
      '/api/trackers/trk_1/runs/run_1',
    );
  });
  it('refuses a missing or empty id and a dot segment, in template order', () => {
    const fields = (params: object) => requestPathProblems(template, params).map((p) => [p.field, p.rule]);
    expect(fields({ run_id: '' })).toEqual([
      ['tracker_id', 'minLength: 1'],
      ['run_id', 'minLength: 1'],
    ]);
    expect(fields({ tracker_id: '..', run_id: 'run_1' })[0]?.[0]).toBe('tracker_id');
  });
});
