// scripts/toolchain.sh switches Node whenever the machine's node is below the root package.json's
// engines (read there, not a second copy: compared to the minor, not only the major), and refuses
// when even its pinned Node falls short.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, run } from './published.ts';

const SYSTEM_NODE = '/usr/bin/node';
const here = dirname(process.execPath);

/** Sources toolchain.sh of `root` with only `pathDirs` and the system folders on the PATH. */
async function source(root: string, pathDirs: string[]): Promise<{ code: number; out: string }> {
  const script = 'source scripts/toolchain.sh || exit 3; echo "$(command -v node) $(node --version)"';
  try {
    const { stdout } = await run('bash', ['-c', script], {
      cwd: root,
      env: {
        HOME: process.env.HOME,
        NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS,
        PATH: [...pathDirs, '/usr/bin', '/bin'].join(':'),
      },
    });
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** A copy of the script (and fetch-node.sh, which it calls) beside a package.json with the given engines. */
function checkout(engines: string): string {
  const root = mkdtempSync(join(tmpdir(), 'trackerkit-toolchain-'));
  mkdirSync(join(root, 'scripts'));
  for (const script of ['toolchain.sh', 'fetch-node.sh']) {
    cpSync(join(ROOT, 'scripts', script), join(root, 'scripts', script));
  }
  writeFileSync(join(root, 'package.json'), JSON.stringify({ engines: { node: engines } }));
  return root;
}

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);

describe('scripts/toolchain.sh', () => {
  it('keeps a node that satisfies the engines', async () => {
    expect(await source(checkout(`>=${major}.${minor}`), [here])).toEqual({
      code: 0,
      out: `${process.execPath} v${process.versions.node}`,
    });
  });

  it('does not keep a node one minor version short (the pinned Node falls short too: it refuses)', async () => {
    const result = await source(checkout(`>=${major}.${minor + 1}`), [here]);
    expect(result.code).toBe(3);
    expect(result.out).toContain(
      `does not satisfy package.json engines (node ${process.versions.node} < >=${major}.${minor + 1})`,
    );
  });

  it.skipIf(!existsSync(SYSTEM_NODE))(
    'moves from an older system node to one the root engines accept',
    async () => {
      const { stdout } = await run(SYSTEM_NODE, ['-p', 'process.versions.node']);
      const wanted = (
        JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
      ).engines.node;
      const result = await source(ROOT, []);
      expect(result.code).toBe(0);
      const [path, version] = result.out.split(' ');
      const [want, got, system] = [wanted.replace('>=', ''), version?.slice(1) ?? '', stdout.trim()].map(
        (text) => text.split('.').map(Number),
      );
      const atLeast = (a: number[] = [], b: number[] = []) =>
        (a[0] ?? 0) !== (b[0] ?? 0) ? (a[0] ?? 0) > (b[0] ?? 0) : (a[1] ?? 0) >= (b[1] ?? 0);
      if (atLeast(system, want)) expect(path).toBe(SYSTEM_NODE);
      else expect(path).not.toBe(SYSTEM_NODE);
      expect(atLeast(got, want), `${result.out} for engines ${wanted}`).toBe(true);
    },
  );
});
