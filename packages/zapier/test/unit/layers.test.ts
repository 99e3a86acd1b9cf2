import { describe, expect, it } from 'vitest';
import {
  folderEdges,
  layerPairs,
  topFolders,
  upwardImports,
} from '../../../../scripts/layers/folder-imports.ts';

// The integration's layers, lowest first: its version, the client every step runs with and the
// authentication test built on it; the request bodies, input fields and samples the steps share;
// the triggers, searches and creates, which share nothing. index.ts lists them for Zapier and
// belongs to no layer.
const src = new URL('../../src/', import.meta.url);
const LEAVES = ['version.ts', 'tracker-client.ts', 'authentication.ts', 'body.ts', 'fields.ts', 'samples.ts'];
const ORDER = [
  'version.ts',
  'tracker-client.ts',
  'authentication.ts',
  ['body.ts', 'fields.ts', 'samples.ts'],
  ['triggers', 'searches', 'creates'],
];
const edges = folderEdges(src, LEAVES);

describe("the integration's layers", () => {
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
