import { readFileSync, statSync } from 'node:fs';
import { flushCompileCache } from 'node:module';
import {
  failureLine,
  hostFromOption,
  parseFlags,
  portFromFlag,
  readyLine,
  UsageError,
} from '@trackerkit/core/cli';
import { stopOnSignals, watchLauncher } from '@trackerkit/process';
import { loadConfig } from '../config/load-config.ts';
import { DURATION, parseDuration } from '../config-common/parse-duration.ts';
import { WebhooksError } from '../errors.ts';
import { startReceiver } from '../server/start-receiver.ts';
import { deadLettersCommand } from './dead-letters-command.ts';
import { silenceCommand } from './silence-command.ts';
import { type StoreTarget, storeTargetFromArg, storeTargetFromFile } from './store-target.ts';

const NAME = 'trackerkit-webhooks';

const USAGE = `Usage:
  trackerkit-webhooks serve --config FILE [--port N] [--host HOST] [--shutdown-grace 5s]
  trackerkit-webhooks check --config FILE
  trackerkit-webhooks dead-letters list|show <id>|replay <id|--all> (--config FILE | --db PATH|postgres://URL)
  trackerkit-webhooks silence add <matcher>... --comment TEXT [--duration 1h | --end TIME] [--start TIME] [--author NAME] (--config FILE | --db PATH|postgres://URL)
  trackerkit-webhooks silence query [--expired] [--quiet] (--config FILE | --db PATH|postgres://URL)
  trackerkit-webhooks silence expire <id>... (--config FILE | --db PATH|postgres://URL)
  trackerkit-webhooks --help | --version

serve: ready is one JSON line on stdout, {"event":"ready","name":"trackerkit-webhooks",
"url":"http://...","sources":{"<name>":"http://.../<path>"}}; logs go to stderr. SIGINT or SIGTERM:
requests and deliveries in flight get the shutdown grace, then it exits 0 (a second signal exits at
once); SIGHUP reloads the configuration.
Bad usage (a flag, a value, a port taken): one line on stderr, exit code 2. An invalid
configuration: every problem on stderr, exit code 1.`;

/**
 * Prints `error` and gives the exit code. Usage mistakes and listen failures are one line (exit 2);
 * anything else is printed whole (exit 1), since an invalid configuration lists every problem.
 */
function report(error: unknown): number {
  const usage = error instanceof WebhooksError && error.reason === 'usage';
  const { line, exitCode } = failureLine(NAME, usage ? new UsageError(error.message) : error);
  process.stderr.write(`${exitCode === 2 ? line : error instanceof Error ? error.message : line}\n`);
  return exitCode;
}

/** 'file', or what is wrong with `path` as a file to read. */
function fileKind(path: string): string {
  try {
    return statSync(path).isFile() ? 'file' : 'is not a file';
  } catch {
    return 'no such file';
  }
}

/** The store a tool opens: `--db` (a path or a postgres:// URL), else the one `--config` names. */
function toolStore(values: {
  db?: string | undefined;
  config?: string | undefined;
}): StoreTarget | undefined {
  if (values.db) return storeTargetFromArg(values.db);
  return values.config ? storeTargetFromFile(values.config) : undefined;
}

/** The CLI. Resolves to an exit code; `serve` resolves only when the server stops. */
export async function runCli(argv: string[]): Promise<number> {
  try {
    return await run(argv);
  } catch (error) {
    return report(error);
  }
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags({
    args: argv,
    allowPositionals: true,
    options: {
      config: { type: 'string', short: 'c' },
      db: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'shutdown-grace': { type: 'string' },
      all: { type: 'boolean' },
      duration: { type: 'string', short: 'd' },
      start: { type: 'string' },
      end: { type: 'string' },
      comment: { type: 'string' },
      author: { type: 'string', short: 'a' },
      expired: { type: 'boolean' },
      quiet: { type: 'boolean', short: 'q' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.version) {
    // package.json sits two levels above this file, in src/cli/ and in dist/cli/ alike.
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    process.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  if (!command) throw new UsageError('a command is required: serve, check, dead-letters or silence');
  // A configuration file that is not there is a wrong --config; one that is there but invalid is
  // a configuration problem (every problem listed, exit 1).
  const configFile = values.config === undefined ? undefined : fileKind(values.config);
  if (configFile !== undefined && configFile !== 'file')
    throw new UsageError(`--config ${values.config}: ${configFile}`);
  if (command === 'serve') return serve(values);
  if (command === 'check') {
    if (!values.config) throw new UsageError('check needs --config FILE');
    const config = loadConfig(values.config);
    process.stdout.write(
      `Configuration OK: ${config.sources.length} source(s), ${config.destinations.length} destination(s).\n`,
    );
    return 0;
  }
  if (command === 'dead-letters') {
    const db = toolStore(values);
    if (!db) throw new UsageError('dead-letters needs --config FILE or --db PATH|URL');
    return deadLettersCommand(db, values.all ? [...rest, '--all'] : rest);
  }
  if (command === 'silence') {
    const db = toolStore(values);
    if (!db) throw new UsageError('silence needs --config FILE or --db PATH|URL');
    return silenceCommand(db, rest, {
      ...(values.duration !== undefined ? { duration: values.duration } : {}),
      ...(values.start !== undefined ? { start: values.start } : {}),
      ...(values.end !== undefined ? { end: values.end } : {}),
      ...(values.comment !== undefined ? { comment: values.comment } : {}),
      ...(values.author !== undefined ? { author: values.author } : {}),
      ...(values.expired ? { expired: true } : {}),
      ...(values.quiet ? { quiet: true } : {}),
    });
  }
  throw new UsageError(`unknown command ${command}`);
}

/** `serve`: starts the receiver and resolves with the exit code once a signal has drained it. */
async function serve(values: {
  config?: string | undefined;
  port?: string | undefined;
  host?: string | undefined;
  'shutdown-grace'?: string | undefined;
}): Promise<number> {
  if (!values.config) throw new UsageError('serve needs --config FILE');
  const grace = values['shutdown-grace'];
  if (grace !== undefined && !DURATION.test(grace)) {
    throw new UsageError('--shutdown-grace must be a duration such as 500ms, 5s or 1m');
  }
  const receiver = await startReceiver({
    config: values.config,
    ...(values.port !== undefined ? { port: portFromFlag('port', values.port) } : {}),
    ...(values.host !== undefined ? { host: hostFromOption('--host', values.host) } : {}),
    ...(grace !== undefined ? { shutdownGraceMs: parseDuration(grace) } : {}),
  });
  // SIGHUP reloads, as for Alertmanager; a refused configuration is logged and the old one runs on.
  const hangup = () => void receiver.reload().catch(() => {});
  process.on('SIGHUP', hangup);
  const code = await new Promise<number>((resolve) => {
    const { trigger } = stopOnSignals(
      // A drain resolves the command's exit code; a second signal (a drain that hangs) exits at once.
      {
        on: (signal, listener) => process.once(signal, listener),
        exit: (c) => (c > 1 ? process.exit(c) : resolve(c)),
      },
      () => receiver.close(),
      (error) => process.stderr.write(`${failureLine(NAME, error).line}\n`),
    );
    // Started by a package manager that is stopped without passing the signal on.
    watchLauncher(process, (path) => readFileSync(path, 'utf8'), trigger);
    process.stdout.write(readyLine({ name: NAME, url: receiver.url, sources: receiver.sourceUrls }));
    // Written now, not at exit: the start after a kill -9 finds it too (bin.ts enables it).
    flushCompileCache();
  });
  process.off('SIGHUP', hangup);
  return code;
}
