// Starts the emulator and the HTTP MCP server in front of it, prints the MCP URL and runs until
// stdin closes: for the conformance suite, the Inspector, and manual trials.
//   node --conditions=trackerkit-source test/integration/serve-emulator.ts
import { startEmulator } from '@trackerkit/emulator';
import { startHttpServer } from '../../src/index.ts';

const emulator = await startEmulator({ port: 0, log: () => {} });
const server = await startHttpServer({ baseUrl: emulator.baseUrl, token: emulator.token, port: 0 });
process.stdout.write(`${server.url}\nAuthorization: Bearer ${server.authToken}\n`);
process.stdin.resume();
process.stdin.once('end', async () => {
  await server.close();
  await emulator.close();
  process.exit(0);
});
