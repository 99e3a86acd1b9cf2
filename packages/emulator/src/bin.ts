#!/usr/bin/env node
import { parseCliArgs, usage } from './cli-args.ts';
import { startEmulator } from './emulator.ts';

// Ready contract: exactly one JSON line on stdout once the emulator accepts requests; logs go to stderr.
async function main(): Promise<void> {
  let options: ReturnType<typeof parseCliArgs>;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stderr.write(`${usage}\n`);
    return;
  }
  const emulator = await startEmulator(options);
  process.stdout.write(
    `${JSON.stringify({
      event: 'ready',
      base_url: emulator.baseUrl,
      token: emulator.token,
      account_id: emulator.accountId,
      space_id: emulator.spaceId,
    })}\n`,
  );
  const stop = () => {
    void emulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`@trackerkit/emulator: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
