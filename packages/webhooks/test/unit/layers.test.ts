import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The receiver's layers, lowest first: the store keeps rows and is handed what it needs from above
// (a logger, as retention's RetentionLog); the server wires the store in. An import from a lower
// layer into a higher one turns that upside down.
const src = fileURLToPath(new URL('../../src/', import.meta.url));
const BELOW_SERVER = ['store'];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative module a file imports or re-exports (static, type-only and dynamic), resolved. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm),
  ];
  return specifiers.map((m) => resolve(dirname(file), m[1]!));
}

describe("the receiver's layers", () => {
  it.each(BELOW_SERVER)('%s/ imports nothing from server/', (layer) => {
    const upward = sourcesUnder(join(src, layer)).flatMap((file) =>
      importsOf(file)
        .filter((target) => relative(src, target).split(sep)[0] === 'server')
        .map((target) => `${relative(src, file)} -> ${relative(src, target)}`),
    );
    expect(upward).toEqual([]);
  });
});
