import { describe, expect, it } from 'vitest';
import { FIELDS, SIMPLE_FIELDS, shape } from '../../nodes/shared/output';
import { parseContent } from '../../nodes/Tracker/actions/vault/getRecent.operation';

describe('output shapes', () => {
  const run = { run_id: 'run_1', status: 'failed', config_snapshot: { sync: false }, error_message: 'x' };
  it.each([
    [
      'simplified keeps the simple fields the object has',
      'simplified',
      [],
      { run_id: 'run_1', status: 'failed', error_message: 'x' },
    ],
    ['raw keeps everything', 'raw', [], run],
    [
      'selected keeps the chosen fields in the chosen order',
      'selected',
      ['error_message', 'run_id'],
      { error_message: 'x', run_id: 'run_1' },
    ],
  ] as const)('%s', (_name, mode, fields, want) => {
    expect(shape(run, 'run', mode, fields)).toEqual(want);
  });

  it('simple fields are fields of the document', () => {
    for (const kind of ['tracker', 'run'] as const) {
      for (const field of SIMPLE_FIELDS[kind]) expect(FIELDS[kind]).toContain(field);
    }
  });
});

describe('Vault › Get Recent content', () => {
  it.each([
    [
      'JSON is parsed',
      { content: '{"sku":"A","late":[1,2]}', content_type: 'json' },
      { sku: 'A', late: [1, 2] },
    ],
    [
      'text stays a string',
      { content: '{"looks":"like json"}', content_type: 'text' },
      '{"looks":"like json"}',
    ],
    ['an image description stays a string', { content: 'A bar chart', content_type: 'image' }, 'A bar chart'],
    ['JSON that does not parse stays a string', { content: '{broken', content_type: 'json' }, '{broken'],
  ] as const)('%s', (_name, item, want) => {
    expect(parseContent(item)).toEqual(want);
  });
});
