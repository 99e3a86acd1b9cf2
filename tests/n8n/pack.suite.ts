// Packs the package as npm would publish it and checks n8n's community-node rules on the tarball itself.
// Run from n8n.e2e.test.ts: it reuses that file's build, so nothing rebuilds dist while n8n loads it.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, run } from './harness.ts';

export function packSuite() {
  describe('the packed n8n community node', () => {
    it('declares no dependencies and ships every file its n8n section names', async () => {
      const out = mkdtempSync(join(tmpdir(), 'trackerkit-pack-'));
      await run(
        'bash',
        [
          '-c',
          `source scripts/toolchain.sh && cd packages/n8n-nodes-tracker && pnpm pack --pack-destination ${out}`,
        ],
        {
          cwd: ROOT,
        },
      );
      const tarball = readdirSync(out).find((name) => name.endsWith('.tgz'));
      expect(tarball).toBeDefined();
      await run('tar', ['-xzf', join(out, tarball as string), '-C', out]);
      const pkg = JSON.parse(readFileSync(join(out, 'package', 'package.json'), 'utf8'));
      const files = (await run('tar', ['-tzf', join(out, tarball as string)])).stdout.split('\n');

      expect(pkg.dependencies ?? {}).toEqual({});
      expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
      expect(pkg.license).toBe('MIT');
      expect(files).toContain('package/LICENSE');
      expect(pkg.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: true });
      const declared = [...pkg.n8n.credentials, ...pkg.n8n.nodes] as string[];
      expect(declared.length).toBe(6);
      for (const path of declared) expect(files, path).toContain(`package/${path}`);
      for (const icon of ['tracker.svg', 'tracker.dark.svg'])
        expect(files).toContain(`package/dist/nodes/Tracker/${icon}`);
      expect(files.filter((f) => f.startsWith('package/dist/examples/') && f.endsWith('.json'))).toHaveLength(
        3,
      );
      // No TypeScript at all: n8n loads JavaScript, and the scanner's default patterns lint every `.ts`
      // (a credential's `.d.ts` breaks its file-name rule). `pnpm run scan` runs them on the tarball.
      expect(files.some((f) => f.includes('/test/') || f.endsWith('.ts'))).toBe(false);
    }, 1_200_000);
  });
}
