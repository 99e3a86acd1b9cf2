import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../../tests/helpers/test-database.ts';
import { openPostgresStore } from '../../src/store/postgres/open-postgres-store.ts';
import type { Store } from '../../src/store/store.ts';
import { ingestItem } from '../helpers/alerts.ts';

// What an ingest costs in round trips to PostgreSQL, counted by the bench's proxy (every time the
// client speaks after the server answered is one): each operation of an alert's plan is one, and
// the alerts of one write batch share its BEGIN and COMMIT.
const proxyScript = fileURLToPath(new URL('../../bench/servers/pg-proxy.ts', import.meta.url));
let proxy: ChildProcess;
let control: URL;
let store: Store;
const schema = freshSchema('tk_round_trips');

const roundTrips = async () => ((await (await fetch(control)).json()) as { roundTrips: number }).roundTrips;
const costOf = async (work: () => Promise<unknown>) => {
  const before = await roundTrips();
  await work();
  return (await roundTrips()) - before;
};
const fired = (id: string, tracker: string) =>
  ingestItem(id, {
    body: JSON.stringify({ type: 'tracker.alert', tracker, id }),
    repeatScope: tracker,
    matches: [{ path: 'root', destinations: ['a', 'b'], repeatIntervalMs: 60_000, muted: false }],
  });

beforeAll(async () => {
  const db = new URL(TEST_DATABASE_URL);
  proxy = spawn(process.execPath, ['--no-warnings', proxyScript, db.host], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise<{ port: number; control: number }>((resolve, reject) => {
    proxy.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString())));
    proxy.once('exit', (code) => reject(new Error(`pg-proxy exited ${code}`)));
  });
  control = new URL(`http://127.0.0.1:${ready.control}/`);
  db.host = `127.0.0.1:${ready.port}`;
  store = await openPostgresStore({ url: db.href, schema, poolSize: 4, register: false });
  // Connections opened before counting: a first query on a new connection costs its handshake.
  await Promise.all(Array.from({ length: 4 }, (_, i) => store.ingest(fired(`warm_${i}`, `trk_warm_${i}`))));
});

afterAll(async () => {
  await store?.close();
  proxy?.kill();
  await dropSchemas([schema]);
});

describe('PostgreSQL round trips per ingest', () => {
  it.each([
    // The alert, its tracker, two outbox rows and its repeats.
    ['an alert on its own', () => store.ingest(fired('one', 'trk_one')), 2 + 5],
    ['a duplicate of it', () => store.ingest(fired('one', 'trk_one')), 2 + 1],
    // The alert, its tracker's repeats and state ended, one outbox row.
    ['a resolve', () => store.ingest(ingestItem('res', { resolves: 'trk_one' })), 2 + 4],
    [
      'a turn of 20 alerts of 20 trackers',
      () =>
        Promise.all(Array.from({ length: 20 }, (_, i) => store.ingest(fired(`many_${i}`, `trk_many_${i}`)))),
      // The 20 trackers fall in all four of the store's batches side by side.
      4 * 2 + 20 * 5,
    ],
    [
      'two alerts of one tracker in one turn',
      () => Promise.all([1, 2].map((n) => store.ingest(fired(`pair_${n}`, 'trk_pair')))),
      2 + 2 * 5,
    ],
  ])('%s: %i', async (_name, work, want) => {
    expect(await costOf(work)).toBe(want);
  });

  it('a delivered mark with no other outcome beside it: its statement in a batch of its own', async () => {
    const stored = await store.ingest(fired('mark_alone', 'trk_mark_alone'));
    const [row] = stored.pending;
    expect(await costOf(() => store.markDelivered(row!.id, 204))).toBe(3);
    expect(await store.get(row!.id)).toMatchObject({ state: 'delivered', lastStatus: 204 });
  });

  it('the stored rows are those the plan decided', async () => {
    const [first, again] = await Promise.all([
      store.ingest(fired('check', 'trk_check')),
      store.ingest(fired('check', 'trk_check')),
    ]);
    expect(first).toMatchObject({ duplicate: false, deliveries: 2 });
    expect(again).toMatchObject({ duplicate: true, alertId: null, deliveries: 0, pending: [] });
    for (const row of first!.pending)
      expect(await store.get(row.id)).toMatchObject({ ...row, payload: null });
    expect((await store.firingAlerts()).map((b) => JSON.parse(b).tracker)).toContain('trk_check');
  });
});
