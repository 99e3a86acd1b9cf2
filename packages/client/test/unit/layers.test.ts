import { describe, expect, it } from 'vitest';
import {
  folderEdges,
  layerPairs,
  topFolders,
  upwardImports,
} from '../../../../scripts/layers/folder-imports.ts';

// The client's layers, lowest first: its errors and clock; the checks before a request is sent
// (validate) and the HTTP edge that sends it, which share nothing; the vault's batching and pacing;
// one module per resource; the cost estimate; the client that puts the resources together.
// index.ts re-exports them all and belongs to no layer.
const src = new URL('../../src/', import.meta.url);
const LEAVES = ['errors.ts', 'clock.ts', 'cost.ts', 'client.ts'];
const ORDER = ['errors.ts', 'clock.ts', ['validate', 'http'], 'vault', 'resources', 'cost.ts', 'client.ts'];
const edges = folderEdges(src, LEAVES);

describe("the client's layers", () => {
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
