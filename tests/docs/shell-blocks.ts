// Runs a README's shell block as a reader would type it, in a throwaway directory under the
// repository root (so `pnpm <script>` and `npx <workspace bin>` find the workspace), with no way off
// the machine: the registry, proxies and curl all point at loopback. Answers the failure, if any.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileCacheIn } from '../helpers/compile-cache.ts';
import { waitUntil } from '../helpers/wait-until.ts';
import { type Finished, run, type Started, start, stop } from './block-processes.ts';

export interface ShellContext {
  /** A directory of its own for this block. */
  cwd: string;
  /** The environment every block gets (see blockEnv). */
  env: NodeJS.ProcessEnv;
}

export type ReadyLine = Record<string, unknown>;

const RUN_TIMEOUT_MS = 45_000;
const READY_TIMEOUT_MS = 30_000;

/** PATH with the curl shim first; nothing from the caller's TRACKER_* settings. */
export function blockEnv(shimDir: string): NodeJS.ProcessEnv {
  const { HOME, TMPDIR, LANG } = process.env;
  const dead = 'http://127.0.0.1:9/'; // the discard port: refused at once, on loopback
  return {
    PATH: `${shimDir}:${process.env.PATH}`,
    ...(HOME === undefined ? {} : { HOME }),
    ...(TMPDIR === undefined ? {} : { TMPDIR }),
    LANG: LANG ?? 'C.UTF-8',
    NO_COLOR: '1',
    // The receiver's bin enables Node's compile cache: in the block's directory, not the system's.
    ...compileCacheIn(shimDir),
    npm_config_offline: 'true',
    npm_config_registry: dead,
    npm_config_update_notifier: 'false',
    COREPACK_ENABLE_NETWORK: '0',
    http_proxy: dead,
    https_proxy: dead,
    HTTP_PROXY: dead,
    HTTPS_PROXY: dead,
    ALL_PROXY: dead,
    NO_PROXY: '127.0.0.1,localhost,::1',
    no_proxy: '127.0.0.1,localhost,::1',
  };
}

/** The block's commands, one per entry: continuation lines joined, comments and blank lines out. */
export function commandsOf(code: string): string[] {
  const commands: string[] = [];
  let pending = '';
  for (const line of code.split('\n')) {
    const text = `${pending}${line}`;
    if (/\\\s*$/.test(text)) {
      pending = text.replace(/\\\s*$/, ' ');
      continue;
    }
    pending = '';
    if (text.trim() && !text.trim().startsWith('#')) commands.push(text.trim());
  }
  return commands;
}

function describe(finished: Finished, what: string): string {
  const how = finished.timedOut
    ? `did not finish within ${RUN_TIMEOUT_MS / 1000} s`
    : finished.signal
      ? `was killed by ${finished.signal}`
      : `exited ${finished.code}`;
  const tail = (text: string) => text.trim().split('\n').slice(-15).join('\n');
  return `${what} ${how}\n--- stdout\n${tail(finished.stdout)}\n--- stderr\n${tail(finished.stderr)}`;
}

/** `run`: the whole block with `bash -euo pipefail`. */
export async function runBlock(code: string, context: ShellContext): Promise<string | undefined> {
  const script = join(context.cwd, 'block.sh');
  writeFileSync(script, code);
  const finished = await run('bash', ['-euo', 'pipefail', script], { ...context, timeoutMs: RUN_TIMEOUT_MS });
  return finished.code === 0 && !finished.timedOut ? undefined : describe(finished, 'the block');
}

/** A fixed port in a documented command becomes 0, so the check never meets a port in use. */
function anyPort(command: string): string {
  return command.replace(/(--port[ =])\d+/g, '$10');
}

/** Starts `command` and waits for its ready line: one stdout line of JSON with `event: ready`. */
export async function serve(
  command: string,
  context: ShellContext,
): Promise<{ server: Started; ready: ReadyLine } | { problem: string }> {
  mkdirSync(context.cwd, { recursive: true });
  const server = start('bash', ['-c', anyPort(command)], context);
  let exited: Finished | undefined;
  void server.exited.then((finished) => {
    exited = finished;
  });
  const ready = await waitUntil(() => readyLineIn(server.stdout()) ?? exited !== undefined, {
    timeout: READY_TIMEOUT_MS,
    interval: 50,
  }).catch(() => undefined);
  if (typeof ready === 'object') return { server, ready };
  if (exited) return { problem: describe(exited, `\`${command}\``) };
  const { finished } = await stop(server);
  return {
    problem: `\`${command}\` printed no ready line within ${READY_TIMEOUT_MS / 1000} s\n${finished.stderr}`,
  };
}

function readyLineIn(stdout: string): ReadyLine | undefined {
  for (const line of stdout.split('\n')) {
    if (!line.trim().startsWith('{')) continue; // pnpm's banner, for one
    try {
      const parsed = JSON.parse(line) as ReadyLine;
      if (parsed.event === 'ready') return parsed;
    } catch {
      // not JSON (yet)
    }
  }
  return undefined;
}

async function stopped(server: Started, command: string): Promise<string | undefined> {
  const { stopped } = await stop(server);
  return stopped ? undefined : `\`${command}\` did not stop within 10 s of SIGTERM`;
}

/** `serve`: each command starts a server on its own, which must get ready and stop on SIGTERM. */
export async function serveEach(
  code: string,
  context: ShellContext,
): Promise<{ problems: string[]; ready: ReadyLine[] }> {
  const problems: string[] = [];
  const ready: ReadyLine[] = [];
  for (const command of commandsOf(code)) {
    const served = await serve(command, context);
    if ('problem' in served) {
      problems.push(served.problem);
      continue;
    }
    ready.push(served.ready);
    const problem = await stopped(served.server, command);
    if (problem) problems.push(problem);
  }
  return { problems, ready };
}

/**
 * `serve then run`: the first command starts a server; the rest of the block runs against it with
 * the placeholders a reader fills in from the ready line: `PORT` (its URL's port) and `qapi_...`.
 */
export async function serveThenRun(
  code: string,
  context: ShellContext,
): Promise<{ problems: string[]; ready: ReadyLine[] }> {
  const lines = code.split('\n');
  const end = lines.findIndex((line) => line.trim() && !line.trim().startsWith('#') && !/\\\s*$/.test(line));
  const first = commandsOf(lines.slice(0, end + 1).join('\n'))[0];
  if (end < 0 || !first) return { problems: ['the block has no command'], ready: [] };
  const served = await serve(first, context);
  if ('problem' in served) return { problems: [served.problem], ready: [] };
  const url = String(served.ready.url ?? served.ready.base_url ?? '');
  const port = /:(\d+)(?:\/|$)/.exec(url)?.[1];
  const rest = lines
    .slice(end + 1)
    .join('\n')
    .replace(/\bPORT\b/g, port ?? 'PORT')
    .replace(/qapi_\.\.\./g, String(served.ready.token ?? 'qapi_...'));
  const problems: string[] = [];
  const failure = await runBlock(rest, context);
  if (failure) problems.push(failure);
  const problem = await stopped(served.server, first);
  if (problem) problems.push(problem);
  return { problems, ready: [served.ready] };
}
