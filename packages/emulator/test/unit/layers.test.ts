import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeLayers, folderEdges, upwardImports } from '../../../../scripts/layers/folder-imports.ts';

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

describeLayers("the emulator's layers", src, ORDER);

// Unlike the other packages, every file at the root of src/ is a layer of its own.
describe("the emulator's layers, at the root of src/", () => {
  const edges = folderEdges(src, ORDER.flat());

  it('place every file', () => {
    const rootFiles = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => entry.name);
    expect(
      ORDER.flat()
        .filter((unit) => unit.endsWith('.ts'))
        .sort(),
    ).toEqual(rootFiles.sort());
  });

  it('see imports between layers (the check is not vacuous)', () => {
    expect(upwardImports(edges, 'http', 'errors')).not.toEqual([]);
    expect(upwardImports(edges, 'emulator.ts', 'http')).not.toEqual([]);
  });
});
