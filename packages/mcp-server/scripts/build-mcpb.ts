// `pnpm --filter @trackerkit/mcp-server run mcpb [out-dir]`: the MCP Bundle (.mcpb) desktop clients
// install in one click. The server and every dependency (the workspace's core and client too) are
// bundled by esbuild into server/ (no node_modules), so the bundle needs nothing but Node; the manifest is made from
// package.json and the tool catalogue (it cannot drift from them), then checked and packed by the
// official `mcpb` CLI (validate, pack). Prints the bundle's path.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SERVER_NAME, toolDefinitions } from '../src/index.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  version: string;
  description: string;
  license: string;
  homepage: string;
  engines: { node: string };
};
const out = resolve(process.argv[2] ?? join(packageDir, 'dist-mcpb'));
const staging = mkdtempSync(join(tmpdir(), 'trackerkit-mcpb-'));
const ENTRY = 'server/index.mjs';

await build({
  // Code splitting keeps the modules bin.ts imports on demand (the OAuth user stores) in chunks of
  // their own: inlined, esbuild's lazy wrappers reordered zod's initialisation (ZodLazy undefined).
  entryPoints: { index: join(packageDir, 'src', 'bin.ts') },
  outdir: join(staging, 'server'),
  outExtension: { '.js': '.mjs' },
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  conditions: ['trackerkit-source'],
  // pg's optional native binding is never installed; the CommonJS dependencies get a require.
  external: ['pg-native'],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  legalComments: 'linked',
  logLevel: 'warning',
});

const manifest = {
  manifest_version: '0.3',
  name: SERVER_NAME,
  display_name: 'Tracker Monitoring Service',
  version: pkg.version,
  description: pkg.description,
  long_description:
    'Create, run and review AI monitoring trackers from the assistant: their signals (score 0-10, label, analysis), schedules, alert bounds and vault data. Deletions ask for confirmation.',
  author: { name: 'trackerkit', url: pkg.homepage },
  homepage: pkg.homepage,
  license: pkg.license,
  server: {
    type: 'node',
    entry_point: ENTRY,
    mcp_config: {
      command: 'node',
      args: [`\${__dirname}/${ENTRY}`],
      env: Object.fromEntries(
        Object.entries({
          TRACKER_API_URL: 'api_url',
          TRACKER_API_TOKEN: 'api_token',
          TRACKERKIT_MCP_READ_ONLY: 'read_only',
        }).map(([name, key]) => [name, `\${user_config.${key}}`]),
      ),
    },
  },
  user_config: {
    api_url: {
      type: 'string',
      title: 'Tracker API URL',
      description: 'The service address, ending in /v1 (the local emulator: http://127.0.0.1:4010/v1)',
      required: true,
    },
    api_token: {
      type: 'string',
      title: 'API token',
      description: 'An API token from the Tracker web console',
      sensitive: true,
      required: true,
    },
    read_only: {
      type: 'boolean',
      title: 'Read only',
      description: 'Offer only the tools that change nothing',
      default: false,
      required: false,
    },
  },
  tools: toolDefinitions.map((tool) => ({ name: tool.name, description: tool.description })),
  compatibility: { runtimes: { node: pkg.engines.node } },
  keywords: ['tracker', 'monitoring', 'signals'],
};
writeFileSync(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
copyFileSync(join(packageDir, 'LICENSE'), join(staging, 'LICENSE'));

const mcpb = join(packageDir, 'node_modules', '.bin', 'mcpb');
execFileSync(mcpb, ['validate', join(staging, 'manifest.json')], { stdio: ['ignore', 'ignore', 'inherit'] });
mkdirSync(out, { recursive: true });
const bundle = join(out, `trackerkit-mcp-${pkg.version}.mcpb`);
execFileSync(mcpb, ['pack', staging, bundle], { stdio: ['ignore', 'ignore', 'inherit'] });
process.stdout.write(`${bundle}\n`);
