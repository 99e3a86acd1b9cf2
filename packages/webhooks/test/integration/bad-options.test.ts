// trackerkit-webhooks refuses every bad option before it serves or opens a store: one line on
// stderr naming the option and what is wrong with the value, exit code 2, nothing on stdout.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { compileCacheIn } from '../../../../tests/helpers/compile-cache.ts';
import { SECRET } from '../helpers/alerts.ts';

const BIN = join(import.meta.dirname, '../../src/bin.ts');
const dir = mkdtempSync(join(tmpdir(), 'tk-webhooks-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = join(dir, 'receiver.json');
writeFileSync(
  config,
  JSON.stringify({
    storage: { path: join(dir, 'store.db') },
    sources: [{ name: 'tracker', path: '/hooks/tracker', secret: { env: 'OPTIONS_TEST_SECRET' } }],
    destinations: [{ name: 'sink', type: 'file', path: join(dir, 'sink.jsonl') }],
    route: { destination: 'sink' },
  }),
);

async function run(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--conditions=trackerkit-source', BIN, ...args],
      { env: { PATH: process.env.PATH ?? '', OPTIONS_TEST_SECRET: SECRET, ...compileCacheIn(dir) } },
    );
    return { exit: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { exit: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

type Case = [string, { given: string[]; want: { exit: 2; stderr: RegExp } }];
const bad = (given: string[], stderr: RegExp): Case[1] => ({ given, want: { exit: 2, stderr } });
const serve = (...args: string[]) => ['serve', '--config', config, ...args];

const cases: Case[] = [
  [
    'a port out of range',
    bad(serve('--port', '70000'), /--port must be a port number from 0 to 65535, got "70000"/),
  ],
  ['a negative port', bad(serve('--port', '-1'), /--port must be a port number from 0 to 65535, got "-1"/)],
  [
    'a port that is not a number',
    bad(serve('--port', 'http'), /--port must be a port number .*, got "http"/),
  ],
  ['an unknown flag', bad(serve('--prot', '1'), /unknown option --prot/)],
  ['a flag without its value', bad(['serve', '--config'], /--config needs a value/)],
  [
    'a flag followed by another flag',
    bad(['serve', '--config', '--port', '0'], /--config needs a value \(--port is an option\)/),
  ],
  [
    'a value given to a switch',
    bad(['dead-letters', 'replay', '--all=yes', '--db', join(dir, 'store.db')], /--all takes no value/),
  ],
  [
    'a configuration file that is not there',
    bad(['serve', '--config', join(dir, 'none.yaml')], /--config \S+none\.yaml: no such file/),
  ],
  [
    'a configuration path that is a directory',
    bad(['check', '--config', dir], /--config \S+: is not a file/),
  ],
  [
    'a store that is not there',
    bad(
      ['dead-letters', 'list', '--db', join(dir, 'typo.db')],
      /no store at \S+typo\.db \(check --db or storage\.path\)/,
    ),
  ],
  [
    'a shutdown grace that is not a duration',
    bad(serve('--shutdown-grace', 'soon'), /--shutdown-grace must be a duration such as 500ms, 5s or 1m/),
  ],
  ['an unknown command', bad(['start'], /unknown command start/)],
  [
    'an empty host',
    bad(serve('--host', ''), /--host must be a host name or an IP address to listen on, got ""/),
  ],
  [
    'an address that is not one',
    bad(serve('--host', '999.1.1.1'), /--host must be a host name or an IP address .*, got "999\.1\.1\.1"/),
  ],
];

describe('trackerkit-webhooks: bad options', () => {
  it.each(cases)('%s: names the option and the problem, exit 2', async (_name, { given, want }) => {
    const result = await run(given);
    expect(result.exit).toBe(want.exit);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(want.stderr);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/\(see trackerkit-webhooks --help\)\n$/);
  });
});
