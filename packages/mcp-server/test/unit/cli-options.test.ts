import { describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_PORT, parseCliOptions } from '../../src/index.ts';

describe('parseCliOptions', () => {
  it.each([
    [
      'defaults: stdio, all tools, loopback',
      {
        argv: [],
        env: {},
        want: {
          http: false,
          readOnly: false,
          toolsets: undefined,
          host: '127.0.0.1',
          port: DEFAULT_HTTP_PORT,
        },
      },
    ],
    [
      'environment',
      {
        argv: [],
        env: {
          TRACKER_API_URL: 'http://x/v1',
          TRACKER_API_TOKEN: 'qapi_1',
          TRACKERKIT_MCP_READ_ONLY: '1',
          TRACKERKIT_MCP_TOOLSETS: 'runs,vault',
        },
        want: { baseUrl: 'http://x/v1', token: 'qapi_1', readOnly: true, toolsets: ['runs', 'vault'] },
      },
    ],
    [
      'flags win over the environment',
      {
        argv: ['--api-url', 'http://y/v1', '--toolsets=spaces'],
        env: { TRACKER_API_URL: 'http://x/v1', TRACKERKIT_MCP_TOOLSETS: 'vault' },
        want: { baseUrl: 'http://y/v1', toolsets: ['spaces'] },
      },
    ],
    [
      'http with port and token',
      {
        argv: ['--http', '--port', '0', '--host', '0.0.0.0', '--auth-token', 's3cret'],
        env: {},
        want: { http: true, port: 0, host: '0.0.0.0', authToken: 's3cret' },
      },
    ],
    ['read-only flag', { argv: ['--read-only'], env: {}, want: { readOnly: true } }],
    [
      'OAuth: issuer, public URL and store from the environment; default scopes left to the server',
      {
        argv: ['--http'],
        env: {
          TRACKERKIT_MCP_OAUTH_ISSUER: 'https://id.example',
          TRACKERKIT_MCP_PUBLIC_URL: 'https://mcp.example/mcp',
          TRACKERKIT_MCP_USER_STORE: '/data/users.db',
        },
        want: {
          oauthIssuer: 'https://id.example',
          publicUrl: 'https://mcp.example/mcp',
          userStore: '/data/users.db',
          readScope: undefined,
          writeScope: undefined,
        },
      },
    ],
    [
      'OAuth: the user store defaults to the data directory',
      {
        argv: [],
        env: { XDG_DATA_HOME: '/home/u/.data' },
        want: { userStore: '/home/u/.data/trackerkit/mcp-users.db' },
      },
    ],
    [
      'allowed hosts and origins',
      {
        argv: ['--allowed-hosts', 'mcp.local, box', '--allowed-origins', 'https://app.example'],
        env: {},
        want: { allowedHosts: ['mcp.local', 'box'], allowedOrigins: ['https://app.example'] },
      },
    ],
  ])('%s', (_name, { argv, env, want }) => {
    expect(parseCliOptions(argv, env)).toMatchObject(want);
  });

  it.each([
    [
      'unknown toolset',
      ['--toolsets', 'spaces,alerts'],
      /--toolsets: unknown toolset "alerts"; choose one or more of spaces, trackers, runs, vault/,
    ],
    ['an empty toolset list', ['--toolsets='], /--toolsets: names no toolset \(""\)/],
    ['a toolset list of commas', ['--toolsets', ',,'], /--toolsets: names no toolset \(",,"\)/],
    ['bad port', ['--port', 'http'], /--port must be a port number from 0 to 65535/],
    ['unknown flag', ['--bogus'], /bogus/],
    ['bad max requests', ['--max-requests', '0'], /--max-requests: must be an integer >= 1/],
    ['OAuth over stdio', ['--oauth-issuer', 'https://id.example'], /--oauth-issuer: needs --http/],
    [
      'a database URL without OAuth',
      ['--http', '--database-url', 'postgres://db/x'],
      /--database-url: only with --oauth-issuer/,
    ],
    [
      'a database URL that is not PostgreSQL',
      ['--http', '--oauth-issuer', 'https://id.example', '--database-url', 'mysql://db/x'],
      /--database-url: must be a postgres:\/\/ or postgresql:\/\/ URL, got "mysql:..."/,
    ],
    [
      'OAuth with a shared bearer token',
      ['--http', '--oauth-issuer', 'https://id.example', '--auth-token', 't'],
      /--auth-token: not with --oauth-issuer/,
    ],
  ])('rejects %s naming the flag', (_name, argv, want) => {
    expect(() => parseCliOptions(argv, {})).toThrow(want);
  });

  it.each([
    ['', undefined],
    ['  ', undefined],
  ])('TRACKERKIT_MCP_TOOLSETS=%j is unset: all toolsets', (value, want) => {
    expect(parseCliOptions([], { TRACKERKIT_MCP_TOOLSETS: value }).toolsets).toEqual(want);
  });

  it.each([[','], [' , ']])(
    'TRACKERKIT_MCP_TOOLSETS=%j is a start-up error naming the variable and the toolsets',
    (value) => {
      expect(() => parseCliOptions([], { TRACKERKIT_MCP_TOOLSETS: value })).toThrow(
        `TRACKERKIT_MCP_TOOLSETS: names no toolset (${JSON.stringify(value)}); choose one or more of spaces, trackers, runs, vault, separated by commas, or leave it out for all`,
      );
    },
  );

  it('the flag wins over an empty environment list', () => {
    expect(parseCliOptions(['--toolsets', 'runs'], { TRACKERKIT_MCP_TOOLSETS: ',' }).toolsets).toEqual([
      'runs',
    ]);
  });

  it.each([
    ['1', true],
    ['true', true],
    ['TRUE', true],
    ['0', false],
    ['false', false],
    ['', false],
    [undefined, false],
  ])('TRACKERKIT_MCP_READ_ONLY=%j reads as %s', (value, want) => {
    const env = value === undefined ? {} : { TRACKERKIT_MCP_READ_ONLY: value };
    expect(parseCliOptions([], env).readOnly).toBe(want);
  });

  it.each(['yes', 'on', 'y', 'enabled', '2'])(
    'TRACKERKIT_MCP_READ_ONLY=%s is a start-up error naming the variable and the accepted values',
    (value) => {
      expect(() => parseCliOptions([], { TRACKERKIT_MCP_READ_ONLY: value })).toThrow(
        `TRACKERKIT_MCP_READ_ONLY: "${value}" is not a boolean; accepted values are 1, true, 0, false`,
      );
    },
  );

  it('files roots come from repeated flags or the environment; none by default', () => {
    expect(parseCliOptions([], {}).filesRoots).toEqual([]);
    expect(parseCliOptions(['--files-root', '/a', '--files-root=/b'], {}).filesRoots).toEqual(['/a', '/b']);
    expect(parseCliOptions([], { TRACKERKIT_MCP_FILES_ROOTS: '/a:/b' }).filesRoots).toEqual(['/a', '/b']);
  });
});

describe('--max-upload-bytes', () => {
  it.each([
    ['the default: the service limit of one file', { argv: [], env: {}, want: 10_000_000 }],
    ['the flag', { argv: ['--max-upload-bytes', '2048'], env: {}, want: 2048 }],
    ['the environment', { argv: [], env: { TRACKERKIT_MCP_MAX_UPLOAD_BYTES: '4096' }, want: 4096 }],
    [
      'an empty variable is unset',
      { argv: [], env: { TRACKERKIT_MCP_MAX_UPLOAD_BYTES: '' }, want: 10_000_000 },
    ],
    [
      'the flag wins over the environment',
      { argv: ['--max-upload-bytes=1'], env: { TRACKERKIT_MCP_MAX_UPLOAD_BYTES: '4096' }, want: 1 },
    ],
  ])('%s', (_name, { argv, env, want }) => {
    expect(parseCliOptions(argv, env).maxUploadBytes).toBe(want);
  });

  it.each([
    ['0', ['--max-upload-bytes', '0'], {}, '--max-upload-bytes'],
    ['negative', ['--max-upload-bytes=-1'], {}, '--max-upload-bytes'],
    ['a fraction', ['--max-upload-bytes', '1.5'], {}, '--max-upload-bytes'],
    ['an exponent', ['--max-upload-bytes', '1e7'], {}, '--max-upload-bytes'],
    ['a unit', [], { TRACKERKIT_MCP_MAX_UPLOAD_BYTES: '10MB' }, 'TRACKERKIT_MCP_MAX_UPLOAD_BYTES'],
    ['past 2^53', ['--max-upload-bytes', '9007199254740993'], {}, '--max-upload-bytes'],
  ])('%s is refused naming the source and the rule', (_name, argv, env, source) => {
    expect(() => parseCliOptions(argv, env)).toThrow(
      `${source}: must be a whole number of bytes, at least 1, got "`,
    );
  });
});
