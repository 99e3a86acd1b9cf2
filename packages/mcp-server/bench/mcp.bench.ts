// What the MCP layer costs, measured against the emulator in one run:
// - the size of tools/list in tokens of a real tokenizer (o200k_base, gpt-tokenizer; every
//   conversation pays it in context; goal <= TOOLS_LIST_TOKEN_BUDGET, 4,500 tokens),
// - the p50 time a tool call adds over the same direct client call (goal <= 2 ms): in memory
//   (the server's own cost), and over Streamable HTTP for a 2025-11-25 client and a 2026-07-28
//   client (a fresh stateless server per request, as deployed).
//   pnpm --filter @trackerkit/mcp-server bench
import { performance } from 'node:perf_hooks';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttp,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createTrackerClient } from '@trackerkit/client';
import { startEmulator } from '@trackerkit/emulator';
import { createTrackerMcpServer, startHttpServer } from '../src/index.ts';
import { listingTokens, TOOLS_LIST_TOKEN_BUDGET } from '../test/token-budget.ts';

const ITERATIONS = 400;
const WARMUP = 50;

const p50 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const emulator = await startEmulator({ port: 0, log: () => {} });
try {
  const api = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  const server = createTrackerMcpServer({ client: api });
  const mcp = new Client({ name: 'bench', version: '0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(b), mcp.connect(a)]);

  for (let i = 0; i < 10; i++) {
    await api.trackers.create(emulator.spaceId, {
      name: `Bench tracker ${i}`,
      description: 'A tracker for the benchmark.',
      run_mode: 'manual',
      agent_config: {
        instruction: 'Weigh the vault data.',
        score_meaning: '10 = good',
        skills: ['web_research'],
      },
    });
  }
  const http = await startHttpServer({ client: api, port: 0 });
  const requestInit = { headers: { authorization: `Bearer ${http.authToken}` } };
  const legacyHttp = new Client({ name: 'bench-2025', version: '0' });
  await legacyHttp.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit }));
  const modernHttp = new ModernClient(
    { name: 'bench-2026', version: '0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await modernHttp.connect(new ModernHttp(new URL(http.url), { requestInit }));
  // What the model reads: the tools array, as each era's client receives it from the SDK.
  const listings = [
    ['2025-11-25', (await mcp.listTools()).tools],
    ['2026-07-28', (await modernHttp.listTools()).tools],
  ] as const;

  const getSpace = { name: 'get_space', arguments: { space_id: emulator.spaceId } };
  const listTrackers = { name: 'list_trackers', arguments: { space_id: emulator.spaceId } };
  const directGet = () => api.spaces.get(emulator.spaceId);
  const directList = () => api.trackers.list({ space_id: emulator.spaceId, page: 1, page_size: 10 });
  const cases = [
    { name: 'get_space, in memory', direct: directGet, viaMcp: () => mcp.callTool(getSpace) },
    { name: 'list_trackers, in memory', direct: directList, viaMcp: () => mcp.callTool(listTrackers) },
    { name: 'get_space, HTTP 2025-11-25', direct: directGet, viaMcp: () => legacyHttp.callTool(getSpace) },
    { name: 'get_space, HTTP 2026-07-28', direct: directGet, viaMcp: () => modernHttp.callTool(getSpace) },
  ];
  const rows: string[][] = [];
  for (const c of cases) {
    const direct: number[] = [];
    const viaMcp: number[] = [];
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      // Interleaved, so drift in the emulator or the machine affects both sides alike.
      const d = await time(c.direct);
      const m = await time(c.viaMcp);
      if (i >= WARMUP) {
        direct.push(d);
        viaMcp.push(m);
      }
    }
    const overhead = p50(viaMcp.map((m, i) => m - (direct[i] ?? 0)));
    rows.push([
      `${c.name} p50 (ms)`,
      p50(direct).toFixed(3),
      p50(viaMcp).toFixed(3),
      `+${overhead.toFixed(3)} ms (x${(p50(viaMcp) / p50(direct)).toFixed(2)}; goal <= 2 ms)`,
    ]);
  }
  await mcp.close();
  await server.close();
  await legacyHttp.close();
  await modernHttp.close();
  await http.close();

  const table = [
    ['measure', 'direct client', 'via MCP', 'MCP cost'],
    ...listings.map(([era, tools]) => [
      `tools/list ${era} (${tools.length} tools)`,
      '-',
      `${Buffer.byteLength(JSON.stringify({ tools }))} bytes`,
      `${listingTokens(tools)} tokens (o200k_base; goal <= ${TOOLS_LIST_TOKEN_BUDGET})`,
    ]),
    ...rows,
  ];
  const widths = table[0]?.map((_, col) => Math.max(...table.map((row) => row[col]?.length ?? 0))) ?? [];
  for (const row of table) console.log(row.map((cell, col) => cell.padEnd(widths[col] ?? 0)).join('  |  '));
  console.log(
    `(${ITERATIONS} interleaved calls per case after ${WARMUP} warm-up; overhead = p50 of per-pair differences)`,
  );
} finally {
  await emulator.close();
}
