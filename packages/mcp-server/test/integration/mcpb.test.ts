// The one-click desktop install: the bundle built by scripts/build-mcpb.ts (validated and packed by
// the official mcpb CLI) is unpacked by that CLI into an empty folder outside the repository (no
// node_modules to lean on) and started exactly as its manifest tells a desktop client to, over
// stdio, by the SDK's own client; the assistant's first calls go through to the emulator.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolDefinitions } from '../../src/index.ts';
import { startTestEmulator } from './harness.ts';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const mcpb = join(packageDir, 'node_modules', '.bin', 'mcpb');

interface Manifest {
  version: string;
  server: {
    entry_point: string;
    mcp_config: { command: string; args: string[]; env: Record<string, string> };
  };
  user_config: Record<string, { required?: boolean; sensitive?: boolean; default?: unknown }>;
  tools: { name: string }[];
}

let emulator: RunningEmulator;
let work: string;
let installed: string;
let manifest: Manifest;

beforeAll(async () => {
  emulator = await startTestEmulator();
  work = await mkdtemp(join(tmpdir(), 'trackerkit-mcpb-test-'));
  const { stdout } = await run(
    process.execPath,
    ['--conditions=trackerkit-source', '--no-warnings', 'scripts/build-mcpb.ts', join(work, 'out')],
    { cwd: packageDir },
  );
  const bundle = stdout.trim();
  installed = join(work, 'installed');
  await run(mcpb, ['unpack', bundle, installed]);
  manifest = JSON.parse(await readFile(join(installed, 'manifest.json'), 'utf8'));
}, 120_000);
afterAll(async () => {
  await emulator?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** `${__dirname}` and `${user_config.*}` filled in as a desktop client does. */
function expand(value: string, config: Record<string, string>): string {
  return value
    .replaceAll(`\${__dirname}`, installed)
    .replace(/\$\{user_config\.([a-z_]+)\}/g, (_, key: string) => config[key] ?? '');
}

describe('the .mcpb bundle', () => {
  it('loads the parts it imports on demand (the OAuth user store) from its own folder', async () => {
    const started = await run(
      process.execPath,
      [
        join(installed, manifest.server.entry_point),
        '--http',
        '--port',
        '0',
        '--oauth-issuer',
        'http://127.0.0.1:1',
        '--user-store',
        join(work, 'users.db'),
      ],
      {
        cwd: installed,
        env: {
          PATH: process.env.PATH ?? '',
          TRACKER_API_URL: emulator.baseUrl,
          TRACKERKIT_MCP_TOKEN_KEY: Buffer.alloc(32, 5).toString('base64'),
        },
      },
    ).catch((error: { code: number; stderr: string }) => error);
    // The user store opened (its chunk loaded), then the issuer that does not answer stopped start-up.
    expect(started).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--oauth-issuer: no authorization server metadata/),
    });
  });

  it('names every tool of the catalogue and asks for the API token as a secret', () => {
    expect(manifest.tools.map((t) => t.name)).toEqual(toolDefinitions.map((t) => t.name));
    expect(manifest.user_config.api_token).toMatchObject({ required: true, sensitive: true });
    expect(manifest.server.entry_point).toBe('server/index.mjs');
  });

  it('starts from an empty folder over stdio and serves the assistant', async () => {
    const config = { api_url: emulator.baseUrl, api_token: emulator.token, read_only: 'false' };
    const { command, args, env } = manifest.server.mcp_config;
    const client = new Client({ name: 'mcpb-test', version: '0' });
    await client.connect(
      new StdioClientTransport({
        command: command === 'node' ? process.execPath : command,
        args: args.map((a) => expand(a, config)),
        cwd: installed,
        env: {
          PATH: process.env.PATH ?? '',
          ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, expand(v, config)])),
        },
        stderr: 'pipe',
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(toolDefinitions.length);
      const spaces = await client.callTool({ name: 'list_spaces', arguments: {} });
      expect(spaces.isError).toBeFalsy();
      expect(JSON.stringify(spaces.structuredContent)).toContain(emulator.spaceId);
      expect(client.getServerVersion()?.version).toBe(manifest.version);
    } finally {
      await client.close();
    }
  });
});
