// trackerkit-webhooks refuses every bad option before it serves or opens a store: one line on
// stderr naming the option and what is wrong with the value, exit code 2, nothing on stdout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { type BadOption, bad, describeBadOptions, runNode } from '../../../../tests/helpers/bad-options.ts';
import { compileCacheIn } from '../../../../tests/helpers/compile-cache.ts';
import { SECRET } from '../helpers/alerts.ts';
import { writeServeConfig } from '../helpers/spawn-receiver.ts';

const BIN = join(import.meta.dirname, '../../src/bin.ts');
const dir = mkdtempSync(join(tmpdir(), 'tk-webhooks-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = writeServeConfig(dir, 'OPTIONS_TEST_SECRET');

const run = (argv: string[]) =>
  runNode(['--conditions=trackerkit-source', BIN, ...argv], {
    env: { PATH: process.env.PATH ?? '', OPTIONS_TEST_SECRET: SECRET, ...compileCacheIn(dir) },
  });
const serve = (...args: string[]) => ['serve', '--config', config, ...args];

const cases: BadOption[] = [
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

describeBadOptions('trackerkit-webhooks', cases, run);
