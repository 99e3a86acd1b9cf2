// Every packed package on the lowest Node its `engines` allow (the one statement of its Node support,
// read here, not repeated): Node fetched from the npm registry (scripts/fetch-node.sh, cached outside
// the checkout), first on the PATH, so npm, install scripts and the bins' `#!/usr/bin/env node` all
// run on it. There the tarballs install with npm, each package is imported from ESM and required
// from CommonJS (require(esm), unflagged from 22.12), every bin answers --help and --version, the
// emulator starts on a SQLite file and stops, the receiver keeps a silence in its SQLite store, and
// the client calls the emulator. The n8n node: plain `npm install <tarball>` on n8n's minimum, as the
// README says to install it by hand, installs the node alone (n8n-workflow is n8n's to provide).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { compileCacheIn } from '../helpers/compile-cache.ts';
import { call } from './consumer.ts';
import {
  type Manifest,
  npmInstall,
  publishedPackages,
  ROOT,
  readyUrl,
  run,
  startBin,
  stop,
  withoutNpmConfig,
} from './published.ts';

/** The exact lowest version a `>=MAJOR.MINOR[.PATCH]` range admits (`>=22.13` is 22.13.0). */
export function lowestNode(name: string, engines: Manifest['engines']): string {
  const range = engines?.node ?? '';
  const match = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(range);
  if (!match) throw new Error(`${name}: engines.node must read >=MAJOR.MINOR[.PATCH], not "${range}"`);
  return `${match[1]}.${match[2]}.${match[3] ?? 0}`;
}

/** Node `version`'s folder (bin/node, include/), fetched once per machine by scripts/fetch-node.sh. */
export async function fetchNode(version: string): Promise<string> {
  const { stdout } = await run('bash', [join(ROOT, 'scripts', 'fetch-node.sh'), version], {
    env: withoutNpmConfig(process.env),
    maxBuffer: 16 << 20,
  });
  return stdout.trim().split('\n').pop() ?? '';
}

/**
 * A user's environment whose `node` is the one in `nodeDir`. A native build (none is expected)
 * would compile against that Node's own headers, never download them.
 */
export function onNode(nodeDir: string): NodeJS.ProcessEnv {
  const env = withoutNpmConfig(process.env);
  return { ...env, PATH: `${join(nodeDir, 'bin')}:${env.PATH ?? ''}`, npm_config_nodedir: nodeDir };
}

interface Context {
  work: string;
  /** The tarball of each published package, by package name. */
  tarballs: Map<string, string>;
  /** The emulator the release test started (the client calls it). */
  emulatorReady: Record<string, unknown>;
}

/** The package's @trackerkit dependencies, transitively, and itself: what npm needs as tarballs. */
function withLocalDependencies(names: string[], manifests: Map<string, Manifest>): string[] {
  const all = new Set<string>();
  const visit = (name: string) => {
    if (all.has(name)) return;
    all.add(name);
    for (const dependency of Object.keys(manifests.get(name)?.dependencies ?? {})) {
      if (manifests.has(dependency)) visit(dependency);
    }
  };
  names.forEach(visit);
  return [...all];
}

async function expectNode(env: NodeJS.ProcessEnv, version: string): Promise<void> {
  const { stdout } = await run('node', ['--version'], { env });
  expect(stdout.trim(), 'the node on the PATH').toBe(`v${version}`);
}

export function lowestNodeChecks(context: () => Context): void {
  // Declared from the workspace's manifests; the packed ones carry the same engines.
  const manifests = new Map(publishedPackages().map(({ manifest }) => [manifest.name, manifest]));
  const groups = new Map<string, Manifest[]>();
  for (const manifest of manifests.values()) {
    if (manifest.n8n) continue;
    const version = lowestNode(manifest.name, manifest.engines);
    groups.set(version, [...(groups.get(version) ?? []), manifest]);
  }

  for (const [version, group] of groups) {
    const names = group.map((manifest) => manifest.name);
    it(`on Node ${version}, their engines' minimum: ${names.join(', ')} install with npm, import, require and run`, async () => {
      const { work, tarballs, emulatorReady } = context();
      const folder = join(work, `node-${version}`);
      const env = { ...onNode(await fetchNode(version)), ...compileCacheIn(folder) };
      await expectNode(env, version);
      mkdirSync(folder, { recursive: true });
      const needed = withLocalDependencies(names, manifests).map((name) => tarballs.get(name) ?? name);
      await npmInstall(folder, needed, env);
      const inFolder = { cwd: folder, env };

      for (const { name, version: packageVersion, bin = {} } of group) {
        const file = name.replace('@trackerkit/', '');
        const keys = 'console.log(JSON.stringify(Object.keys(loaded).sort()))';
        writeFileSync(join(folder, `${file}.mjs`), `const loaded = await import('${name}');\n${keys}\n`);
        writeFileSync(join(folder, `${file}.cjs`), `const loaded = require('${name}');\n${keys}\n`);
        const imported = JSON.parse((await run('node', [`${file}.mjs`], inFolder)).stdout) as string[];
        // Node marks the namespace require() returns for a module with a default export with
        // `__esModule` (for CommonJS interop); it is no export of the package.
        const required = (
          JSON.parse((await run('node', [`${file}.cjs`], inFolder)).stdout) as string[]
        ).filter((key) => key !== '__esModule');
        expect(imported.length, `${name} exports`).toBeGreaterThan(0);
        expect(required, `${name}: require() gives what import gives`).toEqual(imported);

        for (const command of Object.keys(bin)) {
          const path = join(folder, 'node_modules', '.bin', command);
          const help = await run(path, ['--help'], inFolder);
          expect(help.stdout + help.stderr, `${command} --help`).toContain(command);
          expect((await run(path, ['--version'], inFolder)).stdout.trim(), `${command} --version`).toBe(
            packageVersion,
          );
        }
      }

      if (names.includes('@trackerkit/emulator')) {
        const path = join(folder, 'node_modules', '.bin', 'trackerkit-emulator');
        const data = join(folder, 'emulator.sqlite');
        const started = await startBin(path, ['--port', '0', '--data', data], inFolder);
        expect(started.ready).toMatchObject({ event: 'ready', token: expect.stringMatching(/^qapi_/) });
        expect(existsSync(data), 'the --data file').toBe(true);
        await stop(started);
        expect(started.child.exitCode, started.stderr()).toBe(0);
      }

      if (names.includes('@trackerkit/webhooks')) {
        const path = join(folder, 'node_modules', '.bin', 'trackerkit-webhooks');
        const db = ['--db', join(folder, 'receiver.sqlite')];
        await run(
          path,
          ['silence', 'add', 'tracker_id=trk_1', '--duration', '1h', '--comment', 'release', ...db],
          inFolder,
        );
        const { stdout } = await run(path, ['silence', 'query', '--quiet', ...db], inFolder);
        expect(stdout.trim().split('\n'), 'the silence kept in the SQLite store').toHaveLength(1);
      }

      if (names.includes('@trackerkit/client')) {
        const calls = {
          ...env,
          TRACKER_API_URL: readyUrl(emulatorReady),
          TRACKER_API_TOKEN: String(emulatorReady.token),
        };
        writeFileSync(
          join(folder, 'call.mjs'),
          `import { createTrackerClient } from '@trackerkit/client';\n${call}`,
        );
        writeFileSync(
          join(folder, 'call.cjs'),
          `const { createTrackerClient } = require('@trackerkit/client');\n${call}`,
        );
        for (const file of ['call.mjs', 'call.cjs']) {
          const { stdout } = await run('node', [file], { cwd: folder, env: calls });
          expect(JSON.parse(stdout), file).toEqual({ spaces: 1 });
        }
      }
    }, 600_000);
  }

  const n8nNode = [...manifests.values()].find((manifest) => manifest.n8n);
  if (!n8nNode) return;
  const n8nMinimum = lowestNode(n8nNode.name, n8nNode.engines);
  it(`on Node ${n8nMinimum}, n8n's minimum: ${n8nNode.name} installs with plain npm install, alone, and loads with n8n's n8n-workflow`, async () => {
    const { work, tarballs } = context();
    const env = onNode(await fetchNode(n8nMinimum));
    await expectNode(env, n8nMinimum);
    // As in ~/.n8n/nodes: a folder of its own, the README's command and nothing else.
    const folder = join(work, 'n8n-nodes');
    mkdirSync(folder, { recursive: true });
    await run('npm', ['install', '--no-audit', '--no-fund', tarballs.get(n8nNode.name) ?? n8nNode.name], {
      cwd: folder,
      env,
      maxBuffer: 64 << 20,
    });
    // An auto-installed peer would be the newest n8n-workflow, whose isolated-vm needs Node 24.
    for (const absent of ['n8n-workflow', 'isolated-vm']) {
      expect(existsSync(join(folder, 'node_modules', absent)), absent).toBe(false);
    }
    // n8n puts its own node_modules on NODE_PATH before it loads community nodes
    // (LoadNodesAndCredentials.init); the workspace's n8n-workflow, n8n's version, stands in for it.
    const installed = join(folder, 'node_modules', ...n8nNode.name.split('/'));
    const nodePath = join(ROOT, 'packages', 'n8n-nodes-tracker', 'node_modules');
    for (const file of [...(n8nNode.n8n?.nodes ?? []), ...(n8nNode.n8n?.credentials ?? [])]) {
      const script = `const loaded = require(${JSON.stringify(join(installed, file))});
        for (const type of Object.values(loaded)) if (typeof type === 'function' && /^[A-Z]/.test(type.name)) new type();
        console.log(Object.keys(loaded).length);`;
      const { stdout } = await run('node', ['-e', script], {
        cwd: folder,
        env: { ...env, NODE_PATH: nodePath },
      });
      expect(Number(stdout), file).toBeGreaterThan(0);
    }
  }, 600_000);
}
