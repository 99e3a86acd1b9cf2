import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The rulebook's entry runs anywhere: in the n8n node's bundle and, for the alert rule, in the MCP
// server's signal chart page in a browser. What needs Node (signing on node:crypto, the commands'
// process handling) or only a server (html, the CSV reader) is a subpath of its own, and the
// default entry must not reach it through any module it imports.
const src = fileURLToPath(new URL('../../src/', import.meta.url));

/** Every module the entry reaches through static imports and re-exports (type-only ones erased). */
function reached(entry: string): { modules: string[]; builtins: string[] } {
  const modules = new Set<string>();
  const builtins = new Set<string>();
  const queue = [resolve(src, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (modules.has(file)) continue;
    modules.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(?:import|export)(\s+type\b)?[^'";]*?from\s*'([^']+)'/gm)) {
      const [, typeOnly, specifier] = m as unknown as [string, string | undefined, string];
      if (typeOnly) continue;
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
      else if (specifier.startsWith('node:')) builtins.add(`${relative(src, file)}: ${specifier}`);
    }
  }
  return { modules: [...modules].map((file) => relative(src, file)).sort(), builtins: [...builtins] };
}

describe("the core's entries", () => {
  it('the rulebook (default entry) reaches no Node built-in, and neither signing, html, csv nor cli', () => {
    const { modules, builtins } = reached('index.ts');
    expect(builtins).toEqual([]);
    expect(modules.filter((m) => /^(signing|html|csv|cli)\//.test(m))).toEqual([]);
  });

  it('signing is the entry that brings node:crypto', () => {
    expect(reached('signing/index.ts').builtins).toContain('signing/headers.ts: node:crypto');
  });
});
