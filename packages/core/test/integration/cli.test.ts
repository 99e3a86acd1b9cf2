// The commands' shared conventions: one-line failures with exit 2 for usage, the ready line, the
// signal drain, the SQLite warning filter and the service base-URL rule.
import { spawnSync } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  commandArgs,
  failureLine,
  launcherPids,
  type ProcessInfo,
  parseProcStat,
  portFromFlag,
  readyLine,
  stopOnSignals,
  UsageError,
} from '../../src/cli/index.ts';
import { isServiceBaseUrl } from '../../src/index.ts';

describe('failureLine', () => {
  it('names an unknown flag in one line, exit 2', () => {
    let error: unknown;
    try {
      parseArgs({ args: ['--nope'], options: { port: { type: 'string' } } });
    } catch (e) {
      error = e;
    }
    expect(failureLine('trackerkit-emulator', error)).toEqual({
      line: 'trackerkit-emulator: unknown option --nope (see trackerkit-emulator --help)',
      exitCode: 2,
    });
  });

  it('says a port is taken in one line, exit 2', async () => {
    const first = createServer().listen(0, '127.0.0.1');
    await once(first, 'listening');
    const port = (first.address() as { port: number }).port;
    const second = createServer().listen(port, '127.0.0.1');
    const [error] = await once(second, 'error');
    first.close();
    expect(failureLine('trackerkit', error)).toEqual({
      line: `trackerkit: 127.0.0.1:${port} is already in use; choose another port`,
      exitCode: 2,
    });
  });

  it('keeps other failures to their first line, exit 1', () => {
    const { line, exitCode } = failureLine('trackerkit-webhooks', new Error('database is locked\n  at x'));
    expect({ line, exitCode }).toEqual({ line: 'trackerkit-webhooks: database is locked', exitCode: 1 });
  });

  it('a UsageError is exit 2 and points at --help', () => {
    expect(failureLine('trackerkit', new UsageError('--token must start with qapi_'))).toEqual({
      line: 'trackerkit: --token must start with qapi_ (see trackerkit --help)',
      exitCode: 2,
    });
  });
});

describe('portFromFlag', () => {
  it.each(['0', '4010', '65535'])('accepts %s', (raw) => expect(portFromFlag('port', raw)).toBe(Number(raw)));
  it.each(['', 'abc', '-1', '65536', '1.5'])('refuses "%s" naming the flag', (raw) => {
    expect(() => portFromFlag('mcp-port', raw)).toThrow(
      new UsageError(`--mcp-port must be a port number from 0 to 65535, got "${raw}"`),
    );
  });
});

describe('readyLine', () => {
  it('is one JSON line: event, name, url, then the rest', () => {
    const line = readyLine({ name: 'trackerkit-emulator', url: 'http://127.0.0.1:1/v1', token: 't' });
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trimEnd()).not.toContain('\n');
    expect(Object.entries(JSON.parse(line))).toEqual([
      ['event', 'ready'],
      ['name', 'trackerkit-emulator'],
      ['url', 'http://127.0.0.1:1/v1'],
      ['token', 't'],
    ]);
  });
});

describe('stopOnSignals', () => {
  const io = () => {
    const emitter = new EventEmitter();
    const exits: number[] = [];
    return {
      emitter,
      exits,
      io: { on: emitter.on.bind(emitter), exit: (code: number) => void exits.push(code) },
    };
  };

  it('drains on the first signal, then exits 0', async () => {
    const { emitter, exits, io: signals } = io();
    let release = () => {};
    const drained = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reasons: string[] = [];
    stopOnSignals(signals, async (reason) => {
      reasons.push(reason);
      await drained;
    });
    emitter.emit('SIGTERM');
    await Promise.resolve();
    expect(exits).toEqual([]);
    release();
    await drained;
    await new Promise((resolve) => setImmediate(resolve));
    expect({ reasons, exits }).toEqual({ reasons: ['SIGTERM'], exits: [0] });
  });

  it('exits at once on a second signal', () => {
    const { emitter, exits, io: signals } = io();
    stopOnSignals(signals, () => new Promise(() => {}));
    emitter.emit('SIGINT');
    emitter.emit('SIGINT');
    expect(exits).toEqual([130]);
  });

  it('exits 1 when the drain fails, and says why', async () => {
    const { emitter, exits, io: signals } = io();
    const errors: unknown[] = [];
    stopOnSignals(
      signals,
      async () => {
        throw new Error('close failed');
      },
      (error) => errors.push(error),
    );
    emitter.emit('SIGTERM');
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([1]);
    expect(String(errors[0])).toContain('close failed');
  });
});

describe('quietSqliteWarning', () => {
  // In a real process: Node's own warning printer is the listener that must stay for the others.
  const run = (quiet: boolean) =>
    spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `${quiet ? "import { quietSqliteWarning } from './packages/core/src/cli/quiet-sqlite-warning.ts'; quietSqliteWarning(process);" : ''}
process.emitWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning');
process.emitWarning('something else', 'DeprecationWarning');`,
      ],
      { encoding: 'utf8' },
    ).stderr;

  it('drops the SQLite warning and prints the others', () => {
    expect(run(false)).toContain('SQLite is an experimental feature');
    const stderr = run(true);
    expect(stderr).not.toContain('SQLite');
    expect(stderr).toContain('DeprecationWarning: something else');
  });
});

describe('isServiceBaseUrl', () => {
  it.each<[string, { given: unknown; want: boolean }]>([
    ['with /v1', { given: 'http://127.0.0.1:4010/v1', want: true }],
    ['with /v1/', { given: 'https://api.example.com/v1/', want: true }],
    ['behind a prefix', { given: 'https://example.com/tracker/v1', want: true }],
    ['an origin only', { given: 'http://127.0.0.1:4010', want: false }],
    ['the wrong version', { given: 'http://127.0.0.1:4010/v2', want: false }],
    ['v1 not last', { given: 'http://127.0.0.1:4010/v1/spaces', want: false }],
    ['not http', { given: 'ftp://example.com/v1', want: false }],
    ['relative', { given: '/v1', want: false }],
    ['not a string', { given: undefined, want: false }],
  ])('%s', (_name, { given, want }) => expect(isServiceBaseUrl(given)).toBe(want));
});

describe('commandArgs', () => {
  it.each([
    ['npm: the separator is gone already', { given: ['node', 'x.ts', '--help'], want: ['--help'] }],
    [
      'pnpm 10: a leading separator is dropped',
      { given: ['node', 'x.ts', '--', '--help'], want: ['--help'] },
    ],
    ['only the leading one', { given: ['node', 'x.ts', '--', '--', 'a'], want: ['--', 'a'] }],
    ['a later one is an argument', { given: ['node', 'x.ts', '-p', '--', 'a'], want: ['-p', '--', 'a'] }],
    ['none', { given: ['node', 'x.ts'], want: [] }],
  ])('%s', (_name, { given, want }) => expect(commandArgs(given)).toEqual(want));
});

describe('launcherPids', () => {
  const PM = { npm_lifecycle_event: 'start' };
  const table: Record<number, ProcessInfo> = {
    10: { comm: 'sh', ppid: 9 },
    11: { comm: 'node', ppid: 9 },
    12: { comm: 'sh', ppid: 1 },
  };
  it.each([
    ['pnpm → sh -c → us: the shell and pnpm', { given: { ppid: 10, env: PM }, want: [10, 9] }],
    ['npx → us: the parent alone', { given: { ppid: 11, env: PM }, want: [11] }],
    ['a shell whose parent is init: the shell alone', { given: { ppid: 12, env: PM }, want: [12] }],
    ['no /proc: the parent alone', { given: { ppid: 99, env: PM }, want: [99] }],
    ['re-parented to init already: none', { given: { ppid: 1, env: PM }, want: [] }],
    ['not under a package manager (nohup from a shell): none', { given: { ppid: 10, env: {} }, want: [] }],
    [
      'pnpm exec sets npm_execpath',
      { given: { ppid: 10, env: { npm_execpath: '/x/pnpm.cjs' } }, want: [10, 9] },
    ],
  ])('%s', (_name, { given, want }) =>
    expect(launcherPids(given.ppid, (pid) => table[pid], given.env)).toEqual(want),
  );

  it('parseProcStat reads the parent past a command name with spaces and parentheses', () => {
    expect(parseProcStat('4242 (my (odd) name) S 4100 4242 4100 0 -1')).toEqual({
      comm: 'my (odd) name',
      ppid: 4100,
    });
    expect(parseProcStat('garbage')).toBeUndefined();
  });
});
