// trackerkit-emulator refuses every bad option before it listens: one line on stderr naming the
// option (or variable) and what is wrong with the value, exit code 2, nothing on stdout.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import {
  type BadOption,
  bad,
  describeBadOptions,
  expectRefusal,
  runNode,
} from '../../../../tests/helpers/bad-options.ts';

const BIN = join(import.meta.dirname, '../../src/bin.ts');
const dir = mkdtempSync(join(tmpdir(), 'tk-emulator-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'not a directory');
const readOnly = join(dir, 'read-only');
mkdirSync(readOnly, { mode: 0o500 });
// root may write anywhere: the read-only directory is a case only for other users.
const root = process.getuid?.() === 0;

const run = (argv: string[], env: Record<string, string> = {}) =>
  runNode(['--conditions=trackerkit-source', BIN, ...argv], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
const SMTP = 'must be a URL starting with smtp:// or smtps://, such as smtp://127.0.0.1:2525';

const cases: BadOption[] = [
  [
    'a port out of range',
    bad(['--port', '70000'], /--port must be a port number from 0 to 65535, got "70000"/),
  ],
  ['a negative port', bad(['--port', '-1'], /--port must be a port number from 0 to 65535, got "-1"/)],
  ['a port that is not a number', bad(['--port', 'http'], /--port must be a port number .*, got "http"/)],
  ['an unknown flag', bad(['--prot', '1'], /unknown option --prot/)],
  ['a flag without its value', bad(['--port'], /--port needs a value/)],
  [
    'a flag followed by another flag',
    bad(['--data', '--clock', 'real'], /--data needs a value \(--clock is an option\)/),
  ],
  ['a value given to a switch', bad(['--validate-responses=yes'], /--validate-responses takes no value/)],
  ['an argument it does not take', bad(['serve'], /unexpected argument serve/)],
  [
    'an SMTP URL that is not a URL',
    bad(['--smtp-url', 'notaurl'], new RegExp(`--smtp-url \\(smtpUrl\\) ${SMTP}, got "notaurl"`)),
  ],
  [
    'an SMTP URL of another scheme',
    bad(
      ['--smtp-url', 'http://127.0.0.1:25'],
      /--smtp-url \(smtpUrl\) must be a URL starting with smtp:\/\//,
    ),
  ],
  [
    'an SMTP URL from the environment',
    bad([], new RegExp(`TRACKER_EMULATOR_SMTP_URL ${SMTP}, got "notaurl"`), {
      TRACKER_EMULATOR_SMTP_URL: 'notaurl',
    }),
  ],
  [
    'a proxy base URL that is not a URL',
    bad(['--proxy-to', 'notaurl'], /--proxy-to \(proxyTo\) must be a base URL .*got "notaurl"/),
  ],
  [
    'a data file in a directory that does not exist',
    bad(
      ['--data', join(dir, 'missing', 'x.db')],
      /--data \(data\) \S+missing\/x\.db: its directory \S+missing does not exist/,
    ),
  ],
  [
    'a data file under a file',
    bad(['--data', join(aFile, 'x.db')], /--data \(data\) \S+a-file\/x\.db: \S+a-file is not a directory/),
  ],
  [
    'a data path that is a directory',
    bad(['--data', dir], /--data \(data\) \S+: is a directory; give the path of a file/),
  ],
  [
    'a fixtures file that is not there',
    bad(['--fixtures', join(dir, 'none.yaml')], /--fixtures \(fixtures\) \S+none\.yaml: no such file/),
  ],
  [
    'a recording in a directory that does not exist',
    bad(
      ['--proxy-to', 'http://127.0.0.1:9/v1', '--record', join(dir, 'missing', 'r.jsonl')],
      /--record \S+r\.jsonl: ENOENT/,
    ),
  ],
  ['an unknown clock', bad(['--clock', 'fast'], /--clock must be one of real, manual, got "fast"/)],
  [
    'an unknown match rule',
    bad(
      ['--signal-level-match', 'near'],
      /--signal-level-match must be one of at-or-below, exact, got "near"/,
    ),
  ],
  [
    'an unknown on/off value',
    bad(['--resolve-events', 'yes'], /--resolve-events must be one of on, off, got "yes"/),
  ],
  ['an empty host', bad(['--host', ''], /--host must be a host name or an IP address to listen on, got ""/)],
  [
    'an address that is not one',
    bad(['--host', '999.1.1.1'], /--host must be a host name or an IP address .*, got "999\.1\.1\.1"/),
  ],
  [
    'a negative journal size',
    bad(['--journal-size', '-5'], /--journal-size must be a non-negative number, got "-5"/),
  ],
  [
    'a fractional journal size',
    bad(['--journal-size', '1.5'], /--journal-size must be a whole number, got "1\.5"/),
  ],
];

describeBadOptions('trackerkit-emulator', cases, run);

describe('trackerkit-emulator: a data file it may not write', () => {
  it.skipIf(root)('a data file in a directory this user may not write', async () => {
    expectRefusal(
      await run(['--data', join(readOnly, 'x.db')]),
      'trackerkit-emulator',
      /--data \(data\) \S+x\.db: its directory \S+read-only may not be written by this user/,
    );
    chmodSync(readOnly, 0o700);
  });
});
