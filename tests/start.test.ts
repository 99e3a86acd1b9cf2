// The README's main command: `pnpm start` brings up the emulator, the MCP server and the receiver,
// prints where they are, and a person sees the demo's alert arrive on stdout. Stopped any way a
// person or a supervisor stops it, it leaves no process and no port behind.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTrackerClient } from '@trackerkit/client';
import { afterAll, describe, expect, it } from 'vitest';
import { FREE_PORTS, root, SCRIPT } from './helpers/pnpm-start.ts';
import { waitUntil } from './helpers/wait-until.ts';

interface ReadyLine {
  event: string;
  name: string;
  url: string;
  base_url: string;
  token: string;
  space_id: string;
  mcp_url: string;
  mcp_token: string;
  webhook_url: string;
}

const dir = mkdtempSync(join(tmpdir(), 'tk-start-'));
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts `command args` and resolves with its ready line and a reader of its next stdout lines.
 * `detached`: in a process group of its own, as a terminal's foreground job is.
 */
async function start(command: string, args: string[], detached = false) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
    detached,
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, unknown>> => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error(`pnpm start ended early:\n${stderr}`);
      // pnpm prints its own banner lines before the script's output.
      if (value.startsWith('{')) return JSON.parse(value) as Record<string, unknown>;
    }
  };
  const ready = (await next()) as unknown as ReadyLine;
  return { child, ready, next, stderr: () => stderr };
}

/** Each service port of a ready line answers no more. */
async function expectPortsFree(ready: Partial<ReadyLine>): Promise<void> {
  const urls = [ready.base_url, ready.mcp_url, ready.webhook_url].filter((url) => url !== undefined);
  for (const url of urls) {
    const port = Number(new URL(url).port);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    expect(refused, `port ${port} of ${url} still answers`).toBe(true);
  }
}

/** Every process below `pid` now (pnpm's `sh -c` and node under pnpm). */
async function descendants(pid: number): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ps', ['-eo', 'pid=,ppid=']);
  const pairs = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  for (let frontier = [pid]; frontier.length > 0; ) {
    const next = pairs.filter(([, ppid]) => frontier.includes(ppid)).map(([child]) => child);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/** Ports free and every process gone (or a zombie waiting for a reaper) within 15 s. */
async function expectAllGone(ready: Partial<ReadyLine>, pids: number[]): Promise<void> {
  const until = Date.now() + 15_000;
  const portsFree = () =>
    expectPortsFree(ready).then(
      () => true,
      () => false,
    );
  const freed = await waitUntil(portsFree, { timeout: 15_000, interval: 200 }).catch(() => false);
  if (!freed) await expectPortsFree(ready); // its error names the port still taken
  await waitUntil(async () => (await running(pids)).length === 0, {
    timeout: Math.max(0, until - Date.now()),
    interval: 200,
  }).catch(() => {}); // the assertion below names those still running
  expect(await running(pids)).toEqual([]);
}

/** The temporary receiver store of each of `pids` (trackerkit-start-PID.db and its companions). */
const storesOf = (pids: number[]) =>
  readdirSync(tmpdir()).filter((name) => pids.some((pid) => name.startsWith(`trackerkit-start-${pid}.`)));

/** Those of `pids` still running (not exited, not a zombie). */
async function running(pids: number[]): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ps', ['-eo', 'pid=,stat=']);
  const states = new Map(
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [pid, stat] = line.trim().split(/\s+/);
        return [Number(pid), stat ?? ''] as const;
      }),
  );
  return pids.filter((pid) => states.has(pid) && !states.get(pid)!.startsWith('Z'));
}

const stopped = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit');

describe('pnpm start', () => {
  it('starts the local stack, prints how to reach it and shows the demo alert', async () => {
    const { child, ready, next, stderr } = await start(process.execPath, [...SCRIPT, ...FREE_PORTS]);
    expect(ready).toMatchObject({
      event: 'ready',
      name: 'trackerkit',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/_emulator$/),
      base_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1$/),
    });
    expect(ready.token).toMatch(/^qapi_/);

    const alert = await next();
    expect(alert.event).toMatchObject({
      type: 'tracker.alert',
      data: { tracker_name: 'Demo: supplier risk', score: 2, bound: 'lower' },
    });
    expect(stderr()).toContain(ready.mcp_url);
    expect(stderr()).toContain('claude mcp add');

    // The printed console URL is a page: what runs, where, and the tokens.
    const page = await fetch(ready.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const text = await page.text();
    for (const shown of [ready.base_url, ready.token, ready.mcp_url, ready.mcp_token, ready.webhook_url]) {
      expect(text).toContain(shown);
    }
    // The receiver's pages are a link to follow, not text to copy.
    const receiverUi = `${new URL(ready.webhook_url).origin}/ui`;
    expect(text).toContain(`<a href="${receiverUi}">`);
    expect((await fetch(receiverUi)).status).toBe(200);

    // The printed MCP URL serves the tracker tools against the same emulator.
    const mcp = new Client({ name: 'start-test', version: '0.0.0' });
    // With the printed token: the MCP server requires one on every interface.
    const requestInit = { headers: { authorization: `Bearer ${ready.mcp_token}` } };
    await mcp.connect(new StreamableHTTPClientTransport(new URL(ready.mcp_url), { requestInit }));
    const spaces = await mcp.callTool({ name: 'list_spaces', arguments: {} });
    expect(JSON.stringify(spaces.structuredContent)).toContain(ready.space_id);
    await mcp.close();

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    await expectPortsFree(ready);
  });

  it('--help prints the options on stdout; a bad flag is one line and exit 2', async () => {
    const run = promisify(execFile);
    const help = await run(process.execPath, [...SCRIPT, '--help'], { cwd: root });
    expect(help.stdout).toMatch(/^Usage: pnpm start/);
    expect(help.stdout).toContain('--token TOKEN');
    for (const [args, want] of [
      [['--bogus'], /^pnpm start: unknown option --bogus \(see pnpm start --help\)\n$/],
      [['--mcp-port=http'], /^pnpm start: --mcp-port must be a port number/],
    ] as const) {
      const failed = await run(process.execPath, [...SCRIPT, ...args], { cwd: root }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed).toMatchObject({ code: 2, stderr: expect.stringMatching(want) });
    }
  });

  it('--token fixes the tokens and --data keeps one demo tracker however often it starts', async () => {
    const data = join(dir, 'state.sqlite');
    const token = 'qapi_repeatable-demo-token-0001';
    for (let i = 0; i < 2; i++) {
      const { child, ready, next } = await start(process.execPath, [
        ...SCRIPT,
        ...FREE_PORTS,
        `--data=${data}`,
        `--token=${token}`,
      ]);
      expect(ready).toMatchObject({ token, mcp_token: token });
      await next(); // the demo's alert: the demo has run
      const client = createTrackerClient({ baseUrl: ready.base_url, token });
      const names: string[] = [];
      for await (const tracker of client.trackers.listAll({ space_id: ready.space_id }))
        names.push(tracker.name);
      expect(names.filter((name) => name === 'Demo: supplier risk')).toHaveLength(1);
      child.kill('SIGINT');
      await stopped(child);
    }
  });

  it('a port already taken: one line, exit 2, and nothing it started is left (ports, files)', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const child = spawn(
      process.execPath,
      [...SCRIPT, '--emulator-port=0', '--mcp-port=0', `--receiver-port=${port}`],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const [code] = await once(child, 'exit');
    taken.close();
    expect(code).toBe(2);
    expect(stderr).toMatch(new RegExp(`pnpm start: 127\\.0\\.0\\.1:${port} is already in use`));
    const leftovers = readdirSync(tmpdir()).filter((name) =>
      name.startsWith(`trackerkit-start-${child.pid}.`),
    );
    expect(leftovers).toEqual([]);
    expect(existsSync(join(tmpdir(), `trackerkit-start-${child.pid}.db`))).toBe(false);
  });

  it('the documented form `pnpm start -- OPTIONS` (pnpm 10 passes the `--` on)', async () => {
    const run = promisify(execFile);
    const help = await run('pnpm', ['start', '--', '--help'], { cwd: root });
    expect(help.stdout).toContain('Usage: pnpm start');
    const failed = await run('pnpm', ['-s', 'start', '--', '--bogus'], { cwd: root }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^pnpm start: unknown option --bogus \(see pnpm start --help\)\n/),
    });
  });

  it.each([
    ['SIGTERM to the pnpm process', 'SIGTERM'],
    ['SIGKILL to the pnpm process', 'SIGKILL'],
    ['SIGHUP to its process group (a closed terminal)', 'SIGHUP'],
    ['timeout(1) around pnpm', 'timeout'],
  ] as const)('%s leaves no process, no port and no file behind', async (_name, how) => {
    const pnpm = ['start', '--', '--no-demo', ...FREE_PORTS];
    const { child, ready } =
      how === 'timeout'
        ? await start('timeout', ['8', 'pnpm', ...pnpm])
        : await start('pnpm', pnpm, how === 'SIGHUP');
    const below = await descendants(child.pid!);
    expect(below.length).toBeGreaterThan(0);
    expect(storesOf(below).length).toBeGreaterThan(0);
    if (how === 'SIGHUP') process.kill(-child.pid!, 'SIGHUP');
    else if (how !== 'timeout') child.kill(how);
    await stopped(child);
    // The script's own process may take its drain to stop after pnpm has gone.
    await expectAllGone(ready, below);
    expect(storesOf(below)).toEqual([]);
  });
});

describe('pnpm emulator', () => {
  it.each(['SIGTERM', 'SIGKILL'] as const)(
    '%s to pnpm stops the emulator and frees its port',
    async (signal) => {
      const { child, ready } = await start('pnpm', ['-s', 'emulator', '--', '--port', '0']);
      expect(ready.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const below = await descendants(child.pid!);
      child.kill(signal);
      await stopped(child);
      await expectAllGone({ base_url: ready.base_url }, below);
    },
  );
});
