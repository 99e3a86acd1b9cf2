import { describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_PORT, DEFAULT_SESSION_TIMEOUT_MINUTES, parseCliOptions } from '../../src/index.ts';

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
          sessionTimeoutMinutes: DEFAULT_SESSION_TIMEOUT_MINUTES,
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
    ['session timeout', { argv: ['--session-timeout', '5'], env: {}, want: { sessionTimeoutMinutes: 5 } }],
    ['read-only flag', { argv: ['--read-only'], env: {}, want: { readOnly: true } }],
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
    ['unknown toolset', ['--toolsets', 'spaces,alerts'], /--toolsets: unknown toolset "alerts"/],
    ['bad port', ['--port', 'http'], /--port: must be an integer/],
    ['bad session timeout', ['--session-timeout', 'soon'], /--session-timeout: must be a number/],
    ['unknown flag', ['--bogus'], /bogus/],
  ])('rejects %s naming the flag', (_name, argv, want) => {
    expect(() => parseCliOptions(argv, {})).toThrow(want);
  });
});
