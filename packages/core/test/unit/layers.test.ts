import { describe, expect, it } from 'vitest';
import {
  folderEdges,
  layerPairs,
  topFolders,
  upwardImports,
} from '../../../../scripts/layers/folder-imports.ts';

// The rulebook's layers, lowest first. The generated document and the leaf files at the root of src/
// (a Problem, the document's types, the document itself) are what every rule is written in; rules are
// the v0.3 rules on values (net, rate, csv and html, below them, are siblings that share nothing); validate checks a request against the document's schema, then those rules;
// the edges (signing, retry, uploads, runs, paging, the HTTP edge) use both; the commands' flags come
// last. index.ts re-exports them all and belongs to no layer.
const src = new URL('../../src/', import.meta.url);
const LEAVES = ['problem.ts', 'types.ts', 'document.ts', 'paging.ts'];
const ORDER = [
  'generated',
  'problem.ts',
  'types.ts',
  'document.ts',
  ['net', 'rate', 'csv', 'html'],
  'rules',
  'validate',
  'signing',
  'retry',
  'uploads',
  'runs',
  'paging.ts',
  'http',
  'cli',
];
const edges = folderEdges(src, LEAVES);

describe("the rulebook's layers", () => {
  it('place every folder of src/', () => {
    expect(
      ORDER.flat()
        .filter((unit) => !LEAVES.includes(unit))
        .sort(),
    ).toEqual(topFolders(src));
  });

  it.each(layerPairs(ORDER))('%s imports nothing from %s', (lower, higher) => {
    expect(upwardImports(edges, lower, higher)).toEqual([]);
  });
});
