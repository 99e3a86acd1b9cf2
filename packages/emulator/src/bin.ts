#!/usr/bin/env node
// trackerkit-emulator, with the commands' one convention (@trackerkit/core cli/): --help and
// --version on stdout; bad usage is one line on stderr and exit 2; ready is ONE JSON line on
// stdout (logs go to stderr); SIGINT/SIGTERM answer requests in flight, then exit 0.
import { readFileSync } from 'node:fs';
import { commandArgs, failureLine, readyLine } from '@trackerkit/core/cli';
import { quietSqliteWarning, stopOnSignals, watchLauncher } from '@trackerkit/process';
import { parseCliArgs, usage } from './cli-args.ts';

const NAME = 'trackerkit-emulator';
/** How long a stop waits for requests in flight before cutting them. */
const DRAIN_MS = 5000;

// Before emulator.ts (and node:sqlite with it) is loaded below.
quietSqliteWarning(process);

async function main(): Promise<void> {
  const options = parseCliArgs(commandArgs(process.argv));
  if (options === 'help') return void process.stdout.write(`${usage}\n`);
  if (options === 'version') {
    // package.json sits one level above both src/ and dist/.
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    return void process.stdout.write(`${pkg.version}\n`);
  }
  const { startEmulator } = await import('./emulator.ts');
  const emulator = await startEmulator(options);
  const { trigger } = stopOnSignals(
    process,
    () => emulator.close({ graceMs: DRAIN_MS }),
    (error) => process.stderr.write(`${failureLine(NAME, error).line}\n`),
  );
  // `pnpm emulator` stopped (SIGTERM or SIGKILL to pnpm) does not pass the signal on.
  watchLauncher(process, (path) => readFileSync(path, 'utf8'), trigger);
  process.stdout.write(
    readyLine({
      name: NAME,
      url: emulator.baseUrl,
      base_url: emulator.baseUrl,
      token: emulator.token,
      account_id: emulator.accountId,
      space_id: emulator.spaceId,
    }),
  );
}

main().catch((error: unknown) => {
  const { line, exitCode } = failureLine(NAME, error);
  process.stderr.write(`${line}\n`);
  process.exit(exitCode);
});
