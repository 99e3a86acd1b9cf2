// The commands' shared conventions: one-line failures with exit 2 for usage, the ready line, a
// package manager's `--` and the service base-URL rule. The process half is in packages/process.
import { once } from 'node:events';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { commandArgs, failureLine, portFromFlag, readyLine, UsageError } from '../../src/cli/index.ts';
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
