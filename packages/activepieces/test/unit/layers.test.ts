import { describe, expect, it } from 'vitest';
import {
  folderEdges,
  layerPairs,
  topFolders,
  upwardImports,
} from '../../../../scripts/layers/folder-imports.ts';

// The piece's layers, lowest first: the connection (auth.ts), the inputs' checks, the sample
// outputs and the shared properties; the actions and the triggers, which share nothing; the piece
// that lists them. index.ts re-exports the piece and belongs to no layer.
const src = new URL('../../src/', import.meta.url);
const LEAVES = ['auth.ts', 'inputs.ts', 'samples.ts', 'props.ts', 'piece.ts'];
const ORDER = ['auth.ts', ['inputs.ts', 'samples.ts'], 'props.ts', ['actions', 'triggers'], 'piece.ts'];
const edges = folderEdges(src, LEAVES);

describe("the piece's layers", () => {
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
