import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { UploadFileInput } from '../../src/index.ts';
import {
  createTrackerClient,
  createVirtualClock,
  LIMITS,
  TrackerValidationError,
  VALIDATION_RULES,
} from '../../src/index.ts';
import { TOKEN, uploadResponse } from '../helpers/fixtures.ts';
import { sendJson, useLoopbackServers } from '../helpers/loopback-server.ts';

const serve = useLoopbackServers();

async function setup() {
  const server = await serve((_req, res) => sendJson(res, 201, uploadResponse(1)));
  return {
    server,
    tracker: createTrackerClient({ baseUrl: server.baseUrl, token: TOKEN, clock: createVirtualClock() }),
  };
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 1)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const CSV = Buffer.from('sku,late_days\nA-1,4\nB-7,0\n');
const DESCRIPTION = 'Loading dock photographed on Monday morning';
const IMAGE_RULE = VALIDATION_RULES.imageDescription;
const CONTENT_RULE = VALIDATION_RULES.fileContent;

const inputs: [string, { file: () => UploadFileInput['file']; bytes: Buffer }][] = [
  ['a Buffer', { file: () => PNG, bytes: PNG }],
  ['a Uint8Array', { file: () => new Uint8Array(PNG), bytes: PNG }],
  ['a Blob', { file: () => new Blob([PNG]), bytes: PNG }],
  ['a web ReadableStream', { file: () => new Blob([PNG]).stream(), bytes: PNG }],
  ['a Node Readable', { file: () => Readable.from([PNG.subarray(0, 5), PNG.subarray(5)]), bytes: PNG }],
];

describe('vault.uploadFile', () => {
  it.each(inputs)('sends %s as multipart/form-data the server can parse', async (_name, { file, bytes }) => {
    const { server, tracker } = await setup();
    await tracker.vault.uploadFile('trk_1', {
      file: file(),
      filename: 'dock.png',
      source_name: 'site',
      description: DESCRIPTION,
    });
    const req = server.requests[0]!;
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await req.form();
    const part = form.get('file') as File;
    expect(part.name).toBe('dock.png');
    expect(part.type).toBe('image/png');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes)).toBe(true);
    expect(form.get('source_name')).toBe('site');
    expect(form.get('description')).toBe(DESCRIPTION);
  });

  it.each([
    ['pdf', { filename: 'report.PDF', file: PDF, type: 'application/pdf' }],
    ['csv', { filename: 'rows.csv', file: CSV, type: 'text/csv' }],
    ['md', { filename: 'notes.md', file: Buffer.from('# Notes\nü ok\n'), type: 'text/markdown' }],
    ['jpeg', { filename: 'a.jpeg', file: JPEG, type: 'image/jpeg' }],
  ])('accepts a %s and omits absent fields', async (_name, { filename, file, type }) => {
    const { server, tracker } = await setup();
    const description = type.startsWith('image/') ? DESCRIPTION : undefined;
    await tracker.vault.uploadFile('trk_1', { file, filename, description });
    const form = await server.requests[0]!.form();
    expect((form.get('file') as File).type).toBe(type);
    expect(form.has('source_name')).toBe(false);
  });

  it.each([
    [
      'an unknown extension',
      { input: { file: PDF, filename: 'a.docx' }, field: 'file', rule: VALIDATION_RULES.fileExtension },
    ],
    [
      'PNG bytes named .jpg',
      {
        input: { file: PNG, filename: 'a.jpg', description: DESCRIPTION },
        field: 'file',
        rule: CONTENT_RULE,
        says: 'not a JPEG file',
      },
    ],
    [
      'text named .pdf',
      { input: { file: CSV, filename: 'a.pdf' }, field: 'file', rule: CONTENT_RULE, says: 'not a PDF file' },
    ],
    [
      'a PDF named .txt',
      {
        input: { file: PDF, filename: 'a.txt' },
        field: 'file',
        rule: CONTENT_RULE,
        says: 'must be UTF-8 text',
      },
    ],
    [
      'binary named .csv',
      {
        input: { file: Buffer.from([0x41, 0x00, 0xff]), filename: 'a.csv' },
        field: 'file',
        rule: CONTENT_RULE,
        says: 'must be UTF-8 text',
      },
    ],
    [
      'an image without description',
      { input: { file: PNG, filename: 'a.png' }, field: 'description', rule: IMAGE_RULE },
    ],
    [
      'a short image description',
      {
        input: { file: PNG, filename: 'a.png', description: 'x'.repeat(LIMITS.imageDescriptionMin - 1) },
        field: 'description',
        rule: IMAGE_RULE,
      },
    ],
    [
      'a long image description',
      {
        input: { file: PNG, filename: 'a.png', description: 'x'.repeat(LIMITS.imageDescriptionMax + 1) },
        field: 'description',
        rule: `maxLength: ${LIMITS.imageDescriptionMax}`,
      },
    ],
    [
      'an empty file',
      {
        input: { file: Buffer.alloc(0), filename: 'a.txt' },
        field: 'file',
        rule: VALIDATION_RULES.fileNotEmpty,
      },
    ],
  ] as [string, { input: UploadFileInput; field: string; rule?: string; says?: string }][])(
    'rejects %s before sending',
    async (_name, { input, field, rule, says }) => {
      const { server, tracker } = await setup();
      const error = (await tracker.vault
        .uploadFile('trk_1', input)
        .catch((e: unknown) => e)) as TrackerValidationError;
      expect(error).toBeInstanceOf(TrackerValidationError);
      expect(error.field).toBe(field);
      if (rule) expect(error.rule).toBe(rule);
      if (says) expect(error.message).toContain(says);
      expect(server.requests).toHaveLength(0);
    },
  );

  it('accepts a short description for documents', async () => {
    const { server, tracker } = await setup();
    await tracker.vault.uploadFile('trk_1', { file: PDF, filename: 'r.pdf', description: 'weekly' });
    expect((await server.requests[0]!.form()).get('description')).toBe('weekly');
  });

  it('stops reading a stream larger than LIMITS.fileBytesMax', async () => {
    const { server, tracker } = await setup();
    let produced = 0;
    const chunk = Buffer.alloc(1_000_000, 0x61);
    const endless = new Readable({
      read() {
        produced += chunk.length;
        this.push(chunk);
      },
    });
    const error = (await tracker.vault
      .uploadFile('trk_1', { file: endless, filename: 'big.txt' })
      .catch((e: unknown) => e)) as TrackerValidationError;
    expect(error.rule).toBe(`x-max-file-bytes: ${LIMITS.fileBytesMax}`);
    expect(produced).toBeLessThan(LIMITS.fileBytesMax + 3 * chunk.length);
    expect(endless.destroyed).toBe(true);
    expect(server.requests).toHaveLength(0);
  });
});
