// `pnpm start -- --help` reaches the script as `--help` with npm, but as `-- --help` with pnpm 10,
// which passes the separator through. Every command reads its arguments through this, so the form
// the READMEs document works under both.

/** The command's arguments from `argv` (process.argv): node and the script left out, and a
 *  leading `--` (a package manager's separator, never an argument of ours) dropped. */
export function commandArgs(argv: readonly string[]): string[] {
  const args = argv.slice(2);
  return args[0] === '--' ? args.slice(1) : args;
}
