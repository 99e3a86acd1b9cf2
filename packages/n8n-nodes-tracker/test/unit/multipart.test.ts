import { describe, expect, it } from 'vitest';
import { buildMultipart } from '../../nodes/shared/multipart';

// Every byte value, CRLFs and a fake boundary inside the file: the body must carry them untouched.
const binary = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.from('\r\n--fixed\r\nContent-Disposition: form-data; name="x"\r\n\r\n'),
]);

// Parsed back by an independent parser: the multipart/form-data reader of Node's fetch (undici).
async function parse(body: Buffer, contentType: string): Promise<FormData> {
  return new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
}

describe('buildMultipart', () => {
  it('matches the RFC 7578 layout byte for byte', () => {
    const { body, contentType } = buildMultipart(
      { source_name: 'late deliveries', description: undefined },
      { field: 'file', fileName: 'late.csv', mimeType: 'text/csv', data: Buffer.from('sku,days\nA,3\n') },
      'fixed',
    );
    expect(contentType).toBe('multipart/form-data; boundary=fixed');
    expect(body.toString('utf8')).toBe(
      '--fixed\r\nContent-Disposition: form-data; name="source_name"\r\n\r\nlate deliveries\r\n' +
        '--fixed\r\nContent-Disposition: form-data; name="file"; filename="late.csv"\r\n' +
        'Content-Type: text/csv\r\n\r\nsku,days\nA,3\n\r\n--fixed--\r\n',
    );
  });

  it.each([
    [
      'a CSV with fields',
      {
        given: {
          fields: { source_name: 'Lieferungen Ü', description: 'Late deliveries, per SKU' },
          file: {
            field: 'file',
            fileName: 'late.csv',
            mimeType: 'text/csv',
            data: Buffer.from('a,b\n1,2\n'),
          },
        },
        want: { fields: { source_name: 'Lieferungen Ü', description: 'Late deliveries, per SKU' } },
      },
    ],
    [
      'binary data and no optional fields',
      {
        given: {
          fields: { source_name: undefined, description: undefined },
          file: { field: 'file', fileName: 'chart.png', mimeType: 'image/png', data: binary },
        },
        want: { fields: {} },
      },
    ],
    [
      'quotes and line breaks in names cannot break out of the header',
      {
        given: {
          fields: { 'evil"\r\nname': 'v' },
          file: { field: 'file', fileName: 'a"b\r\n.txt', mimeType: 'text/plain', data: Buffer.from('hi') },
        },
        want: { fields: { evil___name: 'v' }, fileName: 'a_b__.txt' },
      },
    ],
  ] as const)('%s round-trips through a real parser', async (_name, { given, want }) => {
    const { body, contentType } = buildMultipart({ ...given.fields }, given.file);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=----trackerkit[0-9a-f]{24}$/);
    const form = await parse(body, contentType);
    const file = form.get('file') as File;
    expect(file.name).toBe('fileName' in want ? want.fileName : given.file.fileName);
    expect(file.type).toBe(given.file.mimeType);
    expect(Buffer.from(await file.arrayBuffer()).equals(given.file.data)).toBe(true);
    const fields = Object.fromEntries([...form.entries()].filter(([key]) => key !== 'file'));
    expect(fields).toEqual(want.fields);
  });

  it('uses a fresh boundary per body', () => {
    const file = { field: 'file', fileName: 'a.txt', mimeType: 'text/plain', data: Buffer.from('x') };
    expect(buildMultipart({}, file).contentType).not.toBe(buildMultipart({}, file).contentType);
  });
});
