// The release workflow cannot run here (it publishes to npm from GitHub Actions): it is checked by
// action-validator (the workflow schema, installed from npm) and by what it must do for n8n's
// verification: publish every public package with `npm publish --provenance` under `id-token: write`.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WORKFLOW = join(ROOT, '.github', 'workflows', 'release.yml');
const text = readFileSync(WORKFLOW, 'utf8');
const validator = join(ROOT, 'tests', 'node_modules', '.bin', 'action-validator');

async function validate(file: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(validator, [file]);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

interface Step {
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
const workflow = parse(text) as {
  on: { push: { branches: string[]; tags: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, { permissions: Record<string, string>; steps: Step[] }>;
};
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

describe('.github/workflows/release.yml', () => {
  it('passes action-validator, which refuses a broken copy', async () => {
    expect(await validate(WORKFLOW)).toEqual({ ok: true, output: '' });
    const broken = join(mkdtempSync(join(tmpdir(), 'trackerkit-release-')), 'release.yml');
    writeFileSync(broken, text.replace('id-token: write', 'id-token: writ'));
    expect((await validate(broken)).ok).toBe(false);
  }, 60_000);

  it('grants id-token: write to the publishing job only, contents read elsewhere', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    const publishing = Object.values(workflow.jobs).filter((job) =>
      job.steps.some((step) => step.run?.includes('npm publish')),
    );
    expect(publishing).toHaveLength(1);
    expect(publishing[0]?.permissions['id-token']).toBe('write');
  });

  it('versions with changesets and publishes with provenance, on main and on a tag', () => {
    expect(workflow.on.push.branches).toEqual(['main']);
    expect(workflow.on.push.tags).toEqual(['v*']);
    const changesets = steps.find((step) => step.uses?.startsWith('changesets/action@'));
    expect(changesets?.with?.version).toBe('pnpm exec changeset version');
    const publish = steps.find((step) => step.run?.includes('npm publish'));
    expect(publish?.run).toMatch(/npm publish "\$out"\/\*\.tgz --provenance --access public/);
    expect(publish?.if).toContain("steps.changesets.outputs.hasChangesets == 'false'");
  });

  it('publishes every public package of the workspace, the n8n node included', () => {
    const publish = steps.find((step) => step.run?.includes('npm publish'))?.run ?? '';
    expect(publish).toContain('for dir in packages/*/; do');
    const packages = readdirSync(join(ROOT, 'packages')).map(
      (dir) =>
        JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')) as {
          name: string;
          private?: boolean;
          publishConfig?: { access?: string };
        },
    );
    const published = packages.filter((pkg) => !pkg.private);
    expect(published.map((pkg) => pkg.name)).toContain('@trackerkit/n8n-nodes-tracker');
    for (const pkg of published) expect(pkg.publishConfig?.access, pkg.name).toBe('public');
  });
});
