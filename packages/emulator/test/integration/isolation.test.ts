import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, type Loose, startHarness } from './harness.ts';

// Two accounts made through the console. B must not learn anything about A's ids: every call with
// one of A's ids answers exactly (status and body) like the same call with an unknown id.
let h: Harness;
let a: { token: string; space: string; tracker: string; run: string; source: string };
let b: { token: string; tracker: string };

async function account(email: string) {
  const { body: acc } = await h.console('POST', '/accounts', { email });
  const { body: space } = await h.console('POST', `/accounts/${acc.account_id}/spaces`, { name: email });
  return { token: acc.token as string, space: space.space_id as string };
}

const trackerBody = {
  name: 'n',
  description: 'd',
  run_mode: 'manual',
  agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
};

beforeAll(async () => {
  h = await startHarness({ clock: 'manual' });
  const first = await account('a@example.test');
  const tracker = (await h.api('POST', `/api/spaces/${first.space}/trackers`, trackerBody, first.token)).body;
  const run = (await h.api('POST', `/api/trackers/${tracker.tracker_id}/runs`, { sync: true }, first.token))
    .body;
  const source = (
    await h.api(
      'POST',
      `/api/trackers/${tracker.tracker_id}/vault/sources`,
      { source_name: 's', data: { x: 1 } },
      first.token,
    )
  ).body;
  a = { ...first, tracker: tracker.tracker_id, run: run.run_id, source: source.source_id };
  const second = await account('b@example.test');
  const own = (await h.api('POST', `/api/spaces/${second.space}/trackers`, trackerBody, second.token)).body;
  b = { token: second.token, tracker: own.tracker_id };
});
afterAll(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
});

const form = () => {
  const f = new FormData();
  f.set('file', new Blob(['hello']), 'notes.txt');
  return f;
};

type Ids = { space: string; tracker: string; run: string; source: string; own: string };
const calls: [string, (ids: Ids) => [string, string, unknown?]][] = [
  ['getSpace', (i) => ['GET', `/api/spaces/${i.space}`]],
  ['createTracker', (i) => ['POST', `/api/spaces/${i.space}/trackers`, trackerBody]],
  ['listTrackers', (i) => ['GET', `/api/trackers?space_id=${i.space}`]],
  ['getTracker', (i) => ['GET', `/api/trackers/${i.tracker}`]],
  ['updateTracker', (i) => ['PATCH', `/api/trackers/${i.tracker}`, { name: 'stolen' }]],
  ['deleteTracker', (i) => ['DELETE', `/api/trackers/${i.tracker}`]],
  ['triggerRun', (i) => ['POST', `/api/trackers/${i.tracker}/runs`, { sync: true }]],
  ['listRuns', (i) => ['GET', `/api/trackers/${i.tracker}/runs`]],
  ['getRun', (i) => ['GET', `/api/trackers/${i.tracker}/runs/${i.run}`]],
  ['getRun (own tracker)', (i) => ['GET', `/api/trackers/${i.own}/runs/${i.run}`]],
  ['deleteRun', (i) => ['DELETE', `/api/trackers/${i.tracker}/runs/${i.run}`]],
  ['deleteRun (own tracker)', (i) => ['DELETE', `/api/trackers/${i.own}/runs/${i.run}`]],
  ['getVaultRecent', (i) => ['GET', `/api/trackers/${i.tracker}/vault/recent`]],
  [
    'uploadVaultData (JSON)',
    (i) => ['POST', `/api/trackers/${i.tracker}/vault/sources`, { source_name: 'x', data: {} }],
  ],
  ['uploadVaultData (multipart)', (i) => ['POST', `/api/trackers/${i.tracker}/vault/sources`, form()]],
  ['listVaultSources', (i) => ['GET', `/api/trackers/${i.tracker}/vault/sources`]],
  ['getVaultSource', (i) => ['GET', `/api/trackers/${i.tracker}/vault/sources/${i.source}`]],
  ['getVaultSource (own tracker)', (i) => ['GET', `/api/trackers/${i.own}/vault/sources/${i.source}`]],
  [
    'updateVaultSource',
    (i) => ['PATCH', `/api/trackers/${i.tracker}/vault/sources/${i.source}`, { name: 'n' }],
  ],
  [
    'updateVaultSource (own tracker)',
    (i) => ['PATCH', `/api/trackers/${i.own}/vault/sources/${i.source}`, { name: 'n' }],
  ],
  ['deleteVaultSource', (i) => ['DELETE', `/api/trackers/${i.tracker}/vault/sources/${i.source}`]],
  ['deleteVaultSource (own tracker)', (i) => ['DELETE', `/api/trackers/${i.own}/vault/sources/${i.source}`]],
];

describe('ids of another account', () => {
  it.each(calls)('%s answers exactly like an unknown id', async (_, build) => {
    const theirs = build({ ...a, own: b.tracker });
    const unknown = build({
      space: 'spc_00000000-0000-4000-8000-000000000000',
      tracker: 'trk_00000000-0000-4000-8000-000000000000',
      run: 'run_00000000-0000-4000-8000-000000000000',
      source: 'src_00000000-0000-4000-8000-000000000000',
      own: b.tracker,
    });
    const got = await h.api(theirs[0], theirs[1], theirs[2], b.token);
    const want = await h.api(unknown[0], unknown[1], unknown[2], b.token);
    expect(got.status).toBe(404);
    expect({ status: got.status, body: got.body }).toEqual({ status: want.status, body: want.body });
  });

  it('left A’s data untouched and never listed it to B', async () => {
    const tracker = await h.api('GET', `/api/trackers/${a.tracker}`, undefined, a.token);
    expect(tracker.body.name).toBe('n');
    expect((await h.api('GET', `/api/trackers/${a.tracker}/runs/${a.run}`, undefined, a.token)).status).toBe(
      200,
    );
    const sources = await h.api('GET', `/api/trackers/${a.tracker}/vault/sources`, undefined, a.token);
    expect(sources.body.data.map((s: Loose) => s.name)).toEqual(['s']);
    const space = await h.api('GET', `/api/spaces/${a.space}`, undefined, a.token);
    expect(space.body).toMatchObject({ tracker_count: 1, source_count: 1, result_count: 1 });
    const listed = await h.api('GET', '/api/spaces', undefined, b.token);
    expect(listed.body.data.map((s: Loose) => s.space_id)).not.toContain(a.space);
    expect(listed.body.pagination.total_items).toBe(1);
  });

  it('refuses A’s tracker as a linked tracker like an unknown one (400)', async () => {
    const link = (id: string) =>
      h.api('PATCH', `/api/trackers/${b.tracker}`, { agent_config: { linked_trackers: [id] } }, b.token);
    const theirs = await link(a.tracker);
    const unknown = await link('trk_00000000-0000-4000-8000-000000000000');
    expect(theirs.status).toBe(400);
    expect(theirs.body.detail.replace(a.tracker, 'ID')).toBe(
      unknown.body.detail.replace('trk_00000000-0000-4000-8000-000000000000', 'ID'),
    );
  });
});
