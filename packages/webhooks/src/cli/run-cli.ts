import { parseArgs } from 'node:util';
import { loadConfig } from '../config/load-config.ts';
import { DURATION, parseDuration } from '../config/parse-duration.ts';
import { WebhooksError } from '../errors.ts';
import { startReceiver } from '../server/start-receiver.ts';
import { deadLettersCommand } from './dead-letters-command.ts';
import { silenceCommand } from './silence-command.ts';
import { storagePathFromFile } from './storage-path-from-file.ts';

const USAGE = `Usage:
  trackerkit-webhooks serve --config FILE [--port N] [--host HOST] [--shutdown-grace 5s]
  trackerkit-webhooks check --config FILE
  trackerkit-webhooks dead-letters list|show <id>|replay <id|--all> (--config FILE | --db PATH)
  trackerkit-webhooks silence add <matcher>... --comment TEXT [--duration 1h | --end TIME] [--start TIME] [--author NAME] (--config FILE | --db PATH)
  trackerkit-webhooks silence query [--expired] [--quiet] (--config FILE | --db PATH)
  trackerkit-webhooks silence expire <id>... (--config FILE | --db PATH)`;

/** The CLI. Resolves to an exit code; `serve` resolves only when the server stops. */
export async function runCli(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
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
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  try {
    if (command === 'serve') {
      if (!values.config)
        throw new WebhooksError('serve needs --config FILE', { status: 400, reason: 'usage' });
      const grace = values['shutdown-grace'];
      if (grace !== undefined && !DURATION.test(grace)) {
        throw new WebhooksError('--shutdown-grace: must be a duration such as 500ms, 5s or 1m', {
          status: 400,
          reason: 'usage',
        });
      }
      const receiver = await startReceiver({
        config: values.config,
        ...(values.port !== undefined ? { port: Number(values.port) } : {}),
        ...(values.host !== undefined ? { host: values.host } : {}),
        ...(grace !== undefined ? { shutdownGraceMs: parseDuration(grace) } : {}),
      });
      process.stderr.write(
        `${JSON.stringify({ msg: 'ready', url: receiver.url, sources: receiver.sourceUrls })}\n`,
      );
      // SIGHUP reloads, as for Alertmanager; a refused configuration is logged and the old one runs on.
      const hangup = () => void receiver.reload().catch(() => {});
      process.on('SIGHUP', hangup);
      await new Promise<void>((resolve) => {
        const stop = () => void receiver.close().then(resolve);
        process.once('SIGTERM', stop);
        process.once('SIGINT', stop);
      });
      process.off('SIGHUP', hangup);
      return 0;
    }
    if (command === 'check') {
      if (!values.config)
        throw new WebhooksError('check needs --config FILE', { status: 400, reason: 'usage' });
      const config = loadConfig(values.config);
      process.stdout.write(
        `Configuration OK: ${config.sources.length} source(s), ${config.destinations.length} destination(s).\n`,
      );
      return 0;
    }
    if (command === 'dead-letters') {
      const db = values.db ?? (values.config ? storagePathFromFile(values.config) : undefined);
      if (!db)
        throw new WebhooksError('dead-letters needs --config FILE or --db PATH', {
          status: 400,
          reason: 'usage',
        });
      return deadLettersCommand(db, values.all ? [...rest, '--all'] : rest);
    }
    if (command === 'silence') {
      const db = values.db ?? (values.config ? storagePathFromFile(values.config) : undefined);
      if (!db)
        throw new WebhooksError('silence needs --config FILE or --db PATH', { status: 400, reason: 'usage' });
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
    process.stderr.write(`@trackerkit/webhooks: unknown command ${command}\n${USAGE}\n`);
    return 2;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return error instanceof WebhooksError && error.reason === 'usage' ? 2 : 1;
  }
}
