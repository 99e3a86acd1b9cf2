// The SDK's Streamable HTTP client, run as a plain Node process: under vitest the `source`
// export condition would load a dependency's uncompiled TypeScript (eventsource-parser ships
// one). Prints one JSON line: the tools listed, a run_tracker result and its progress values.
//   node test/integration/http-client-probe.ts <url> <tracker_id> [authorization]
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [url = '', trackerId = '', authorization] = process.argv.slice(2);
const client = new Client({ name: 'http-probe', version: '0' });
const headers: Record<string, string> = authorization ? { authorization } : {};
await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
const tools = (await client.listTools()).tools.map((tool) => tool.name);
const progress: number[] = [];
const result = await client.callTool(
  {
    name: 'run_tracker',
    arguments: { tracker_id: trackerId, context: { emulator: { score: 8, delay_ms: 500 } } },
  },
  undefined,
  { onprogress: (p) => void progress.push(p.progress) },
);
await client.close();
process.stdout.write(`${JSON.stringify({ tools, result, progress })}\n`);
