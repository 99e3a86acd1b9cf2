#!/usr/bin/env node
// trackerkit-webhooks, with the commands' one convention (@trackerkit/core cli/): --help and
// --version on stdout; bad usage is one line on stderr and exit 2; `serve` announces itself with
// ONE JSON line on stdout (logs go to stderr); SIGINT/SIGTERM drain, then exit 0.
import { enableCompileCache } from 'node:module';
import { commandArgs } from '@trackerkit/core/cli';
import { quietSqliteWarning } from '@trackerkit/process';

// Node's cache of compiled modules (in the system's temporary directory; NODE_COMPILE_CACHE names
// another, NODE_DISABLE_COMPILE_CACHE=1 turns it off): a restart compiles nothing again, and
// compiling the sources is what a start would otherwise spend its time on.
enableCompileCache();

// Before run-cli.ts (and node:sqlite with it) is loaded below.
quietSqliteWarning(process);
const { runCli } = await import('./cli/run-cli.ts');
process.exitCode = await runCli(commandArgs(process.argv));
