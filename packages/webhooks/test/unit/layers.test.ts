import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeLayers } from '../../../../scripts/layers/folder-imports.ts';

// The receiver's layers, lowest first. Each imports only from those below it (type-only and dynamic
// imports count): a layer below hands what it needs from above through an interface of its own
// (the hold's HoldSource, retention's RetentionLog, the outbox's OutboxLog and OutboxMetrics), and
// the server wires them in. config-common is the configuration's shared words (schema parts,
// durations, the retry policy), so that destinations declare their fields without the loader;
// telemetry (logger, metrics) and http (reading a request's body) serve the API, the pages and
// the server alike. The CLI starts the server, so it sits above it.
const src = fileURLToPath(new URL('../../src/', import.meta.url));
const ORDER = [
  'errors.ts',
  'verify',
  'events',
  'router',
  'silences',
  'alerts',
  'config-common',
  'telemetry',
  'http',
  'store',
  'delivery',
  'config',
  'api',
  'ui',
  'server',
  'cli',
  ['index.ts', 'bin.ts'],
] as const;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describeLayers("the receiver's layers", src, ORDER);

// Unit tests run with no database: those that open one (both stores' contract) live in test/stores,
// a vitest project of their own with a database's timeouts.
describe("the receiver's unit tests", () => {
  const unit = fileURLToPath(new URL('./', import.meta.url));
  const opensDatabase = /from\s*['"](pg|[^'"]*helpers\/stores\.ts|[^'"]*test-database\.ts)['"]/;
  it('open no database', () => {
    expect(sourcesUnder(unit).filter((file) => opensDatabase.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
