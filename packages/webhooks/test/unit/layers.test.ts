import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The receiver's layers, lowest first: the store keeps rows and the delivery layer sends them, each
// handed what it needs from above through an interface of its own (retention's RetentionLog, the
// outbox's OutboxLog and OutboxMetrics); the server wires them in. An import from a lower layer
// into a higher one turns that upside down.
const src = fileURLToPath(new URL('../../src/', import.meta.url));
const BELOW_SERVER = ['store', 'delivery'];

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

// Unit tests run with no database: those that open one (both stores' contract) live in test/stores,
// a vitest project of their own with a database's timeouts.
describe("the receiver's unit tests", () => {
  const unit = fileURLToPath(new URL('./', import.meta.url));
  const opensDatabase = /from\s*['"](pg|[^'"]*helpers\/stores\.ts|[^'"]*test-database\.ts)['"]/;
  it('open no database', () => {
    expect(sourcesUnder(unit).filter((file) => opensDatabase.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
