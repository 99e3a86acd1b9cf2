// The `trackerkit-webhooks` process, as an operator or a supervisor sees it: the commands' one
// convention (--help/--version on stdout, one-line usage errors with exit 2, one JSON ready line on
// stdout, a drain on SIGTERM/SIGINT) and no SQLite warning on stderr.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { expectRefusal, runNode } from '../../../../tests/helpers/bad-options.ts';
import { compileCacheIn } from '../../../../tests/helpers/compile-cache.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';
import { writeServeConfig } from '../helpers/spawn-receiver.ts';

const BIN = join(import.meta.dirname, '../../src/bin.ts');
const NODE = [process.execPath, '--conditions=trackerkit-source'] as const;
const dir = mkdtempSync(join(tmpdir(), 'tk-webhooks-bin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = writeServeConfig(dir, 'BIN_TEST_SECRET');
const env = { ...process.env, BIN_TEST_SECRET: SECRET, ...compileCacheIn(dir) };

const run = (args: string[]) => runNode([NODE[1], BIN, ...args], { env });

function serve(
  args: string[],
): Promise<{ child: ChildProcess; ready: Record<string, unknown>; stderr: () => string }> {
  const child = spawn(NODE[0], [NODE[1], BIN, 'serve', '--config', config, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`receiver exited ${code}: ${stderr}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) =>
      resolve({ child, ready: JSON.parse(line) as Record<string, unknown>, stderr: () => stderr }),
    );
  });
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

describe('trackerkit-webhooks bin', () => {
  it('--help and --version print on stdout and exit 0', async () => {
    const help = await run(['--help']);
    expect(help).toMatchObject({ exit: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage:\n {2}trackerkit-webhooks serve --config FILE/);
    const version = await run(['--version']);
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8'));
    expect(version).toEqual({ exit: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it.each([
    ['an unknown flag', ['serve', '--config', config, '--prot', '1'], /unknown option --prot/],
    ['a port out of range', ['serve', '--config', config, '--port', '70000'], /--port must be a port number/],
    ['no command', [], /a command is required/],
    ['an unknown command', ['start'], /unknown command start/],
    ['serve without a configuration', ['serve'], /serve needs --config FILE/],
  ])('%s is one line on stderr and exit 2', async (_name, args, want) => {
    const result = await run(args);
    expectRefusal(result, 'trackerkit-webhooks', want);
    expect(result.stderr).toMatch(/^trackerkit-webhooks: /);
  });

  it('a port already taken is one line and exit 2, not a stack trace', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const result = await run(['serve', '--config', config, '--port', String(port)]);
    taken.close();
    expect(result.exit).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^trackerkit-webhooks: 127\\.0\\.0\\.1:${port} is already in use`),
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('announces one ready line on stdout, prints no SQLite warning, and drains on SIGTERM', async () => {
    const { child, ready, stderr } = await serve(['--port', '0']);
    expect(Object.keys(ready)).toEqual(['event', 'name', 'url', 'sources']);
    expect(ready).toMatchObject({ event: 'ready', name: 'trackerkit-webhooks' });
    const source = (ready.sources as Record<string, string>).tracker!;
    expect(source).toBe(new URL('/hooks/tracker', String(ready.url)).href);
    const alert = signedRequest(exampleAlert());
    expect((await fetch(source, { method: 'POST', headers: alert.headers, body: alert.body })).status).toBe(
      200,
    );
    const end = exited(child);
    child.kill('SIGTERM');
    expect(await end).toEqual({ code: 0, signal: null });
    expect(stderr()).not.toMatch(/ExperimentalWarning|SQLite/);
  });

  it('SIGINT drains the same way', async () => {
    const { child } = await serve(['--port', '0']);
    const end = exited(child);
    child.kill('SIGINT');
    expect(await end).toEqual({ code: 0, signal: null });
  });
});
