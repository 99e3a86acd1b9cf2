// `pnpm start`: the local stack. The emulator (the service), the MCP server over Streamable HTTP,
// and the webhook receiver wired to the emulator's account webhook with a stdout route, then a
// demo run that crosses a bound so an alert arrives on screen. Ctrl-C stops everything.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createTrackerClient } from '@trackerkit/client';
import { startEmulator } from '@trackerkit/emulator';
import { startHttpServer } from '@trackerkit/mcp-server';
import { startReceiver } from '@trackerkit/webhooks';

const { values: flags } = parseArgs({
  options: {
    'emulator-port': { type: 'string', default: process.env.TRACKERKIT_EMULATOR_PORT ?? '4010' },
    'mcp-port': { type: 'string', default: process.env.TRACKERKIT_MCP_PORT ?? '3100' },
    'receiver-port': { type: 'string', default: process.env.TRACKERKIT_RECEIVER_PORT ?? '8787' },
    data: { type: 'string', default: process.env.TRACKERKIT_DATA },
    'smtp-url': { type: 'string', default: process.env.TRACKER_EMULATOR_SMTP_URL },
    'no-demo': { type: 'boolean', default: false },
  },
});
const port = (name: keyof typeof flags) => {
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    console.error(`trackerkit start: --${name} must be a port number from 0 to 65535, got ${flags[name]}`);
    process.exit(2);
  }
  return value;
};

// A port already taken is the likeliest failure: say so in one line, not a stack trace.
process.on('uncaughtException', (error: Error & { code?: string }) => {
  const hint = error.code === 'EADDRINUSE' ? ' (choose another with the --*-port flags)' : '';
  console.error(`trackerkit start: ${error.message}${hint}`);
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  throw error;
});

const emulator = await startEmulator({
  port: port('emulator-port'),
  clock: 'real',
  ...(flags.data ? { data: flags.data } : {}),
  ...(flags['smtp-url'] ? { smtpUrl: flags['smtp-url'] } : {}),
});
// The receiver needs the account's signing secret before it listens, and the emulator needs the
// receiver's URL: the secret survives setWebhook, so take it first, then point the webhook at the
// receiver once its port is known (port 0 included).
const { secret } = emulator.setWebhook(null);
const storagePath = join(tmpdir(), `trackerkit-start-${process.pid}.db`);
const receiver = await startReceiver({
  port: port('receiver-port'),
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
const hookUrl = receiver.sourceUrls.tracker as string;
emulator.setWebhook(hookUrl);

const mcp = await startHttpServer({
  port: port('mcp-port'),
  host: '127.0.0.1',
  baseUrl: emulator.baseUrl,
  token: emulator.token,
});

const lines = [
  '',
  'trackerkit local stack is running (Ctrl-C stops it)',
  '',
  `  Tracker API (emulator)  ${emulator.baseUrl}`,
  `  API token               ${emulator.token}`,
  `  Space                   ${emulator.spaceId}`,
  `  MCP server              ${mcp.url}`,
  `  MCP bearer token        ${mcp.authToken}  (generated for this run; every MCP request needs it)`,
  `  Webhook receiver        ${hookUrl}  (the account webhook; alerts print below as JSON lines)`,
  '',
  'Point things at it:',
  `  client   TRACKER_API_URL=${emulator.baseUrl} TRACKER_API_TOKEN=${emulator.token}`,
  `  n8n      credential "Tracker API": Base URL ${emulator.baseUrl}, API Token ${emulator.token}`,
  `  MCP      claude mcp add --transport http trackerkit ${mcp.url} --header "Authorization: Bearer ${mcp.authToken}"`,
  `  console  ${emulator.origin}/_emulator (accounts, spaces, webhook, clock)`,
  '',
];
process.stderr.write(`${lines.join('\n')}\n`);
process.stdout.write(
  `${JSON.stringify({
    event: 'ready',
    base_url: emulator.baseUrl,
    token: emulator.token,
    space_id: emulator.spaceId,
    mcp_url: mcp.url,
    mcp_token: mcp.authToken,
    webhook_url: hookUrl,
  })}\n`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([mcp.close(), receiver.close()]);
  await emulator.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${storagePath}${suffix}`, { force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

if (!flags['no-demo']) {
  const client = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  const tracker = await client.trackers.create(emulator.spaceId, {
    name: 'Demo: supplier risk',
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
  });
  await client.vault.uploadRows(tracker.tracker_id, {
    source_name: 'deliveries',
    rows: [
      { sku: 'A-1', late_days: 9 },
      { sku: 'B-7', late_days: 12 },
    ],
  });
  // context.emulator.score forces the demo's score below the lower bound, so an alert is sent.
  const run = await client.runs.triggerAndWait(tracker.tracker_id, { context: { emulator: { score: 2 } } });
  process.stderr.write(
    `Demo: tracker ${tracker.tracker_id} ran with score ${run.result?.score} (${run.result?.signal}); ` +
      'its alert is the JSON line above or below.\n',
  );
}
