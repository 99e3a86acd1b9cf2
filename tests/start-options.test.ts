// `pnpm start` and its options: a bad one is one line naming the option and what is wrong with the
// value, exit 2, before anything starts; what the banner says of the tokens is what happens to them.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { type BadOption, bad, describeBadOptions, runNode } from './helpers/bad-options.ts';
import { FREE_PORTS, root, SCRIPT } from './helpers/pnpm-start.ts';

const dir = mkdtempSync(join(tmpdir(), 'tk-start-options-'));
const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'not a directory');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The environment without the variables `pnpm start` reads, so each case sets its own. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (/^TRACKERKIT_|^TRACKER_EMULATOR_/.test(name)) delete env[name];
  return { ...env, ...extra };
}

const run = (argv: string[], env: Record<string, string>) =>
  runNode([...SCRIPT, ...argv], { cwd: root, env: cleanEnv(env) });

const cases: BadOption[] = [
  [
    'an SMTP URL that is not a URL',
    bad(
      ['--smtp-url', 'notaurl'],
      /^pnpm start: --smtp-url must be a URL starting with smtp:\/\/ or smtps:\/\/, .*got "notaurl"/,
    ),
  ],
  [
    'an SMTP URL from the environment',
    bad([], /^pnpm start: TRACKER_EMULATOR_SMTP_URL must be a URL starting with smtp:\/\//, {
      TRACKER_EMULATOR_SMTP_URL: 'mail',
    }),
  ],
  [
    'a data file in a directory that does not exist',
    bad(
      [...FREE_PORTS, '--data', join(dir, 'nonexistent', 'x.db')],
      /--data \(data\) \S+nonexistent\/x\.db: its directory \S+nonexistent does not exist/,
    ),
  ],
  [
    'a data file under a file',
    bad(
      [...FREE_PORTS, '--data', join(aFile, 'x.db')],
      /--data \(data\) \S+x\.db: \S+a-file is not a directory/,
    ),
  ],
  [
    'a data path that is a directory',
    bad([...FREE_PORTS, '--data', dir], /--data \(data\) \S+: is a directory/),
  ],
  [
    'a negative port',
    bad(['--mcp-port', '-1'], /^pnpm start: --mcp-port must be a port number from 0 to 65535, got "-1"/),
  ],
  [
    'a port out of range',
    bad(['--emulator-port', '70000'], /^pnpm start: --emulator-port must be a port number .*, got "70000"/),
  ],
  [
    'a port that is not a number',
    bad(['--receiver-port=http'], /^pnpm start: --receiver-port must be a port number .*, got "http"/),
  ],
  [
    'a port from the environment',
    bad([], /^pnpm start: TRACKERKIT_MCP_PORT must be a port number .*, got "abc"/, {
      TRACKERKIT_MCP_PORT: 'abc',
    }),
  ],
  ['an unknown flag', bad(['--bogus'], /^pnpm start: unknown option --bogus/)],
  ['a flag without its value', bad(['--token'], /^pnpm start: --token needs a value/)],
  [
    'a flag followed by another flag',
    bad(['--data', '--no-demo'], /^pnpm start: --data needs a value \(--no-demo is an option\)/),
  ],
  ['a value given to a switch', bad(['--no-demo=yes'], /^pnpm start: --no-demo takes no value/)],
];

describeBadOptions('pnpm start', cases, run);

/** Starts the stack, takes its ready line and banner, and stops it. */
async function startOnce(args: string[]): Promise<{ ready: Record<string, string>; banner: string }> {
  const child = spawn(process.execPath, [...SCRIPT, ...FREE_PORTS, '--no-demo', ...args], {
    cwd: root,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let banner = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    banner += chunk.toString();
  });
  const exited = once(child, 'exit');
  const [line] = await once(createInterface({ input: child.stdout! }), 'line');
  child.kill('SIGINT');
  expect((await exited)[0]).toBe(0);
  return { ready: JSON.parse(String(line)) as Record<string, string>, banner };
}

describe('pnpm start: the banner on tokens', () => {
  it('with --data the API token is kept in the file, as the banner says; the MCP token is new', async () => {
    const data = join(dir, 'state.sqlite');
    const first = await startOnce(['--data', data]);
    const second = await startOnce(['--data', data]);
    expect(second.ready.token).toBe(first.ready.token);
    expect(second.ready.mcp_token).not.toBe(first.ready.mcp_token);
    for (const { ready, banner } of [first, second]) {
      expect(banner).toContain(
        `API token               ${ready.token}  (kept in ${data}; --token replaces it)`,
      );
      expect(banner).toContain(
        `MCP bearer token        ${ready.mcp_token}  (new on every start; --token fixes it)`,
      );
    }
  });

  it('without --data both tokens are new on every start, as the banner says', async () => {
    const first = await startOnce([]);
    const second = await startOnce([]);
    expect(second.ready.token).not.toBe(first.ready.token);
    expect(first.banner).toContain(
      `API token               ${first.ready.token}  (new on every start; --token fixes it)`,
    );
  });
});
