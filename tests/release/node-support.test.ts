// Node support is stated once: each package's `engines.node` (which packed.test.ts runs each packed
// package on, at exactly its minimum). What people read must agree with it: the root README's
// "What runs where" table, any "Node X.Y+" in a package's README, and for the n8n node the Node the
// n8n it is tested in declares (tests/n8n pins it; its lockfile carries n8n's engines).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lowestNode } from './lowest-node.ts';
import { type Manifest, publishedPackages, ROOT } from './published.ts';

const packages = publishedPackages();
const rootManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const minor = (version: string) => version.replace(/\.0$/, '');

/** The rows of the root README's "What runs where" table: first cell, Node cell. */
function whatRunsWhere(): Array<{ what: string; node: string }> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('What runs where')) ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|-]+\|$/.test(line))
    .slice(1)
    .map((line) => {
      const [, what = '', node = ''] = line.split('|').map((cell) => cell.trim());
      return { what, node };
    });
}

/** The first "X.Y+" of a cell, as the engines range it stands for. */
const stated = (text: string) => {
  const match = /(\d+\.\d+(?:\.\d+)?)\+/.exec(text);
  return match ? `>=${match[1]}` : `no "X.Y+" in "${text}"`;
};

describe('Node support, stated once', () => {
  it('every published package declares its minimum Node in engines (>=MAJOR.MINOR)', () => {
    for (const { manifest } of packages) {
      expect(() => lowestNode(manifest.name, manifest.engines), manifest.name).not.toThrow();
    }
  });

  it('the root README table gives the workspace and each published package its engines', () => {
    const rows = whatRunsWhere();
    const workspace = rows.filter((row) => /workspace/i.test(row.what));
    expect(workspace.map((row) => stated(row.node))).toEqual([rootManifest.engines?.node]);
    for (const { manifest } of packages) {
      const row = rows.filter((candidate) => candidate.what.includes(`\`${manifest.name}\``));
      expect(row.length, `${manifest.name}: one row`).toBe(1);
      expect(stated(row[0]?.node ?? ''), manifest.name).toBe(manifest.engines?.node);
    }
  });

  it("each package README's Node X.Y+ is that package's minimum", () => {
    for (const { dir, manifest } of packages) {
      const readme = readFileSync(join(ROOT, 'packages', dir, 'README.md'), 'utf8');
      const versions = [...readme.matchAll(/Node (\d+\.\d+(?:\.\d+)?)\+/g)].map((match) => match[1]);
      const want = minor(lowestNode(manifest.name, manifest.engines));
      expect(versions, `${manifest.name} README`).toEqual(versions.map(() => want));
    }
  });

  it("the n8n node's engines are those of the n8n it is tested in, which the table names", () => {
    const n8nNode = packages.find(({ manifest }) => manifest.n8n)?.manifest;
    const harness = JSON.parse(readFileSync(join(ROOT, 'tests', 'n8n', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const version = harness.dependencies.n8n ?? '';
    const lock = readFileSync(join(ROOT, 'tests', 'n8n', 'pnpm-lock.yaml'), 'utf8');
    const entry = new RegExp(
      `^ {2}n8n@${version.replaceAll('.', '\\.')}:\\n(?: {4}.*\\n)*? {4}engines: \\{node: '([^']+)'\\}`,
      'm',
    );
    const n8nEngines = entry.exec(lock)?.[1];
    expect(n8nEngines, `n8n@${version} in tests/n8n/pnpm-lock.yaml`).toMatch(/^>=/);
    expect(n8nNode?.engines?.node).toBe(n8nEngines);
    const row = whatRunsWhere().find((candidate) => candidate.what.includes(`\`${n8nNode?.name}\``));
    expect(row?.node, 'the table names the n8n version').toContain(`n8n ${version}`);
  });
});
