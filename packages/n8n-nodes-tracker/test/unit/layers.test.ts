import { describe, expect, it } from 'vitest';
import {
  folderEdges,
  layerPairs,
  topFolders,
  upwardImports,
} from '../../../../scripts/layers/folder-imports.ts';

// The package's layers, lowest first: what every node shares (nodes/shared, with its bundle of the
// rulebook); the nodes, which share nothing with each other, and the credentials, which n8n links to
// a node by name, never by import; "Tracker Trigger", the versioned node made of the alert trigger
// (its version 1) and the signal trigger (its version 2).
const root = new URL('../../', import.meta.url);
const nodes = new URL('../../nodes/', import.meta.url);
const ORDER = [
  'nodes/shared',
  ['credentials', 'nodes/Tracker', 'nodes/TrackerAlertTrigger', 'nodes/TrackerSignalTrigger'],
  'nodes/TrackerTrigger',
];
const edges = folderEdges(root, ORDER.flat());

describe("the package's layers", () => {
  it('place every folder of nodes/', () => {
    const placed = ORDER.flat().filter((unit) => unit.startsWith('nodes/'));
    expect(placed.map((unit) => unit.slice('nodes/'.length)).sort()).toEqual(topFolders(nodes));
  });

  it.each(layerPairs(ORDER))('%s imports nothing from %s', (lower, higher) => {
    expect(upwardImports(edges, lower, higher)).toEqual([]);
  });
});
