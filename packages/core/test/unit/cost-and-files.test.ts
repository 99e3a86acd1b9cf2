import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SKILL_COSTS,
  estimateRunCost,
  extensionOf,
  FILE_TYPES,
  type FileExtension,
  fileContentProblems,
  fileNameProblems,
  MEDIA_TYPES,
  openapiDocument,
  REASONING_MULTIPLIERS,
  type RunCostInput,
  VALIDATION_RULES,
} from '../../src/index.ts';

describe('estimateRunCost', () => {
  const web = DEFAULT_SKILL_COSTS.web_research!;
  const stock = DEFAULT_SKILL_COSTS.stock_research!;
  it.each<[string, { given: RunCostInput; costs?: Record<string, number>; want: object }]>([
    [
      'no skills',
      {
        given: { skills: [] },
        want: { quants: 0, baseCost: 0, multiplier: REASONING_MULTIPLIERS.basic, reasoning_mode: 'basic' },
      },
    ],
    [
      'one skill, default mode',
      { given: { skills: ['web_research'] }, want: { quants: web, reasoning_mode: 'basic' } },
    ],
    [
      'skills add up before the multiplier',
      {
        given: { skills: ['web_research', 'stock_research'], reasoning_mode: 'advanced' },
        want: { baseCost: web + stock, quants: (web + stock) * REASONING_MULTIPLIERS.advanced },
      },
    ],
    [
      'zen',
      {
        given: { skills: ['stock_research'], reasoning_mode: 'zen' },
        want: { quants: stock * REASONING_MULTIPLIERS.zen, multiplier: REASONING_MULTIPLIERS.zen },
      },
    ],
    [
      'unknown skills cost nothing and are listed',
      {
        given: { skills: ['web_research', 'crystal_ball'], reasoning_mode: 'super' },
        want: { quants: web * REASONING_MULTIPLIERS.super, unknownSkills: ['crystal_ball'] },
      },
    ],
    [
      'a custom catalog',
      {
        given: { skills: ['a', 'b'], reasoning_mode: 'advanced' },
        costs: { a: 0.1, b: 0.2 },
        want: { quants: 1.8, unknownSkills: [] },
      },
    ],
  ])('%s', (_name, { given, costs, want }) => {
    expect(estimateRunCost(given, costs ? { skillCosts: costs } : {})).toMatchObject(want);
  });

  it('uses the v0.3 multipliers of the document', () => {
    expect(REASONING_MULTIPLIERS).toEqual(
      openapiDocument.components.schemas.ReasoningMode['x-reasoning-multipliers'],
    );
  });
});

describe('file types', () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]);
  const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xdb, 0]);
  const pdf = new TextEncoder().encode('%PDF-1.4 ...');
  const text = new TextEncoder().encode('a,b\n1,2\n');
  it.each<[string, { ext: string; bytes: Uint8Array; want: string | undefined }]>([
    ['png', { ext: 'png', bytes: png, want: undefined }],
    ['jpg', { ext: 'jpg', bytes: jpeg, want: undefined }],
    ['jpeg named png', { ext: 'png', bytes: jpeg, want: 'not a PNG file' }],
    ['pdf', { ext: 'pdf', bytes: pdf, want: undefined }],
    ['csv text', { ext: 'csv', bytes: text, want: undefined }],
    ['txt that is a png', { ext: 'txt', bytes: png, want: 'must be UTF-8 text' }],
    [
      'md with invalid UTF-8',
      { ext: 'md', bytes: Uint8Array.from([0x61, 0xc3, 0x28]), want: 'must be UTF-8 text' },
    ],
  ])('%s', (_name, { ext, bytes, want }) => {
    // `want` is what the message says; the rule is the document's content rule either way.
    const [found] = fileContentProblems(extensionOf(`file.${ext}`)!, bytes);
    if (found) expect(found.rule).toBe(VALIDATION_RULES.fileContent);
    const said = found && want !== undefined && found.message.includes(want) ? want : found?.message;
    expect(said).toBe(want);
  });

  it('knows a media type for every extension of FILE_TYPES, each listed in the document', () => {
    const encoding =
      openapiDocument.paths['/api/trackers/{tracker_id}/vault/sources'].post.requestBody.content[
        'multipart/form-data'
      ].encoding.file.contentType.split(', ');
    for (const ext of Object.keys(FILE_TYPES) as FileExtension[])
      expect(encoding).toContain(MEDIA_TYPES[ext]);
  });

  it('rejects extensions outside FILE_TYPES', () => {
    expect(fileNameProblems('archive.zip')[0]?.field).toBe('file');
    expect(fileNameProblems('no-extension')[0]?.rule).toBe(VALIDATION_RULES.fileExtension);
    expect(extensionOf('archive.zip')).toBeUndefined();
    expect(extensionOf('Photo.JPG')).toBe('jpg');
  });
});
