// What the MCP layer costs, measured against the emulator in one run, each server a process of
// its own (the emulator, trackerkit-mcp --http with a shared token and with OAuth users signed in
// through a real authorization server, trackerkit-mcp on stdio), real SDK clients here:
// - CPU per call: the MCP server process's CPU-µs per tool call (utime + stime of /proc/PID/stat)
//   against the emulator process's CPU-µs for the same request (goal <= 2x), at the same pace:
//   the emulator's CPU per request rises as requests come further apart (waking up for each one
//   costs more than taking them back to back), so the like-for-like figure is the emulator
//   serving the MCP server's own requests during the MCP batch. Beside it, for comparison, the same request sent by @trackerkit/client directly, back to
//   back and spaced about 1 ms apart (a timer between calls, near the MCP call's own pace);
//   rounds of BATCH calls, the direct batches and the MCP batch interleaved, the order swapped
//   every round;
// - the floor (floor-server.ts): a bare proxy with no SDK, no checks and no rendering, over the
//   same transport, its batch interleaved with the MCP batch in every round. Its ratio to the
//   emulator is what the I/O of any server in between costs; "MCP / floor" is what MCP adds;
// - latency: p50 of the MCP call minus p50 of the direct client call (goal <= 1 ms);
// - the size of tools/list in tokens of a real tokenizer (o200k_base, gpt-tokenizer; goal
//   <= TOOLS_LIST_TOKEN_BUDGET).
// Medians over rounds with [min-max] spreads. Linux only (/proc). BENCH_ROUNDS and BENCH_BATCH
// size the run; BENCH_CPU_PROF=<dir> writes the MCP servers' CPU profiles (node --cpu-prof) there;
// BENCH_MCP_BIN=<path of another tree's src/bin.ts> measures that server instead (a baseline).
//   pnpm --filter @trackerkit/mcp-server bench

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttp,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTrackerClient } from '@trackerkit/client';
import { SCOPES, signInAt, startAuthorizationServer } from '../test/integration/authorization-server.ts';
import { listingTokens, TOOLS_LIST_TOKEN_BUDGET } from '../test/token-budget.ts';
import { cpuMicros, here, loadAverage, profileFlags, startChild } from './processes.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const BATCH = Number(process.env.BENCH_BATCH ?? 300);
const WARMUP = 200;
const AUTH = 'bench-auth-token-0123456789abcdef';

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const spread = (xs: number[], digits: number) =>
  `${median(xs).toFixed(digits)} [${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}]`;

type CallTool = (request: { name: string; arguments: Record<string, unknown> }) => Promise<unknown>;

const emulator = await startChild([
  '--conditions=trackerkit-source',
  here('../node_modules/@trackerkit/emulator/src/bin.ts'),
]);
const { base_url: baseUrl, token, space_id: spaceId } = emulator.ready as Record<string, string>;
const serverArgs = [
  '--conditions=trackerkit-source',
  // Another tree's server (a baseline copy) when BENCH_MCP_BIN names its src/bin.ts.
  process.env.BENCH_MCP_BIN ?? here('../src/bin.ts'),
  '--api-url',
  baseUrl as string,
  '--api-token',
  token as string,
];
const http = await startChild([
  ...profileFlags('mcp-http'),
  ...serverArgs,
  '--http',
  '--port',
  '0',
  '--auth-token',
  AUTH,
]);
// The server hosted for a team: users sign in through a real authorization server (oidc-provider)
// and each call runs with the user's own Tracker token, kept in a SQLite user store.
const as = await startAuthorizationServer();
const userStoreDir = mkdtempSync(join(tmpdir(), 'trackerkit-mcp-bench-'));
const oauthHttp = await startChild(
  [
    ...profileFlags('mcp-oauth'),
    ...serverArgs.slice(0, 4),
    '--http',
    '--port',
    '0',
    '--oauth-issuer',
    as.issuer,
    '--user-store',
    join(userStoreDir, 'users.db'),
  ],
  { ...process.env, TRACKERKIT_MCP_TOKEN_KEY: Buffer.alloc(32, 3).toString('base64') },
);
as.setResource(oauthHttp.ready.url as string);
const stdio = new StdioClientTransport({
  command: process.execPath,
  args: [...profileFlags('mcp-stdio'), ...serverArgs],
  stderr: 'inherit',
});
// The floor beside them (floor-server.ts): a bare proxy with no SDK, over HTTP and over stdio.
const floorArgs = (mode: 'http' | 'stdio') => [
  here('./floor-server.ts'),
  mode,
  baseUrl as string,
  token as string,
];
const floorHttp = await startChild([...profileFlags('floor-http'), ...floorArgs('http')]);
const floorStdio = new StdioClientTransport({
  command: process.execPath,
  args: [...profileFlags('floor-stdio'), ...floorArgs('stdio')],
  stderr: 'inherit',
});
const api = createTrackerClient({ baseUrl: baseUrl as string, token: token as string });
const requestInit = { headers: { authorization: `Bearer ${AUTH}` } };
const mcpUrl = new URL(http.ready.url as string);
const legacyHttp = new Client({ name: 'bench-2025', version: '0' });
const modernHttp = new ModernClient(
  { name: 'bench-2026', version: '0' },
  { versionNegotiation: { mode: { pin: '2026-07-28' } } },
);
const modernStdio = new ModernClient({ name: 'bench-stdio', version: '0' });
const floorHttpClient = new Client({ name: 'bench-floor-http', version: '0' });
const floorStdioClient = new Client({ name: 'bench-floor-stdio', version: '0' });
const legacyOAuth = new Client({ name: 'bench-oauth-2025', version: '0' });
const modernOAuth = new ModernClient(
  { name: 'bench-oauth-2026', version: '0' },
  { versionNegotiation: { mode: { pin: '2026-07-28' } } },
);
try {
  await legacyHttp.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit }));
  await modernHttp.connect(new ModernHttp(mcpUrl, { requestInit }));
  await modernStdio.connect(stdio);
  await floorHttpClient.connect(new StreamableHTTPClientTransport(new URL(floorHttp.ready.url as string)));
  await floorStdioClient.connect(floorStdio);
  // One user, signed in once (an hour's token), their Tracker token registered as a user would.
  const oauthUrl = new URL(oauthHttp.ready.url as string);
  const user = await signInAt(as, oauthUrl.href, 'bench-user', SCOPES, 3600);
  const registered = await user.call('register_tracker_token', { api_token: token });
  if (registered.isError) throw new Error(`register_tracker_token: ${JSON.stringify(registered)}`);
  await user.close();
  const userInit = { headers: { authorization: `Bearer ${user.auth.accessToken}` } };
  await legacyOAuth.connect(new StreamableHTTPClientTransport(oauthUrl, { requestInit: userInit }));
  await modernOAuth.connect(new ModernHttp(oauthUrl, { requestInit: userInit }));
  let trackerId = '';
  for (let i = 0; i < 10; i++) {
    const created = await api.trackers.create(spaceId as string, {
      name: `Bench tracker ${i}`,
      description: 'A tracker for the benchmark.',
      run_mode: 'manual',
      agent_config: {
        instruction: 'Weigh the vault data.',
        score_meaning: '10 = good',
        skills: ['web_research'],
      },
    });
    trackerId = created.tracker_id;
  }
  // What the model reads: the tools array, as each era's client receives it from the SDK.
  const listings = [
    ['2025-11-25', (await legacyHttp.listTools()).tools],
    ['2026-07-28', (await modernHttp.listTools()).tools],
  ] as const;

  const tools = [
    {
      tool: 'get_tracker',
      args: { tracker_id: trackerId },
      direct: () => api.trackers.get(trackerId),
    },
    {
      tool: 'list_trackers',
      args: { space_id: spaceId, page: 1, page_size: 10 },
      direct: () => api.trackers.list({ space_id: spaceId as string, page: 1, page_size: 10 }),
    },
  ];
  const rowsToMeasure: { name: string; pid: number; call: CallTool }[] = [
    { name: 'HTTP 2026-07-28', pid: http.pid, call: (r) => modernHttp.callTool(r) },
    { name: 'HTTP 2025-11-25', pid: http.pid, call: (r) => legacyHttp.callTool(r) },
    { name: 'stdio', pid: stdio.pid as number, call: (r) => modernStdio.callTool(r) },
    { name: 'HTTP OAuth 2026-07-28', pid: oauthHttp.pid, call: (r) => modernOAuth.callTool(r) },
    { name: 'HTTP OAuth 2025-11-25', pid: oauthHttp.pid, call: (r) => legacyOAuth.callTool(r) },
  ];
  // Each MCP row is measured beside the floor over the same transport, in the same rounds.
  const floorOver: Record<'http' | 'stdio', { pid: number; call: CallTool }> = {
    http: { pid: floorHttp.pid, call: (r) => floorHttpClient.callTool(r) },
    stdio: { pid: floorStdio.pid as number, call: (r) => floorStdioClient.callTool(r) },
  };
  const transports = rowsToMeasure.map((row) => ({
    ...row,
    floor: row.name === 'stdio' ? floorOver.stdio : floorOver.http,
  }));

  /** Runs `fn` n times: each call's latency (ms) and CPU-µs per call of the server and the emulator. */
  const apart = () => new Promise((resolve) => setTimeout(resolve, 1));

  async function batch(n: number, fn: () => Promise<unknown>, serverPid: number | undefined, spaced = false) {
    const latencies: number[] = [];
    const emulatorBefore = cpuMicros(emulator.pid);
    const serverBefore = serverPid === undefined ? { total: 0, system: 0 } : cpuMicros(serverPid);
    for (let i = 0; i < n; i++) {
      const start = performance.now();
      await fn();
      latencies.push(performance.now() - start);
      if (spaced) await apart();
    }
    const serverAfter = serverPid === undefined ? serverBefore : cpuMicros(serverPid);
    return {
      latencies,
      emulatorCpu: (cpuMicros(emulator.pid).total - emulatorBefore.total) / n,
      serverCpu: (serverAfter.total - serverBefore.total) / n,
      serverSystem: (serverAfter.system - serverBefore.system) / n,
    };
  }

  const rows: string[][] = [];
  for (const { tool, args, direct } of tools) {
    for (const transport of transports) {
      const through = (call: CallTool) => async () => {
        const result = (await call({ name: tool, arguments: args })) as { isError?: boolean };
        if (result.isError) throw new Error(`${tool}: ${JSON.stringify(result)}`);
      };
      const viaMcp = through(transport.call);
      const viaFloor = through(transport.floor.call);
      await batch(WARMUP, direct, undefined);
      await batch(WARMUP, viaMcp, transport.pid);
      await batch(WARMUP, viaFloor, transport.floor.pid);
      const directMs: number[] = [];
      const mcpMs: number[] = [];
      const ratios: number[] = [];
      const ratiosSamePace: number[] = [];
      const emulatorCpu: number[] = [];
      const emulatorSpaced: number[] = [];
      const emulatorDuringMcp: number[] = [];
      const serverCpu: number[] = [];
      const serverSystem: number[] = [];
      const overheads: number[] = [];
      const floorCpu: number[] = [];
      const floorSamePace: number[] = [];
      const overFloor: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Interleaved, the order swapped each round: drift in the machine affects both sides alike.
        const first = round % 2 === 0;
        const d1 = first ? await batch(BATCH, direct, undefined) : undefined;
        const f1 = first ? await batch(BATCH, viaFloor, transport.floor.pid) : undefined;
        const m = await batch(BATCH, viaMcp, transport.pid);
        const f = f1 ?? (await batch(BATCH, viaFloor, transport.floor.pid));
        const d = d1 ?? (await batch(BATCH, direct, undefined));
        floorCpu.push(f.serverCpu);
        floorSamePace.push(f.serverCpu / f.emulatorCpu);
        overFloor.push(m.serverCpu / m.emulatorCpu / (f.serverCpu / f.emulatorCpu));
        emulatorSpaced.push((await batch(BATCH, direct, undefined, true)).emulatorCpu);
        directMs.push(...d.latencies);
        mcpMs.push(...m.latencies);
        emulatorCpu.push(d.emulatorCpu);
        emulatorDuringMcp.push(m.emulatorCpu);
        serverCpu.push(m.serverCpu);
        serverSystem.push(m.serverSystem);
        ratios.push(m.serverCpu / d.emulatorCpu);
        ratiosSamePace.push(m.serverCpu / m.emulatorCpu);
        overheads.push(median(m.latencies) - median(d.latencies));
      }
      const overhead = median(mcpMs) - median(directMs);
      rows.push([
        `${tool}, ${transport.name}`,
        spread(serverCpu, 0),
        spread(serverSystem, 0),
        spread(emulatorDuringMcp, 0),
        `x${spread(ratiosSamePace, 2)}`,
        spread(floorCpu, 0),
        `x${spread(floorSamePace, 2)}`,
        `x${spread(overFloor, 2)}`,
        spread(emulatorSpaced, 0),
        spread(emulatorCpu, 0),
        `x${spread(ratios, 2)}`,
        median(directMs).toFixed(3),
        median(mcpMs).toFixed(3),
        `+${overhead.toFixed(3)} [${Math.min(...overheads).toFixed(3)}-${Math.max(...overheads).toFixed(3)}]`,
      ]);
    }
  }

  const print = (table: string[][]) => {
    const widths = table[0]?.map((_, col) => Math.max(...table.map((row) => row[col]?.length ?? 0))) ?? [];
    for (const row of table) console.log(row.map((cell, col) => cell.padEnd(widths[col] ?? 0)).join(' | '));
  };
  print([
    ['tools/list', 'tools', 'bytes', `tokens (o200k_base; goal <= ${TOOLS_LIST_TOKEN_BUDGET})`],
    ...listings.map(([era, listed]) => [
      era,
      String(listed.length),
      String(Buffer.byteLength(JSON.stringify({ tools: listed }))),
      String(listingTokens(listed)),
    ]),
  ]);
  console.log('');
  print([
    [
      'call',
      'MCP server CPU-µs/call',
      'of which kernel',
      'emulator CPU-µs/req, via MCP',
      'MCP / emulator, same pace (goal <= 2)',
      'floor CPU-µs/call',
      'floor / emulator, same pace',
      'MCP / floor, same pace',
      'emulator, direct ~1 ms apart',
      'emulator, direct back to back',
      'MCP / back to back',
      'direct p50 ms',
      'MCP p50 ms',
      'MCP - direct p50 ms (goal <= 1)',
    ],
    ...rows,
  ]);
  console.log(
    `(${ROUNDS} rounds of ${BATCH} calls per side after ${WARMUP} warm-up; median [min-max] over rounds; latency p50 over all calls, spread of per-round differences; load average ${loadAverage()})`,
  );
} finally {
  await legacyHttp.close();
  await modernHttp.close();
  await modernStdio.close();
  await legacyOAuth.close();
  await modernOAuth.close();
  await floorHttpClient.close();
  await floorStdioClient.close();
  await floorHttp.stop();
  await http.stop();
  await oauthHttp.stop();
  await as.close();
  rmSync(userStoreDir, { recursive: true, force: true });
  await emulator.stop();
}
