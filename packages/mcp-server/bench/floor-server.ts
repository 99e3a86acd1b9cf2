// The floor under any MCP server that sits between a client and the Tracker service: a bare
// JSON-RPC proxy with no SDK, no checks and no rendering, in a process of its own. It reads a
// message (an HTTP POST, or a line on stdin), asks the service with undici on one keep-alive
// Agent, and answers the JSON as both text and structured content. What it costs per call beside
// the emulator's CPU for the same request is what the I/O alone costs: two HTTP exchanges (or a
// pipe and one exchange) against the emulator's one. The bench measures it in the same run as the
// MCP server, so "MCP / emulator ≤ 2x" can be read against what no server in between can beat.
// Enough of MCP for the SDK's 2025-era client to connect: initialize, notifications, tools/call.
//   node bench/floor-server.ts http|stdio <api url> <api token>
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { Agent } from 'undici';

type Message = { id?: string | number; method?: string; params?: Record<string, unknown> };
type Args = Record<string, string | number>;

const [mode, apiUrl = '', token = ''] = process.argv.slice(2);
const api = new URL(apiUrl);
const prefix = api.pathname.replace(/\/$/, '');
const agent = new Agent({ keepAliveTimeout: 4_000 });
const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };

/** The service request of each tool the bench calls, as the client would make it. */
const paths: Record<string, (args: Args) => string> = {
  get_tracker: (args) => `/api/trackers/${encodeURIComponent(args.tracker_id ?? '')}`,
  list_trackers: (args) =>
    `/api/trackers?space_id=${encodeURIComponent(args.space_id ?? '')}&page=${args.page}&page_size=${args.page_size}`,
};

async function toolCall(params: Record<string, unknown>) {
  const path = paths[params.name as string]?.(params.arguments as Args);
  if (!path) return { content: [{ type: 'text', text: 'unknown tool' }], isError: true };
  const answer = await agent.request({ origin: api.origin, path: prefix + path, method: 'GET', headers });
  const value = JSON.parse(await answer.body.text());
  const isError = answer.statusCode >= 400;
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value, isError };
}

/** The JSON-RPC answer to `message`, or undefined for a notification. */
async function answer(message: Message): Promise<object | undefined> {
  if (message.id === undefined) return undefined;
  const { id, params = {} } = message;
  if (message.method === 'initialize') {
    const result = {
      protocolVersion: params.protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name: 'floor', version: '0' },
    };
    return { jsonrpc: '2.0', id, result };
  }
  if (message.method === 'tools/call') return { jsonrpc: '2.0', id, result: await toolCall(params) };
  return { jsonrpc: '2.0', id, error: { code: -32601, message: `${message.method} not offered` } };
}

if (mode === 'stdio') {
  createInterface({ input: process.stdin }).on('line', async (line) => {
    const reply = await answer(JSON.parse(line));
    if (reply) process.stdout.write(`${JSON.stringify(reply)}\n`);
  });
} else {
  const server = createServer((req, res) => {
    // The client's GET (a stream for server messages) and DELETE (end of session): not offered.
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const reply = await answer(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      if (!reply) return void res.writeHead(202).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    console.log(JSON.stringify({ url: `http://127.0.0.1:${port}/mcp` }));
  });
}
