import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_VERSION } from '../../src/index.ts';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const serverJson = JSON.parse(readFileSync(new URL('server.json', root), 'utf8'));

describe('package metadata', () => {
  it('reports the package version', () => {
    expect(SERVER_VERSION).toBe(pkg.version);
  });

  it('publishes a bin with a shebang; the workspace runs the source through its own', () => {
    expect(pkg.publishConfig.bin['trackerkit-mcp']).toBe('./dist/bin.js');
    expect(readFileSync(new URL('src/bin.ts', root), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const workspaceBin = readFileSync(new URL(pkg.bin['trackerkit-mcp'], root), 'utf8');
    expect(workspaceBin.startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('the container recipe installs this version of the published package and runs its bin over HTTP', () => {
    const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8');
    expect(dockerfile).toMatch(new RegExp(`^ARG VERSION=${pkg.version.replaceAll('.', '\\.')}$`, 'm'));
    expect(dockerfile).toContain(`"${pkg.name}@\${VERSION}"`);
    const entrypoint = /^ENTRYPOINT (.+)$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(entrypoint ?? '[]')).toEqual([
      'trackerkit-mcp',
      '--http',
      '--host',
      '0.0.0.0',
      '--port',
      '3100',
    ]);
    expect(Object.keys(pkg.publishConfig.bin)).toContain('trackerkit-mcp');
  });

  it('server.json describes the same package for the MCP registry', () => {
    expect(serverJson.name).toBe(pkg.mcpName);
    expect(serverJson.version).toBe(pkg.version);
    expect(serverJson.packages[0]).toMatchObject({
      registryType: 'npm',
      identifier: pkg.name,
      version: pkg.version,
    });
    const env = serverJson.packages[0].environmentVariables.map((v: { name: string }) => v.name);
    expect(env).toEqual(expect.arrayContaining(['TRACKER_API_URL', 'TRACKER_API_TOKEN']));
  });
});
