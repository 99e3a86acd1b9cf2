import { startEmulator } from '@trackerkit/emulator';
import { describe, expect, it } from 'vitest';
import {
  type Clock,
  createTrackerClient,
  createVirtualClock,
  LIMITS,
  TrackerNetworkError,
  TrackerValidationError,
  type VaultRow,
} from '../../src/index.ts';
import { TOKEN, uploadResponse } from '../helpers/fixtures.ts';
import { type LoopbackServer, sendJson, useLoopbackServers } from '../helpers/loopback-server.ts';

const serve = useLoopbackServers();

interface Upload {
  source_name: string;
  description?: string;
  data: VaultRow[];
}

/** Accepts uploads like the service: counts rows, answers 201. */
async function vaultServer(
  reply?: (index: number) => { status: number; headers?: Record<string, string> } | undefined,
) {
  let index = 0;
  const server = await serve((req, res) => {
    const body = req.json<Upload>();
    const override = reply?.(index++);
    if (override) return sendJson(res, override.status, { detail: 'no' }, override.headers);
    sendJson(res, 201, uploadResponse(body.data.length));
  });
  return server;
}

const rows = (n: number, pad = 0): VaultRow[] =>
  Array.from({ length: n }, (_, i) => ({ id: i, sku: `A-${i}`, note: 'x'.repeat(pad) }));

const clientFor = (server: LoopbackServer, clock = createVirtualClock()) =>
  createTrackerClient({ baseUrl: server.baseUrl, token: TOKEN, clock });

const uploads = (server: LoopbackServer) => server.requests.map((r) => r.json<Upload>());

describe('vault.uploadRows', () => {
  it('sends 2,500 rows as exactly 3 requests of at most LIMITS.uploadRowsMax rows', async () => {
    const server = await vaultServer();
    const tracker = clientFor(server);
    const seen: number[] = [];
    const result = await tracker.vault.uploadRows(
      'trk_1',
      { source_name: 'deliveries', description: 'log', rows: rows(2_500) },
      { onBatch: (b) => seen.push(b.rows) },
    );
    expect(server.requests).toHaveLength(3);
    expect(uploads(server).map((u) => u.data.length)).toEqual([
      LIMITS.uploadRowsMax,
      LIMITS.uploadRowsMax,
      500,
    ]);
    expect(uploads(server).every((u) => u.source_name === 'deliveries' && u.description === 'log')).toBe(
      true,
    );
    expect(uploads(server).flatMap((u) => u.data.map((r) => r.id))).toEqual(rows(2_500).map((r) => r.id));
    expect(result).toEqual({ source_id: 'src_1', batches: 3, rows_processed: 2_500 });
    expect(seen).toEqual([1000, 1000, 500]);
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('splits byte-heavy rows by size, never above LIMITS.uploadBytesMax', async () => {
    const server = await vaultServer();
    const tracker = clientFor(server);
    // ~40 kB per row: about 250 rows fit in one request.
    const heavy = rows(600, 40_000);
    await tracker.vault.uploadRows('trk_1', { source_name: 'blobs', rows: heavy });
    const sizes = server.requests.map((r) => r.body.length);
    expect(sizes.length).toBe(Math.ceil((600 * 40_050) / LIMITS.uploadBytesMax));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(LIMITS.uploadBytesMax);
    // Each full request is packed close to the limit, not cut early.
    expect(sizes[0]).toBeGreaterThan(LIMITS.uploadBytesMax - 41_000);
    expect(uploads(server).reduce((n, u) => n + u.data.length, 0)).toBe(600);
  });

  it('takes async iterables', async () => {
    const server = await vaultServer();
    const tracker = clientFor(server);
    async function* generate() {
      for (let i = 0; i < 1_200; i++) yield { i };
    }
    const result = await tracker.vault.uploadRows('trk_1', { source_name: 's', rows: generate() });
    expect(result.batches).toBe(2);
    expect(result.rows_processed).toBe(1_200);
  });

  it('on 429 waits for Retry-After and resends the same batch, once', async () => {
    const server = await vaultServer((i) =>
      i === 1 ? { status: 429, headers: { 'retry-after': '9' } } : undefined,
    );
    const clock = createVirtualClock();
    const tracker = clientFor(server, clock);
    const result = await tracker.vault.uploadRows('trk_1', { source_name: 's', rows: rows(2_500) });
    expect(server.requests).toHaveLength(4);
    expect(server.requests[2]?.body.equals(server.requests[1]!.body)).toBe(true);
    expect(clock.now()).toBeGreaterThanOrEqual(9_000);
    expect(result).toMatchObject({ batches: 3, rows_processed: 2_500 });
  });

  it('never resends a batch that failed after reaching the service', async () => {
    let calls = 0;
    const server = await serve((req, res) => {
      if (++calls === 2) return void res.socket?.destroy();
      sendJson(res, 201, uploadResponse(req.json<Upload>().data.length));
    });
    const tracker = clientFor(server);
    const done: number[] = [];
    const error = await tracker.vault
      .uploadRows('trk_1', { source_name: 's', rows: rows(3_000) }, { onBatch: (b) => done.push(b.index) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackerNetworkError);
    expect(server.requests).toHaveLength(2);
    expect(done).toEqual([0]);
  });

  // The emulator enforces the document's upload limit on its manual clock, which the client's
  // clock drives: its journal says what reached the service and what was answered.
  it('paces to LIMITS.uploadsPerWindow per LIMITS.uploadWindowSeconds on the injected clock', async () => {
    const emu = await startEmulator({ clock: 'manual', clockStart: '2030-01-01T00:00:00Z', log: () => {} });
    try {
      const start = Date.parse(emu.clock.now());
      const clock: Clock = {
        now: () => Date.parse(emu.clock.now()) - start,
        sleep: async (ms, signal) => {
          signal?.throwIfAborted();
          await emu.clock.advance(ms / 60_000);
        },
      };
      const tracker = createTrackerClient({ baseUrl: emu.baseUrl, token: emu.token, clock });
      const { tracker_id } = await tracker.trackers.create(emu.spaceId, {
        name: 'uploads',
        description: 'paced uploads',
        run_mode: 'manual',
        agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
      });
      const batches = LIMITS.uploadsPerWindow * 2 + 5;
      const result = await tracker.vault.uploadRows(tracker_id, {
        source_name: 's',
        rows: rows(batches * LIMITS.uploadRowsMax),
      });
      expect(result.batches).toBe(batches);
      emu.requests.verify(
        { operation_id: 'uploadVaultData', tracker_id },
        { count: batches, notStatus: 429 },
      );
      // Two full windows were needed, and not more.
      expect(clock.now()).toBe(2 * LIMITS.uploadWindowSeconds * 1000);
      const atStart = emu.requests
        .list({ operation_id: 'uploadVaultData' })
        .filter((e) => e.at === '2030-01-01T00:00:00.000Z');
      expect(atStart).toHaveLength(LIMITS.uploadsPerWindow);
    } finally {
      await emu.close();
    }
  });

  it.each([
    [
      'a row that is not an object',
      { rows: [{ a: 1 }, [1, 2]] as unknown as VaultRow[], field: 'rows[1]', rule: 'type: object' },
    ],
    [
      'a row larger than a request',
      {
        rows: [{ big: 'x'.repeat(LIMITS.uploadBytesMax) }],
        field: 'rows[0]',
        rule: `x-max-request-bytes: ${LIMITS.uploadBytesMax}`,
      },
    ],
    ['no rows', { rows: [], field: 'rows', rule: 'minItems: 1' }],
  ])('rejects %s before sending', async (_name, { rows: given, field, rule }) => {
    const server = await vaultServer();
    const tracker = clientFor(server);
    const error = (await tracker.vault
      .uploadRows('trk_1', { source_name: 's', rows: given })
      .catch((e: unknown) => e)) as TrackerValidationError;
    expect(error).toBeInstanceOf(TrackerValidationError);
    expect([error.field, error.rule]).toEqual([field, rule]);
    expect(server.requests.length).toBe(0);
  });
});

describe('vault.upload', () => {
  it('sends one request and checks rows and bytes first', async () => {
    const server = await vaultServer();
    const tracker = clientFor(server);
    const ok = await tracker.vault.upload('trk_1', { source_name: 's', data: rows(3) });
    expect(ok.rows_processed).toBe(3);
    const tooMany = (await tracker.vault
      .upload('trk_1', { source_name: 's', data: rows(LIMITS.uploadRowsMax + 1) })
      .catch((e: unknown) => e)) as TrackerValidationError;
    expect([tooMany.field, tooMany.rule]).toEqual(['data', `maxItems: ${LIMITS.uploadRowsMax}`]);
    const tooBig = (await tracker.vault
      .upload('trk_1', { source_name: 's', data: rows(300, 40_000) })
      .catch((e: unknown) => e)) as TrackerValidationError;
    expect([tooBig.field, tooBig.rule]).toEqual(['data', `x-max-request-bytes: ${LIMITS.uploadBytesMax}`]);
    expect(server.requests).toHaveLength(1);
  });
});
