import { execFileSync } from 'node:child_process';

/**
 * Runs a build step with inherited output. On failure the step has printed its own errors: exit
 * with its status rather than add a stack trace of this script.
 */
export function run(command: string, args: string[], cwd = process.cwd()): void {
  try {
    execFileSync(command, args, { cwd, stdio: 'inherit' });
  } catch (error) {
    process.exit((error as { status?: number }).status || 1);
  }
}
