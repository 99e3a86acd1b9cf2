// @trackerkit/core/cli: the pure half of the commands' one convention (flags and the checks of their
// values, bad usage, the ready and failure lines, a package manager's `--`): text in, text out. The
// half that touches the process (signal drain, launcher watch, warning filter) is @trackerkit/process.
// A subpath of its own: it uses node:util's parseArgs, which the rulebook's entry (and the n8n
// node's bundle of it) never imports.
export { commandArgs } from './command-args.ts';
export { failureLine } from './failure-line.ts';
export { hostFromOption, portFromFlag, portFromOption, urlFromOption } from './flag-values.ts';
export { parseFlags } from './flags.ts';
export { type ReadyFields, readyLine } from './ready-line.ts';
export { UsageError } from './usage-error.ts';
