// What a command prints when it cannot start: one line, and the exit code. Usage mistakes (flags,
// values, a port taken or not allowed) are 2; anything else is 1. No stack trace either way: the
// message names what went wrong, and a stack would bury it.
import { parseArgsProblem } from './flags.ts';
import { UsageError } from './usage-error.ts';

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  syscall?: unknown;
  address?: unknown;
  port?: unknown;
}

const PARSE_ARGS = /^ERR_PARSE_ARGS_/;

function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? '';
}

/** A listen failure: the address and what to do about it. */
function listenMessage(error: ErrorLike): string | undefined {
  if (error.syscall !== 'listen') return undefined;
  const where = `${String(error.address ?? '')}:${String(error.port ?? '')}`;
  if (error.code === 'EADDRINUSE') return `${where} is already in use; choose another port`;
  if (error.code === 'EACCES') return `${where} may not be bound by this user; choose a port above 1023`;
  if (error.code === 'EADDRNOTAVAIL')
    return `${where} is not an address of this machine; choose another host`;
  return undefined;
}

/**
 * The one line `command` prints for `error`, and its exit code. `--help` is suggested for usage
 * mistakes, where the usage text has the answer.
 */
export function failureLine(command: string, error: unknown): { line: string; exitCode: 1 | 2 } {
  const e = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as ErrorLike;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const listen = listenMessage(e);
  if (listen) return { line: `${command}: ${listen}`, exitCode: 2 };
  const usage = error instanceof UsageError || (typeof e.code === 'string' && PARSE_ARGS.test(e.code));
  if (usage) {
    const text = error instanceof UsageError ? firstLine(message) : parseArgsProblem(e);
    // Messages already prefixed with the command (or its package) keep their own prefix.
    const line =
      text.startsWith(`${command}:`) || text.startsWith('@trackerkit/') ? text : `${command}: ${text}`;
    return { line: `${line} (see ${command} --help)`, exitCode: 2 };
  }
  const text = firstLine(message) || String(error);
  return {
    line: text.startsWith(`${command}:`) || text.startsWith('@trackerkit/') ? text : `${command}: ${text}`,
    exitCode: 1,
  };
}
