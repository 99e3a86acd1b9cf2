// How every command reads its flags: Node's parseArgs, with two things it gets wrong for a person.
// A value that starts with a dash (`--port -1`, `--offset -5`) is refused as "ambiguous" instead of
// reaching the flag's own check, which would say what is wrong with it; and its messages name the
// option inside a long sentence. Every problem here is a UsageError naming the flag and the problem.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './usage-error.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The long name of the option `token` (`--name`, `--name=x`, `-n`) stands for, if any. */
function optionNamed(token: string, options: Options): string | undefined {
  if (token.startsWith('--')) {
    const name = token.slice(2).split('=')[0] ?? '';
    return Object.hasOwn(options, name) ? name : undefined;
  }
  if (token.length < 2 || !token.startsWith('-')) return undefined;
  return Object.keys(options).find((name) => options[name]?.short === token[1]);
}

/**
 * `args` with each string flag joined to its value (`--port -1` → `--port=-1`), so a value that
 * starts with a dash reaches the flag's own check. A string flag with nothing after it, or another
 * option, is a missing value.
 */
function joinValues(args: readonly string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const token = args[i] as string;
    if (token === '--') return [...out, ...args.slice(i)];
    const name = optionNamed(token, options);
    const takesValue = name !== undefined && options[name]?.type === 'string';
    const inline = token.includes('=') || (!token.startsWith('--') && token.length > 2);
    if (!takesValue || inline) {
      out.push(token);
      continue;
    }
    const next = args[i + 1];
    if (next === undefined || next === '--') throw new UsageError(`--${name} needs a value`);
    // `--anything` is an option (a known one or a typo), never a value; `-1` is a value unless it
    // is a short option of this command.
    if (next.startsWith('--') || (next.startsWith('-') && optionNamed(next, options) !== undefined))
      throw new UsageError(`--${name} needs a value (${next} is an option)`);
    out.push(`--${name}=${next}`);
    i++;
  }
  return out;
}

/** The one-line problem a parseArgs error (ERR_PARSE_ARGS_*) is about, naming the option. */
export function parseArgsProblem(error: { code?: unknown; message?: unknown }): string {
  const message = typeof error.message === 'string' ? error.message : String(error.message);
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
  const long = /--[^\s',<]+/.exec(message)?.[0] ?? quoted;
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${quoted}`.trim();
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument ${quoted}`.trim();
  if (/does not take an argument/.test(message)) return `${long} takes no value`;
  if (/argument missing|ambiguous/.test(message)) return `${long} needs a value`;
  return message.split('\n')[0]?.trim() ?? '';
}

/**
 * Node's `parseArgs` (strict) for a command's arguments, every problem thrown as a UsageError that
 * names the flag: an unknown option, a flag without its value, a value given to a switch, an
 * argument where none is taken. Values are left as text for the flags' own checks.
 */
export function parseFlags<T extends ParseArgsConfig & { args: readonly string[]; options: Options }>(
  config: T,
): ReturnType<typeof parseArgs<T>> {
  const args = joinValues(config.args, config.options);
  try {
    // The same config with the values joined: its results are the config's own.
    return parseArgs({ ...config, args, strict: true }) as ReturnType<typeof parseArgs<T>>;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_'))
      throw new UsageError(parseArgsProblem(error as Error));
    throw error;
  }
}
