// trackerkit-mcp refuses every bad option before it serves: one line on stderr naming the option
// (or variable) and what is wrong with the value, exit code 2, nothing on stdout. No case gets as
// far as a request: the service address is never called.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { type BadOption, bad, describeBadOptions, runNode } from '../../../../tests/helpers/bad-options.ts';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tk-mcp-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'not a directory');
const TOKEN_KEY = Buffer.alloc(32, 1).toString('base64');

const run = (argv: string[], env: Record<string, string>) =>
  runNode(['--conditions=trackerkit-source', 'src/bin.ts', ...argv], {
    cwd: packageDir,
    env: {
      PATH: process.env.PATH ?? '',
      TRACKER_API_URL: 'http://127.0.0.1:9/v1',
      TRACKER_API_TOKEN: 'qapi_unused',
      ...env,
    },
  });

const cases: BadOption[] = [
  [
    'a port out of range',
    bad(['--http', '--port', '65536'], /--port must be a port number from 0 to 65535, got "65536"/),
  ],
  [
    'a negative port',
    bad(['--http', '--port', '-1'], /--port must be a port number from 0 to 65535, got "-1"/),
  ],
  [
    'a port that is not a number',
    bad(['--http', '--port', 'eighty'], /--port must be a port number .*, got "eighty"/),
  ],
  ['an unknown flag', bad(['--htp'], /unknown option --htp/)],
  ['a flag without its value', bad(['--http', '--port'], /--port needs a value/)],
  [
    'a flag followed by another flag',
    bad(['--api-token', '--http'], /--api-token needs a value \(--http is an option\)/),
  ],
  ['a value given to a switch', bad(['--http=yes'], /--http takes no value/)],
  ['an argument it does not take', bad(['serve'], /unexpected argument serve/)],
  [
    'a service URL that is not one',
    bad(['--api-url', 'notaurl'], /--api-url must be an absolute URL ending in \/v1, got "notaurl"/),
  ],
  [
    'a public URL that is not one',
    bad(
      ['--http', '--port', '0', '--public-url', 'notaurl'],
      /--public-url must be a URL starting with https:\/\/ or http:\/\/.*got "notaurl"/,
    ),
  ],
  [
    'an issuer that is not a URL',
    bad(
      ['--http', '--port', '0', '--oauth-issuer', 'notaurl', '--user-store', ':memory:'],
      /--oauth-issuer: not a URL: "notaurl"/,
      {
        TRACKERKIT_MCP_TOKEN_KEY: TOKEN_KEY,
      },
    ),
  ],
  [
    'a database URL of another kind',
    bad(
      ['--http', '--oauth-issuer', 'http://127.0.0.1:9', '--database-url', 'mysql://db'],
      /--database-url: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ),
  ],
  [
    'a files root that does not exist',
    bad(
      ['--files-root', join(dir, 'missing')],
      /files root \S+missing \(--files-root or TRACKERKIT_MCP_FILES_ROOTS\) does not exist/,
    ),
  ],
  [
    'a files root that is a file',
    bad(
      ['--files-root', aFile],
      /files root \S+a-file \(--files-root or TRACKERKIT_MCP_FILES_ROOTS\) is not a directory/,
    ),
  ],
  [
    'files roots from the environment that do not exist',
    bad([], /files root \S+missing \(--files-root or TRACKERKIT_MCP_FILES_ROOTS\) does not exist/, {
      TRACKERKIT_MCP_FILES_ROOTS: join(dir, 'missing'),
    }),
  ],
  [
    'a user store under a file',
    bad(
      [
        '--http',
        '--port',
        '0',
        '--oauth-issuer',
        'http://127.0.0.1:9',
        '--user-store',
        join(aFile, 'users.db'),
      ],
      /--user-store \S+a-file\/users\.db: /,
      { TRACKERKIT_MCP_TOKEN_KEY: TOKEN_KEY },
    ),
  ],
  [
    'a user store that is a directory',
    bad(
      ['--http', '--port', '0', '--oauth-issuer', 'http://127.0.0.1:9', '--user-store', dir],
      /--user-store \S+: unable to open database file/,
      {
        TRACKERKIT_MCP_TOKEN_KEY: TOKEN_KEY,
      },
    ),
  ],
  ['an unknown toolset', bad(['--toolsets', 'runs,files'], /--toolsets: unknown toolset "files"/)],
  [
    'a read-only setting that is not a boolean',
    bad([], /TRACKERKIT_MCP_READ_ONLY.*is not a boolean/, { TRACKERKIT_MCP_READ_ONLY: 'yes' }),
  ],
  [
    'a request limit below one',
    bad(['--http', '--max-requests', '0'], /--max-requests: must be an integer >= 1, got "0"/),
  ],
  [
    'an empty host',
    bad(['--http', '--host', ''], /--host must be a host name or an IP address to listen on, got ""/),
  ],
  [
    'an address that is not one',
    bad(
      ['--http', '--host', '999.1.1.1'],
      /--host must be a host name or an IP address .*, got "999\.1\.1\.1"/,
    ),
  ],
];

describeBadOptions('trackerkit-mcp', cases, run);
