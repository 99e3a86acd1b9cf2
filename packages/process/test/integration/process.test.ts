// How a command lives as a process: the signal drain, the launcher watch's rules and the SQLite
// warning filter (in a real process: Node's own warning printer is the listener that must stay).
import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { launcherPids, type ProcessInfo, parseProcStat, stopOnSignals } from '../../src/index.ts';

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
        `${quiet ? "import { quietSqliteWarning } from './packages/process/src/quiet-sqlite-warning.ts'; quietSqliteWarning(process);" : ''}
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
