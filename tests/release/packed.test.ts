// Every published package as a user gets it: packed with `pnpm pack` (what the release workflow
// publishes), checked with publint and @arethetypeswrong/cli, installed with npm into an empty
// folder outside the workspace, and used there: each bin's --help, the emulator's ready line, MCP
// tools listed over stdio by a real client, the receiver's /readyz, the client imported from ESM and
// CommonJS and type-checked under nodenext, bundler and node10; then each package again on the lowest
// Node its engines allow, and the n8n node's manual install on n8n's minimum (lowest-node.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCacheIn } from '../helpers/compile-cache.ts';
import { consumerChecks } from './consumer.ts';
import { lowestNodeChecks } from './lowest-node.ts';
import {
  type Manifest,
  npmInstall,
  packAll,
  publishedPackages,
  ROOT,
  readyUrl,
  run,
  type Started,
  startBin,
  stop,
  withoutNpmConfig,
} from './published.ts';

const work = mkdtempSync(join(tmpdir(), 'trackerkit-release-'));
const consumer = join(work, 'consumer');
const packages = publishedPackages();
let tarballs: string[] = [];
let emulator: Started | undefined;
let receiver: Started | undefined;

/** The tarball's package/ folder, extracted once. */
function extracted(tarball: string): string {
  return join(work, 'extracted', basename(tarball, '.tgz'), 'package');
}
function packed(tarball: string): Manifest {
  return JSON.parse(readFileSync(join(extracted(tarball), 'package.json'), 'utf8')) as Manifest;
}
const bin = (name: string) => join(consumer, 'node_modules', '.bin', name);
const env = () => ({ ...withoutNpmConfig(process.env), ...compileCacheIn(work) });

beforeAll(async () => {
  tarballs = await packAll(join(work, 'packs'));
  for (const tarball of tarballs) {
    mkdirSync(join(extracted(tarball), '..'), { recursive: true });
    await run('tar', ['-xzf', tarball, '-C', join(extracted(tarball), '..')]);
  }
  mkdirSync(consumer);
  // The n8n node installs into n8n (tests/n8n), not into a Node project: its peer is n8n-workflow.
  await npmInstall(
    consumer,
    tarballs.filter((tarball) => !packed(tarball).n8n),
  );
}, 600_000);

afterAll(async () => {
  await stop(emulator);
  await stop(receiver);
  rmSync(work, { recursive: true, force: true });
});

describe('the packed packages', () => {
  it('are every published package of the workspace', () => {
    expect(tarballs.map((tarball) => packed(tarball).name).sort()).toEqual(
      packages.map(({ manifest }) => manifest.name).sort(),
    );
  });

  it('each carry the LICENSE, a README with an install line and absolute links, no source maps, no workspace: ranges', async () => {
    const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    for (const tarball of tarballs) {
      const dir = extracted(tarball);
      const name = packed(tarball).name;
      expect(readFileSync(join(dir, 'LICENSE'), 'utf8'), name).toBe(license);
      const readme = readFileSync(join(dir, 'README.md'), 'utf8');
      expect(readme, `${name} README install line`).toMatch(new RegExp(`npm install( --save-dev)? ${name}`));
      // A relative link resolves against npmjs.com, where it is a 404.
      const relative = [...readme.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1] ?? '')
        .filter((target) => !/^(https?:|mailto:|#)/.test(target));
      expect(relative, `${name} README relative links`).toEqual([]);
      const { stdout: files } = await run('tar', ['-tzf', tarball]);
      expect(
        files.split('\n').filter((file) => file.endsWith('.map')),
        name,
      ).toEqual([]);
      expect(readFileSync(join(dir, 'package.json'), 'utf8'), name).not.toContain('workspace:');
    }
  });

  it('pass publint and @arethetypeswrong/cli with nothing to report', async () => {
    for (const tarball of tarballs) {
      const manifest = packed(tarball);
      const lint = await run(join(ROOT, 'node_modules', '.bin', 'publint'), ['run', tarball, '--strict']);
      expect(lint.stdout, manifest.name).toContain('All good!');
      // The n8n node ships no types (n8n loads the JavaScript its manifest lists, and the
      // community-package scanner's default patterns refuse .d.ts files): nothing for attw.
      if (manifest.n8n) continue;
      const args = [tarball, '--format', 'ascii', '--no-emoji', '--no-color'];
      // ESM only. Exactly one problem is left out, CJSResolvesToESM: attw's node16-from-CJS
      // resolution assumes require() cannot load an ES module, but require(esm) is unflagged on
      // every Node the engines allow (22.12+); lowest-node.ts requires each package on its minimum.
      args.push('--ignore-rules', 'cjs-resolves-to-esm');
      // A YAML document for readers and tools, not a module.
      if (manifest.name === '@trackerkit/client') args.push('--exclude-entrypoints', './openapi.yaml');
      const types = await run(join(ROOT, 'node_modules', '.bin', 'attw'), args);
      expect(types.stdout, manifest.name).toContain('No problems found');
    }
  }, 120_000);

  it('install with npm outside the workspace, and every bin answers --help', async () => {
    const bins = tarballs.flatMap((tarball) => Object.keys(packed(tarball).bin ?? {}));
    expect(bins.sort()).toEqual(['trackerkit-emulator', 'trackerkit-mcp', 'trackerkit-webhooks']);
    for (const name of bins) {
      // Exit status 0; the usage on stdout (the convention) or, for now, on stderr.
      const { stdout, stderr } = await run(bin(name), ['--help'], { cwd: consumer, env: env() });
      expect(stdout + stderr, name).toContain(name);
    }
  });

  it('the emulator bin starts and announces itself on one JSON line', async () => {
    emulator = await startBin(bin('trackerkit-emulator'), ['--port', '0'], { cwd: consumer });
    expect(emulator.ready).toMatchObject({ event: 'ready', token: expect.stringMatching(/^qapi_/) });
    expect(readyUrl(emulator.ready)).toMatch(/\/v1$/);
  });

  it('the MCP server bin lists its tools over stdio to a real MCP client', async () => {
    const ready = emulator?.ready ?? {};
    const transport = new StdioClientTransport({
      command: bin('trackerkit-mcp'),
      cwd: consumer,
      env: { ...env(), TRACKER_API_URL: readyUrl(ready), TRACKER_API_TOKEN: String(ready.token) } as Record<
        string,
        string
      >,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'trackerkit-release-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(5);
      expect(tools.map((tool) => tool.name)).toContain('list_spaces');
    } finally {
      await client.close();
    }
  });

  it('the receiver bin starts and answers 200 on /readyz', async () => {
    const config = join(work, 'receiver.yaml');
    writeFileSync(
      config,
      [
        'server: { host: 127.0.0.1 }',
        `storage: { path: ${join(work, 'receiver.db')} }`,
        'sources:',
        '  - { name: tracker, path: /webhooks/tracker, secrets: [{ env: TRACKER_WEBHOOK_SECRET }] }',
        'destinations:',
        '  - { name: console, type: stdout }',
        'route: { destination: console }',
        '',
      ].join('\n'),
    );
    receiver = await startBin(bin('trackerkit-webhooks'), ['serve', '--config', config, '--port', '0'], {
      cwd: consumer,
      env: { ...env(), TRACKER_WEBHOOK_SECRET: `whsec_${Buffer.from('x'.repeat(32)).toString('base64')}` },
    });
    const origin = new URL(readyUrl(receiver.ready)).origin;
    const response = await fetch(`${origin}/readyz`);
    expect(response.status, receiver.stderr()).toBe(200);
  });

  describe('the client, as a consumer imports it', () => {
    consumerChecks(() => ({ folder: consumer, emulatorReady: emulator?.ready ?? {} }));
  });

  describe('on the lowest Node each package supports (its engines)', () => {
    lowestNodeChecks(() => ({
      work,
      tarballs: new Map(tarballs.map((tarball) => [packed(tarball).name, tarball])),
      emulatorReady: emulator?.ready ?? {},
    }));
  });
});
