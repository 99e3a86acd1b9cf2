// The request journal on a real socket: what each request carried (credentials redacted), what it
// was answered, filters, the ring's cap, and the console's /_emulator/requests.
import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorOptions } from '../../src/index.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
const start = async (options: EmulatorOptions = {}) => {
  h = await startHarness({ clock: 'manual', clockStart: '2030-01-01T00:00:00Z', ...options });
  return h;
};
afterEach(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
});

describe('the request journal', () => {
  it('records each request: operation, parameters, redacted headers, body and answer', async () => {
    await start();
    const t = await h.tracker();
    await h.emu.clock.advance(3);
    await h.api('POST', `/api/trackers/${t.tracker_id}/vault/sources`, {
      source_name: 's',
      data: [{ a: 1 }],
    });
    await h.api('GET', `/api/trackers?space_id=${h.emu.spaceId}&page_size=5`);
    await h.api('GET', '/api/trackers/trk_missing');
    const [upload] = h.emu.requests.list({ operation_id: 'uploadVaultData' });
    expect(upload).toMatchObject({
      at: '2030-01-01T00:03:00.000Z',
      method: 'POST',
      path: `/v1/api/trackers/${t.tracker_id}/vault/sources`,
      params: { tracker_id: t.tracker_id },
      account_id: h.emu.accountId,
      status: 201,
      fault: null,
      body: { media_type: 'application/json', json: { source_name: 's', data: [{ a: 1 }] } },
    });
    expect(upload?.headers.authorization).toBe('[redacted]');
    expect(JSON.stringify(h.emu.requests.list())).not.toContain(h.emu.token);
    expect(upload?.body?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [list] = h.emu.requests.list({ operation_id: 'listTrackers' });
    expect(list?.query).toEqual({ space_id: h.emu.spaceId, page_size: '5' });
    expect(h.emu.requests.count({ space_id: h.emu.spaceId })).toBe(2); // create (path) and list (query)
    expect(h.emu.requests.list({ status: 404 }).map((e) => e.params)).toEqual([
      { tracker_id: 'trk_missing' },
    ]);
  });

  it('makes "exactly 3 uploads for this tracker, none answered 429" one line', async () => {
    await start();
    const t = await h.tracker();
    const other = await h.tracker({ name: 'other' });
    for (const id of [t.tracker_id, t.tracker_id, other.tracker_id, t.tracker_id])
      await h.api('POST', `/api/trackers/${id}/vault/sources`, { source_name: 's', data: [{ a: 1 }] });
    const filter = { operation_id: 'uploadVaultData', tracker_id: t.tracker_id };
    expect(h.emu.requests.verify(filter, { count: 3, notStatus: 429 })).toHaveLength(3);
    const rule = h.emu.faults.add({
      operation_id: 'uploadVaultData',
      kind: 'status',
      status: 429,
      retry_after: 1,
    });
    await h.api('POST', `/api/trackers/${t.tracker_id}/vault/sources`, {
      source_name: 's',
      data: [{ a: 1 }],
    });
    expect(() => h.emu.requests.verify(filter, { count: 3, notStatus: 429 })).toThrow(
      /expected 3 request\(s\), got 4; expected none answered 429, got 1/,
    );
    const [faulted] = h.emu.requests.list({ ...filter, status: 429 });
    expect(faulted?.fault).toBe(rule.fault_id);
  });

  it('keeps at most journalSize entries, and none with 0', async () => {
    await start({ journalSize: 2 });
    const t = await h.tracker();
    for (let i = 0; i < 3; i++) await h.api('GET', `/api/trackers/${t.tracker_id}`);
    const answer = await h.console('GET', '/requests');
    expect(answer.body).toMatchObject({ total: 2, dropped: 2, capacity: 2 });
    await h.emu.close();
    await start({ journalSize: 0 });
    await h.tracker();
    expect(h.emu.requests.count()).toBe(0);
  });

  it('answers the console: filters, limit, 422 for an unknown filter, clear and reset', async () => {
    await start();
    const t = await h.tracker();
    await h.api('GET', `/api/trackers/${t.tracker_id}`);
    await h.api('GET', `/api/trackers/${t.tracker_id}`, undefined, 'qapi_wrong');
    const got = await h.console('GET', `/requests?operation_id=getTracker&tracker_id=${t.tracker_id}`);
    expect(got.body.data.map((e: { status: number }) => e.status)).toEqual([200, 401]);
    expect(got.body.data[1].account_id).toBeNull();
    const some = await h.console('GET', '/requests?status=401,404&limit=1');
    expect([some.body.total, some.body.data.length]).toEqual([1, 1]);
    const wrong = await h.console('GET', '/requests?operation=getTracker&limit=x');
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail.map((i: { loc: string[] }) => i.loc)).toEqual([
      ['query', 'operation'],
      ['query', 'limit'],
    ]);
    // Console requests are not journaled: only the service's API is.
    expect(h.emu.requests.count()).toBe(3);
    expect((await h.console('DELETE', '/requests')).body).toEqual({ cleared: 3 });
    await h.api('GET', `/api/trackers/${t.tracker_id}`);
    h.emu.reset();
    expect(h.emu.requests.count()).toBe(0);
  });
});
