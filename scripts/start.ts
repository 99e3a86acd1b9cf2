// `pnpm start`: the local stack. The emulator (the service), the MCP server over Streamable HTTP,
// and the webhook receiver wired to the emulator's account webhook with a stdout route, then a
// demo run that crosses a bound so an alert arrives on screen. Ctrl-C stops everything.
// The commands' convention (@trackerkit/core cli/): --help on stdout, bad usage in one line with
// exit 2, one JSON ready line on stdout, SIGINT/SIGTERM drain; and nothing is left behind, neither
// after a failed start nor when pnpm (our parent) is stopped without passing the signal on.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTrackerClient } from '@trackerkit/client';
import {
  commandArgs,
  failureLine,
  parseFlags,
  portFromOption,
  readyLine,
  urlFromOption,
} from '@trackerkit/core/cli';
import { startEmulator } from '@trackerkit/emulator';
import { startHttpServer } from '@trackerkit/mcp-server';
import { stopOnSignals, watchLauncher } from '@trackerkit/process';
import { startReceiver } from '@trackerkit/webhooks';

// What a person typed: failures say `pnpm start: ... (see pnpm start --help)`.
const NAME = 'pnpm start';
const DEMO_NAME = 'Demo: supplier risk';
const DRAIN_MS = 5000;

const USAGE = `Usage: pnpm start [-- options]

Starts the emulator (the Tracker service), the MCP server (Streamable HTTP) and the webhook
receiver, wired together, and runs a demo tracker whose alert prints on stdout.

  --emulator-port N   default 4010 (env TRACKERKIT_EMULATOR_PORT); 0 picks a free one
  --mcp-port N        default 3100 (env TRACKERKIT_MCP_PORT)
  --receiver-port N   default 8787 (env TRACKERKIT_RECEIVER_PORT)
  --token TOKEN       fixed API token, also the MCP bearer token, for repeatable demos
                      (env TRACKERKIT_TOKEN; default: new ones on every start)
  --data FILE         keep the emulator's state in this SQLite file (env TRACKERKIT_DATA):
                      the demo tracker is created once per file, and the API token made on
                      the first start is kept in it (the MCP token is still new each start)
  --smtp-url URL      SMTP server for alert mail (env TRACKER_EMULATOR_SMTP_URL)
  --no-demo           start without the demo run
  --help

Ready: one JSON line on stdout, {"event":"ready","name":"trackerkit","url":"<console page>",...}.
Ctrl-C or SIGTERM: calls in flight are answered, then everything stops and exits 0.
Bad usage (a flag, a value, a port taken): one line on stderr, exit code 2.`;

type Closer = () => Promise<unknown>;
/** What has started, newest last: a failed start or a stop closes them newest first. */
const started: Closer[] = [];
const storagePath = join(tmpdir(), `trackerkit-start-${process.pid}.db`);
const removeStore = async () => {
  for (const suffix of ['', '-wal', '-shm', '.lock']) rmSync(`${storagePath}${suffix}`, { force: true });
};

/** Stores left by a start that was killed outright (SIGKILL leaves no chance to clean up). */
function removeOrphanedStores(): void {
  const dir = tmpdir();
  for (const name of readdirSync(dir)) {
    const pid = Number(/^trackerkit-start-(\d+)\.db(?:-wal|-shm|\.lock)?$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as { code?: string }).code === 'ESRCH') rmSync(join(dir, name), { force: true });
    }
  }
}

async function closeAll(): Promise<void> {
  for (const close of started.splice(0).reverse()) await close().catch(() => {});
}

/** A flag's value, else its variable's (an empty variable is an unset one), with the name to blame. */
function given(
  flag: string | undefined,
  name: string,
  env: string,
): { name: string; raw: string } | undefined {
  if (flag !== undefined) return { name, raw: flag };
  const raw = process.env[env];
  return raw === undefined || raw === '' ? undefined : { name: env, raw };
}

function port(flag: string | undefined, name: string, env: string, fallback: number): number {
  const value = given(flag, name, env);
  return value ? portFromOption(value.name, value.raw) : fallback;
}

async function main(): Promise<void> {
  const { values: flags } = parseFlags({
    args: commandArgs(process.argv),
    options: {
      'emulator-port': { type: 'string' },
      'mcp-port': { type: 'string' },
      'receiver-port': { type: 'string' },
      token: { type: 'string', default: process.env.TRACKERKIT_TOKEN },
      data: { type: 'string', default: process.env.TRACKERKIT_DATA },
      'smtp-url': { type: 'string' },
      'no-demo': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (flags.help) return void process.stdout.write(`${USAGE}\n`);
  const ports = {
    emulator: port(flags['emulator-port'], '--emulator-port', 'TRACKERKIT_EMULATOR_PORT', 4010),
    mcp: port(flags['mcp-port'], '--mcp-port', 'TRACKERKIT_MCP_PORT', 3100),
    receiver: port(flags['receiver-port'], '--receiver-port', 'TRACKERKIT_RECEIVER_PORT', 8787),
  };
  // The emulator checks it too, as it does for any caller; checked here it is named as typed.
  const smtp = given(flags['smtp-url'], '--smtp-url', 'TRACKER_EMULATOR_SMTP_URL');
  const smtpUrl = smtp && urlFromOption(smtp.name, smtp.raw, ['smtp:', 'smtps:'], 'smtp://127.0.0.1:2525');

  // Signals first: a stop during start-up closes whatever has started by then.
  const { trigger } = stopOnSignals(process, closeAll, (error) =>
    process.stderr.write(`${failureLine(NAME, error).line}\n`),
  );
  // A closed terminal: the demo store is temporary, so a hang-up stops (and cleans up) like Ctrl-C.
  process.on('SIGHUP', () => trigger('SIGHUP'));
  // pnpm does not pass SIGTERM on to the script, and SIGKILL cannot be: when it goes, we go too.
  watchLauncher(process, (path) => readFileSync(path, 'utf8'), trigger);
  removeOrphanedStores();

  const emulator = await startEmulator({
    port: ports.emulator,
    clock: 'real',
    ...(flags.token ? { token: flags.token } : {}),
    ...(flags.data ? { data: flags.data } : {}),
    ...(smtpUrl ? { smtpUrl } : {}),
  });
  started.push(() => emulator.close({ graceMs: DRAIN_MS }));
  // The receiver needs the account's signing secret before it listens, and the emulator needs the
  // receiver's URL: the secret survives setWebhook, so take it first, then point the webhook at the
  // receiver once its port is known (port 0 included).
  const { secret } = emulator.setWebhook(null);
  started.push(removeStore);
  const receiver = await startReceiver({
    port: ports.receiver,
    host: '127.0.0.1',
    storagePath,
    config: {
      sources: [{ name: 'tracker', path: '/hooks/tracker', scheme: 'standard-webhooks', secret }],
      destinations: [{ name: 'console', type: 'stdout' }],
      route: { destination: 'console' },
      catch_all: 'console',
      log: { level: 'warn' },
    },
  });
  started.push(() => receiver.close());
  const hookUrl = receiver.sourceUrls.tracker as string;
  emulator.setWebhook(hookUrl);

  const mcp = await startHttpServer({
    port: ports.mcp,
    host: '127.0.0.1',
    baseUrl: emulator.baseUrl,
    token: emulator.token,
    ...(flags.token ? { authToken: flags.token } : {}),
  });
  started.push(() => mcp.close({ graceMs: DRAIN_MS }));
  const consoleUrl = `${emulator.origin}/_emulator`;
  emulator.consoleLinks.push(
    { name: 'MCP server', url: mcp.url, detail: `send Authorization: Bearer ${mcp.authToken}` },
    {
      name: 'Webhook receiver',
      url: hookUrl,
      detail: 'the account webhook',
      page: { text: 'the receiver’s pages', href: `${receiver.url}/ui` },
    },
  );

  // What the banner says of each token is what happens to it: --token fixes both; without it a
  // --data file keeps the API token it made on its first start, and the MCP token is new each time.
  const apiToken = flags.token
    ? '(fixed with --token)'
    : flags.data
      ? `(kept in ${flags.data}; --token replaces it)`
      : '(new on every start; --token fixes it)';
  const mcpToken = flags.token ? '(fixed with --token)' : '(new on every start; --token fixes it)';
  const lines = [
    '',
    'trackerkit local stack is running (Ctrl-C stops it)',
    '',
    `  Tracker API (emulator)  ${emulator.baseUrl}`,
    `  API token               ${emulator.token}  ${apiToken}`,
    `  Space                   ${emulator.spaceId}`,
    `  MCP server              ${mcp.url}`,
    `  MCP bearer token        ${mcp.authToken}  ${mcpToken}; every MCP request needs it`,
    `  Webhook receiver        ${hookUrl}  (the account webhook; alerts print below as JSON lines)`,
    `  Console page            ${consoleUrl}  (all of the above, in a browser)`,
    '',
    'Point things at it:',
    `  client   TRACKER_API_URL=${emulator.baseUrl} TRACKER_API_TOKEN=${emulator.token}`,
    `  n8n      credential "Tracker API": Base URL ${emulator.baseUrl}, API Token ${emulator.token}`,
    `  MCP      claude mcp add --transport http trackerkit ${mcp.url} --header "Authorization: Bearer ${mcp.authToken}"`,
    '',
  ];
  process.stderr.write(`${lines.join('\n')}\n`);
  process.stdout.write(
    readyLine({
      name: 'trackerkit',
      url: consoleUrl,
      base_url: emulator.baseUrl,
      token: emulator.token,
      space_id: emulator.spaceId,
      mcp_url: mcp.url,
      mcp_token: mcp.authToken,
      webhook_url: hookUrl,
    }),
  );

  if (flags['no-demo']) return;
  // The stack is up: a demo that fails says why and leaves it running.
  await demo(emulator.baseUrl, emulator.token, emulator.spaceId).catch((error: unknown) =>
    process.stderr.write(`${failureLine(`${NAME}: demo`, error).line}\n`),
  );
}

/** The demo tracker (created once per data file) runs with a score below its lower bound: an alert. */
async function demo(baseUrl: string, token: string, spaceId: string): Promise<void> {
  const client = createTrackerClient({ baseUrl, token });
  let existing: Awaited<ReturnType<typeof client.trackers.get>> | undefined;
  for await (const tracker of client.trackers.listAll({ space_id: spaceId })) {
    if (tracker.name === DEMO_NAME) {
      existing = tracker;
      break;
    }
  }
  const tracker =
    existing ??
    (await client.trackers.create(spaceId, {
      name: DEMO_NAME,
      description: 'A demo tracker: alerts when the score leaves 3..8.',
      run_mode: 'manual',
      agent_config: {
        instruction: 'Weigh late deliveries in the vault against the usual pattern.',
        score_meaning: '10 means no supply risk; 0 means imminent disruption.',
        skills: [],
      },
      notification_config: {
        webhook_enabled: true,
        notify_below: true,
        lower_threshold: 3,
        notify_above: true,
        upper_threshold: 8,
      },
    }));
  if (!existing) {
    await client.vault.uploadRows(tracker.tracker_id, {
      source_name: 'deliveries',
      rows: [
        { sku: 'A-1', late_days: 9 },
        { sku: 'B-7', late_days: 12 },
      ],
    });
  }
  // context.emulator.score forces the demo's score below the lower bound, so an alert is sent.
  const run = await client.runs.triggerAndWait(tracker.tracker_id, { context: { emulator: { score: 2 } } });
  process.stderr.write(
    `Demo: tracker ${tracker.tracker_id} ran with score ${run.result?.score} (${run.result?.signal}); ` +
      'its alert is the JSON line above or below.\n',
  );
}

main().catch(async (error: unknown) => {
  await closeAll();
  const { line, exitCode } = failureLine(NAME, error);
  process.stderr.write(`${line}\n`);
  process.exit(exitCode);
});
