import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  folderEdges,
  layerPairs,
  topFolders,
  upwardImports,
} from '../../../../scripts/layers/folder-imports.ts';

// The emulator's layers, lowest first; a layer imports nothing from any layer above it, nor from
// a sibling of its level (type-only imports included).
// - Leaves: the errors the rules raise (no HTTP in them), the document's operations and request
//   paths, the records, ids.
// - The clock and the options; what is checked against the document and what is recorded (the
//   inbox, the fault rules, the request journal); the services every handler shares (app.ts).
// - The rules: uploads into vault items, alerts out, runs, schedules, seeds and limits.
// - The HTTP front, which maps the rules' errors to statuses; the API handlers on it; the state
//   (fixtures, export, reset), which loads through the API's rules; the console and the
//   record/replay dispatchers, which the front mounts through emulator.ts.
// - The wiring: the bin's arguments, the emulator itself, the bin and the public entry.
const src = fileURLToPath(new URL('../../src/', import.meta.url));
const ROOT_FILES = [
  'ids.ts',
  'clock.ts',
  'options.ts',
  'app.ts',
  'cli-args.ts',
  'emulator.ts',
  'bin.ts',
  'index.ts',
];
const ORDER = [
  ['errors', 'routing', 'store', 'ids.ts'],
  'clock.ts',
  'options.ts',
  ['validation', 'inbox', 'faults', 'journal'],
  'app.ts',
  ['vault', 'alerts'],
  'domain',
  'http',
  'api',
  'state',
  ['console', 'record'],
  'cli-args.ts',
  'emulator.ts',
  ['bin.ts', 'index.ts'],
];
const edges = folderEdges(src, ROOT_FILES);

describe("the emulator's layers", () => {
  it('place every folder and every file at the root of src/', () => {
    const placed = ORDER.flat();
    expect(placed.filter((unit) => !ROOT_FILES.includes(unit)).sort()).toEqual(topFolders(src));
    const rootFiles = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => entry.name);
    expect(placed.filter((unit) => ROOT_FILES.includes(unit)).sort()).toEqual(rootFiles.sort());
  });

  it('see imports between layers (the check is not vacuous)', () => {
    expect(upwardImports(edges, 'http', 'errors')).not.toEqual([]);
    expect(upwardImports(edges, 'emulator.ts', 'http')).not.toEqual([]);
  });

  it.each(layerPairs(ORDER))('%s imports nothing from %s', (lower, higher) => {
    expect(upwardImports(edges, lower, higher)).toEqual([]);
  });
});
