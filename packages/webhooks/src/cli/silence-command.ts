import { userInfo } from 'node:os';
import { parseDuration } from '../config-common/parse-duration.ts';
import { WebhooksError } from '../errors.ts';
import { formatMatcher, parseSilenceInput, type Silence, silenceState } from '../silences/silence.ts';
import { openToolStore, type StoreTarget, storeTargetFromArg } from './store-target.ts';

export interface SilenceOptions {
  /** `2h`, `30m`, `1d`; default 1h (as amtool). */
  duration?: string;
  /** RFC 3339; overrides `duration`. */
  end?: string;
  start?: string;
  comment?: string;
  author?: string;
  /** `query`: expired silences too. */
  expired?: boolean;
  /** Print ids only. */
  quiet?: boolean;
  now?: () => number;
}

const usage = (message = 'silence: use add <matcher>..., query [--expired] [-q] or expire <id>...') =>
  new WebhooksError(message, { status: 400, reason: 'usage' });

function author(): string {
  try {
    return userInfo().username || 'trackerkit-webhooks';
  } catch {
    return 'trackerkit-webhooks';
  }
}

function line(s: Silence, now: number): string {
  return [
    s.id.padEnd(36),
    silenceState(s, now).padEnd(8),
    new Date(s.endsAt).toISOString().padEnd(24),
    s.createdBy.padEnd(12),
    s.matchers.map(formatMatcher).join(' '),
    ` ${s.comment}`,
  ].join(' ');
}

/**
 * `silence add|query|expire` against a store file, like `amtool silence`; a running receiver
 * applies the change from its next alert. Returns the exit code. One function: the three
 * subcommands share the store it opens and closes, and each is a dozen lines of flags and output.
 */
export async function silenceCommand(
  db: string | StoreTarget,
  args: string[],
  options: SilenceOptions = {},
  out: (text: string) => void = (t) => process.stdout.write(`${t}\n`),
  err: (text: string) => void = (t) => process.stderr.write(`${t}\n`),
): Promise<number> {
  const where = typeof db === 'string' ? storeTargetFromArg(db) : db;
  const [action, ...rest] = args;
  if (action !== 'add' && action !== 'query' && action !== 'expire') throw usage();
  if (action === 'add' && rest.length === 0)
    throw usage('silence add: needs at least one matcher such as signal=Poor');
  if (action === 'expire' && rest.length === 0) throw usage('silence expire: needs a silence id');
  const now = (options.now ?? Date.now)();
  let input: ReturnType<typeof parseSilenceInput> | undefined;
  if (action === 'add') {
    let endsAt = options.end;
    if (endsAt === undefined) {
      let ms: number;
      try {
        ms = parseDuration(options.duration ?? '1h');
      } catch {
        throw usage('--duration: must be a duration such as 30m, 2h or 1d');
      }
      const start = options.start === undefined ? now : Date.parse(options.start);
      endsAt = Number.isFinite(start) ? new Date(start + ms).toISOString() : 'invalid';
    }
    try {
      input = parseSilenceInput(
        {
          matchers: rest,
          ...(options.start === undefined ? {} : { startsAt: options.start }),
          endsAt,
          createdBy: options.author ?? author(),
          comment: options.comment,
        },
        now,
      );
    } catch (error) {
      const message = (error as Error).message
        .replace(/^comment:/, '--comment:')
        .replace(/^createdBy:/, '--author:')
        .replace(/^startsAt:/, '--start:')
        .replace(/^endsAt:/, options.end === undefined ? '--duration:' : '--end:');
      throw usage(`silence add: ${message}`);
    }
  }
  const opened = await openToolStore(where, () => now, action === 'add');
  // A store that is not there is a wrong --db (or storage.path): bad usage.
  if ('error' in opened) throw usage(opened.error);
  if (opened.created)
    err(`@trackerkit/webhooks: created the store ${opened.created} (no receiver has used it yet)`);
  const { store } = opened;
  try {
    if (input) {
      out((await store.silences.create(input)).id);
      return 0;
    }
    if (action === 'expire') {
      let code = 0;
      for (const id of rest) {
        if (await store.silences.expire(id, now)) out(id);
        else {
          err(`@trackerkit/webhooks: no silence with id ${id}`);
          code = 1;
        }
      }
      return code;
    }
    const shown = (await store.silences.list()).filter(
      (s) => options.expired || silenceState(s, now) !== 'expired',
    );
    if (options.quiet) {
      for (const s of shown) out(s.id);
      return 0;
    }
    out(
      `${'ID'.padEnd(36)} ${'STATE'.padEnd(8)} ${'ENDS AT'.padEnd(24)} ${'CREATED BY'.padEnd(12)} MATCHERS COMMENT`,
    );
    for (const s of shown) out(line(s, now));
    return 0;
  } finally {
    await store.close();
  }
}
