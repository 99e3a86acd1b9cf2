// A command's refusal of a bad option, as every trackerkit command makes it: one line on stderr
// naming the option (or variable) and what is wrong with the value, exit code 2, nothing on stdout.
// The bad-options tests of the emulator, the MCP server, the receiver and `pnpm start` are tables
// of cases checked here.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** What a process that ran to its end left: its exit code, stdout and stderr. */
export interface Finished {
  exit: number;
  stdout: string;
  stderr: string;
}

/** Runs `node …args` to its end; an exit code other than 0 is a result, not an error. */
export async function runNode(
  args: readonly string[],
  options: { cwd?: string; env: NodeJS.ProcessEnv },
): Promise<Finished> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, options);
    return { exit: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { exit: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A case: its name, the arguments and environment given, and the stderr wanted. */
export type BadOption = [
  string,
  { given: { argv: string[]; env?: Record<string, string> }; want: { exit: 2; stderr: RegExp } },
];

export const bad = (argv: string[], stderr: RegExp, env?: Record<string, string>): BadOption[1] => ({
  given: { argv, ...(env ? { env } : {}) },
  want: { exit: 2, stderr },
});

/** `result` is `command`'s refusal: exit 2, nothing on stdout, one line on stderr matching `stderr`. */
export function expectRefusal(result: Finished, command: string, stderr: RegExp): void {
  expect(result.exit).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(stderr);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr.endsWith(`(see ${command} --help)\n`), result.stderr).toBe(true);
}

/** Every case of `cases`, run by `run`, is `command`'s refusal. */
export function describeBadOptions(
  command: string,
  cases: BadOption[],
  run: (argv: string[], env: Record<string, string>) => Promise<Finished>,
): void {
  describe(`${command}: bad options`, () => {
    it.each(cases)('%s: names the option and the problem, exit 2', async (_name, { given, want }) => {
      expectRefusal(await run(given.argv, given.env ?? {}), command, want.stderr);
    });
  });
}
