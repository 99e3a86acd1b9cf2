// The document through the code generators users reach for, each run with its defaults on
// openapi/tracker-service.yaml: openapi-typescript (whose bundled Redocly refuses examples that do
// not conform under its own stricter reading), @hey-api/openapi-ts and orval. Then a small program
// per generator, written as a user would, is type-checked with the generated code under `strict`
// and run against the emulator. Each program carries a misuse under ts-expect-error, so generated
// types that are `any` fail the check. The generators run with network connections refused past
// loopback (tests/helpers/loopback-only.mjs), and the test reads what was refused.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DOCUMENT = join(ROOT, 'openapi/tracker-service.yaml');
const GUARD = join(ROOT, 'tests/helpers/loopback-only.mjs');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
const exec = promisify(execFile);

let emulator: RunningEmulator;
// Inside the repository (.tmp/ is ignored) so the programs resolve axios and typescript from the
// root's node_modules, as a user's project would from its own.
let folder: string;
let refusedLog: string;

beforeAll(async () => {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  folder = mkdtempSync(join(ROOT, '.tmp', 'generators-'));
  refusedLog = join(folder, 'refused.log');
  writeFileSync(refusedLog, '');
  emulator = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Runs a generator's command line in the temp folder, loopback only; returns its output. */
async function generate(command: string, args: string[], cwd = folder): Promise<string> {
  const { stdout, stderr } = await exec(bin(command), args, {
    cwd,
    env: {
      ...process.env,
      NODE_OPTIONS: `--import=${GUARD}`,
      TRACKERKIT_LOOPBACK_LOG: refusedLog,
      NO_COLOR: '1',
    },
    timeout: 120_000,
  });
  return `${stdout}\n${stderr}`;
}

// linked_trackers has a default ([]); openapi-typescript's default `defaultNonNullable` types every
// field with a default as present, request bodies included, so a user of its types writes it out.
const body = `{
  name: 'Generated client',
  description: 'Created through a generated client.',
  run_mode: 'manual',
  agent_config: { instruction: 'Watch the news.', score_meaning: '10 = calm', skills: ['web_research'], linked_trackers: [] },
}`;

/** What every program returns: the spaces it listed and the tracker it created, read back and deleted. */
export interface RoundTrip {
  spaces: string[];
  created: string;
  readBack: string;
}

const programs = {
  'openapi-typescript': `import type { components, paths } from './openapi-typescript/schema.js';

type Create = paths['/api/spaces/{space_id}/trackers']['post']['requestBody']['content']['application/json'];
type SpaceList = paths['/api/spaces']['get']['responses'][200]['content']['application/json'];
type Tracker = components['schemas']['Tracker'];

export async function roundTrip(baseUrl: string, token: string, spaceId: string) {
  const headers = { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' };
  const spaces = (await (await fetch(\`\${baseUrl}/api/spaces\`, { headers })).json()) as SpaceList;
  const create: Create = ${body};
  const response = await fetch(\`\${baseUrl}/api/spaces/\${spaceId}/trackers\`, { method: 'POST', headers, body: JSON.stringify(create) });
  const created = (await response.json()) as Tracker;
  const readBack = (await (await fetch(\`\${baseUrl}/api/trackers/\${created.tracker_id}\`, { headers })).json()) as Tracker;
  await fetch(\`\${baseUrl}/api/trackers/\${created.tracker_id}\`, { method: 'DELETE', headers });
  return { spaces: spaces.data.map((s) => s.space_id), created: created.name, readBack: readBack.tracker_id === created.tracker_id ? readBack.name : '' };
}

// @ts-expect-error run_mode is 'manual' or 'scheduled'
export const wrong: Create['run_mode'] = 'hourly';
`,
  'hey-api': `import { client } from './hey-api/client.gen.js';
import { createTracker, deleteTracker, getTracker, listSpaces } from './hey-api/sdk.gen.js';
import type { TrackerCreate } from './hey-api/types.gen.js';

export async function roundTrip(baseUrl: string, token: string, spaceId: string) {
  client.setConfig({ baseUrl, auth: token });
  const spaces = await listSpaces({ throwOnError: true });
  const create: TrackerCreate = ${body};
  const created = await createTracker({ path: { space_id: spaceId }, body: create, throwOnError: true });
  const readBack = await getTracker({ path: { tracker_id: created.data.tracker_id }, throwOnError: true });
  await deleteTracker({ path: { tracker_id: created.data.tracker_id }, throwOnError: true });
  return { spaces: spaces.data.data.map((s) => s.space_id), created: created.data.name, readBack: readBack.data.name };
}

// @ts-expect-error run_mode is 'manual' or 'scheduled'
export const wrong: TrackerCreate['run_mode'] = 'hourly';
`,
  orval: `import { createTracker, deleteTracker, getTracker, listSpaces, type TrackerCreate } from './orval/api.js';

export async function roundTrip(baseUrl: string, token: string, spaceId: string) {
  const options = { baseURL: baseUrl, headers: { Authorization: \`Bearer \${token}\` } };
  const spaces = await listSpaces(undefined, options);
  const create: TrackerCreate = ${body};
  const created = await createTracker(spaceId, create, options);
  const readBack = await getTracker(created.data.tracker_id, options);
  await deleteTracker(created.data.tracker_id, options);
  return { spaces: spaces.data.data.map((s) => s.space_id), created: created.data.name, readBack: readBack.data.name };
}

// @ts-expect-error run_mode is 'manual' or 'scheduled'
export const wrong: TrackerCreate['run_mode'] = 'hourly';
`,
};

describe('the document through code generators, with their defaults', () => {
  it('openapi-typescript 7 validates and generates without a complaint', async () => {
    // Run from the repository, as `npx openapi-typescript openapi/tracker-service.yaml` there would:
    // its bundled Redocly (1.x) then lints with the project's redocly.yaml (recommended-strict),
    // which reads every example's schema as closed; with Redocly's `recommended` the same findings
    // are warnings. It prints each example that does not conform and exits 1 on the first.
    const out = join(folder, 'openapi-typescript/schema.ts');
    const output = await generate('openapi-typescript', [DOCUMENT, '-o', out], ROOT);
    expect(output).not.toMatch(/✘|⚠|must conform|Error/);
    expect(readFileSync(out, 'utf8')).toContain('export interface paths');
  });

  it('@hey-api/openapi-ts generates its types, SDK and fetch client', async () => {
    await generate('openapi-ts', ['-i', DOCUMENT, '-o', 'hey-api']);
    expect(readFileSync(join(folder, 'hey-api/sdk.gen.ts'), 'utf8')).toContain('export const createTracker');
  });

  it('orval generates its axios client', async () => {
    await generate('orval', ['--input', DOCUMENT, '--output', 'orval/api.ts']);
    expect(readFileSync(join(folder, 'orval/api.ts'), 'utf8')).toContain('export const createTracker');
  });

  it('no generator tried to reach past loopback (the guard refuses and records, as shown here)', async () => {
    expect(readFileSync(refusedLog, 'utf8')).toBe('');
    const probe = join(folder, 'probe.log');
    const run = exec(
      process.execPath,
      ['-e', "fetch('http://example.invalid/').catch(() => process.exit(3))"],
      {
        env: { ...process.env, NODE_OPTIONS: `--import=${GUARD}`, TRACKERKIT_LOOPBACK_LOG: probe },
      },
    );
    await expect(run).rejects.toMatchObject({ code: 3 });
    expect(readFileSync(probe, 'utf8')).toBe('example.invalid\n');
  });

  it('a program using each generated client type-checks under strict', async () => {
    for (const [name, text] of Object.entries(programs)) writeFileSync(join(folder, `${name}.ts`), text);
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2023',
          lib: ['es2023', 'dom', 'dom.iterable'],
          types: [],
          strict: true,
          noEmit: true,
        },
        include: ['*.ts', '*/**/*.ts'],
      }),
    );
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
    const check = exec(bin('tsc'), ['-p', 'tsconfig.json'], { cwd: folder, timeout: 120_000 });
    await expect(
      check.then(
        () => 'clean',
        (error: { stdout: string }) => error.stdout,
      ),
    ).resolves.toBe('clean');
  });

  for (const name of Object.keys(programs)) {
    it(`the ${name} program creates, reads back and deletes a tracker on the emulator`, async () => {
      const program = (await import(/* @vite-ignore */ join(folder, `${name}.ts`))) as {
        roundTrip(baseUrl: string, token: string, spaceId: string): Promise<RoundTrip>;
      };
      const result = await program.roundTrip(emulator.baseUrl, emulator.token, emulator.spaceId);
      expect(result).toEqual({
        spaces: [emulator.spaceId],
        created: 'Generated client',
        readBack: 'Generated client',
      });
    });
  }
});
