import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, exampleResolved, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { post } from '../helpers/post.ts';

// biome-ignore lint/suspicious/noExplicitAny: response shapes vary per endpoint; the assertions check them.
type Json = any;
const TOKEN = 'silence-token-0123456789';
let receiver: Receiver;
let hook: Loopback;

beforeAll(async () => {
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  hook = await startLoopback();
  receiver = await startReceiver({
    port: 0,
    storagePath: join(mkdtempSync(join(tmpdir(), 'tk-silence-')), 'store.db'),
    config: {
      server: { admin_token: { env: 'ADMIN_TOKEN' } },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
      destinations: [{ name: 'slack', type: 'slack', url: { env: 'SLACK_URL' } }],
      route: { destination: 'slack' },
      inhibit_rules: [
        { source_matchers: ['signal=Negative'], target_matchers: ['signal=Neutral'], equal: ['space_id'] },
      ],
      delivery: { poll_interval: '20ms' },
      log: { level: 'silent' },
    },
    env: { SECRET, ADMIN_TOKEN: TOKEN, SLACK_URL: `${hook.url}/services/T0/B0/X` },
  });
});

afterAll(async () => {
  await receiver.close();
  await hook.close();
});

const api = async (method: string, path: string, body?: unknown, token: string | null = TOKEN) => {
  const response = await fetch(`${receiver.url}/api/silences${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Json };
};

/**
 * Sends an alert; resolves with the state of its one outbox row for Slack: a held alert's is stored
 * before the 200; a sent one is its group notification, made by the flush that follows (awaited).
 */
async function send(name: string, overrides: Record<string, unknown> = {}, resolved = false) {
  const event = resolved
    ? exampleResolved({ tracker_name: name, ...overrides })
    : exampleAlert({ tracker_name: name, ...overrides });
  const req = signedRequest(event);
  expect((await post(receiver.sourceUrls.tracker!, req.body, req.headers)).status).toBe(200);
  const states = ['pending', 'delivered', 'silenced', 'inhibited', 'muted'] as const;
  const row = async () =>
    (await Promise.all(states.map((s) => receiver.store.list(s))))
      .flat()
      .find((d) => d.webhookId === req.headers['webhook-id']);
  // A resolve makes no row of its own to wait for.
  if (resolved) return (await row())?.state;
  return (await waitUntil(row, { what: `the outbox row of ${name}` })).state;
}
const delivered = (name: string) => hook.waitFor((l) => l.requests.some((r) => r.body.includes(name)));
const sent = (name: string) => hook.requests.filter((r) => r.body.includes(name)).length;

describe('silences API (Alertmanager v2 shapes, admin auth of /-/reload)', () => {
  it('create → the next matching alert is silenced, an unmatched one delivered; expire → delivered again', async () => {
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await api('POST', '', {
      matchers: [
        { name: 'signal', value: 'Poor', isRegex: false, isEqual: true },
        'tracker_id="trk_silenced"',
      ],
      endsAt,
      createdBy: 'ops',
      comment: 'maintenance',
    });
    expect(created.status).toBe(200);
    const id = created.json.silenceID as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    expect(await send('Silenced one', { signal: 'Poor', tracker_id: 'trk_silenced' })).toBe('silenced');
    expect(await send('Other tracker', { signal: 'Poor', tracker_id: 'trk_other' })).not.toBe('silenced');
    await delivered('Other tracker');

    const listed = await api('GET', '');
    expect(listed.status).toBe(200);
    expect(listed.json).toContainEqual(
      expect.objectContaining({
        id,
        status: { state: 'active' },
        createdBy: 'ops',
        comment: 'maintenance',
        endsAt,
      }),
    );

    const expired = await api('DELETE', `/${id}`);
    expect(expired).toMatchObject({ status: 200, json: { id, status: { state: 'expired' } } });
    expect((await api('GET', `/${id}`)).json.status).toEqual({ state: 'expired' });

    expect(await send('After expiry', { signal: 'Poor', tracker_id: 'trk_silenced' })).not.toBe('silenced');
    await delivered('After expiry');
    // The silenced alert was stored, visible, and never sent.
    expect(sent('Silenced one')).toBe(0);
    expect((await receiver.store.list('silenced')).map((d) => d.destination)).toEqual(['slack']);
  });

  it('400 naming the field for bad matchers, endsAt <= startsAt and bad JSON; 404 for an unknown id', async () => {
    const now = Date.now();
    const bad = await api('POST', '', {
      matchers: ['signal~Poor'],
      endsAt: new Date(now + 1000).toISOString(),
      createdBy: 'a',
      comment: 'c',
    });
    expect(bad).toMatchObject({ status: 400, json: { reason: 'invalid_silence' } });
    expect(bad.json.error).toContain('matchers.0: bad matcher');
    const backwards = await api('POST', '', {
      matchers: ['signal=Poor'],
      startsAt: new Date(now + 7_200_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      createdBy: 'a',
      comment: 'c',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.error).toContain('endsAt: must be after startsAt');
    expect(await api('POST', '', '{not json')).toMatchObject({
      status: 400,
      json: { reason: 'invalid_json' },
    });
    expect(await api('DELETE', '/no-such-id')).toMatchObject({ status: 404, json: { reason: 'not_found' } });
  });

  it('updates as Alertmanager does: in place when the matchers stay, else the old one expires and a new id is made', async () => {
    const hour = 3_600_000;
    const body = (over: Record<string, unknown> = {}) => ({
      matchers: ['tracker_id="trk_update"'],
      endsAt: new Date(Date.now() + hour).toISOString(),
      createdBy: 'ops',
      comment: 'first',
      ...over,
    });
    const { json: created } = await api('POST', '', body());
    const id = created.silenceID as string;
    const original = (await api('GET', `/${id}`)).json;
    // Same matchers, same start, later end, new comment: the same silence, changed.
    const later = new Date(Date.now() + 2 * hour).toISOString();
    const extended = await api(
      'POST',
      '',
      body({ id, startsAt: original.startsAt, endsAt: later, comment: 'extended' }),
    );
    expect(extended).toMatchObject({ status: 200, json: { silenceID: id } });
    expect((await api('GET', `/${id}`)).json).toMatchObject({
      comment: 'extended',
      endsAt: later,
      status: { state: 'active' },
    });
    // Other matchers: a new silence; the old one expired.
    const moved = await api(
      'POST',
      '',
      body({ id, matchers: ['tracker_id="trk_update_2"'], comment: 'moved' }),
    );
    expect(moved.status).toBe(200);
    expect(moved.json.silenceID).not.toBe(id);
    expect((await api('GET', `/${id}`)).json.status).toEqual({ state: 'expired' });
    expect((await api('GET', `/${moved.json.silenceID}`)).json).toMatchObject({
      comment: 'moved',
      status: { state: 'active' },
    });
    expect(await send('Moved silence', { tracker_id: 'trk_update_2' })).toBe('silenced');
    // An id that does not exist: 404, nothing made.
    expect(await api('POST', '', body({ id: 'no-such-silence' }))).toMatchObject({
      status: 404,
      json: { reason: 'not_found' },
    });
  });

  it('needs the admin token (401 without it)', async () => {
    expect(await api('GET', '', undefined, null)).toMatchObject({
      status: 401,
      json: { reason: 'unauthorized' },
    });
    expect(await api('POST', '', {}, 'wrong-token-wrong-token')).toMatchObject({ status: 401 });
  });
});

describe('inhibit_rules over HTTP', () => {
  // A tracker fires one alert at a time (its next replaces it), so source and target are two
  // trackers of one space.
  it('inhibits a target while its source fires in the same space, until resolved', async () => {
    const space = { space_id: 'spc_inh' };
    expect(await send('Source', { signal: 'Negative', tracker_id: 'trk_inh_src', ...space })).toMatch(
      /^(pending|delivered)$/,
    );
    expect(await send('Target held', { signal: 'Neutral', tracker_id: 'trk_inh', ...space })).toBe(
      'inhibited',
    );
    expect(
      await send('Target elsewhere', { signal: 'Neutral', tracker_id: 'trk_free', space_id: 'spc_other' }),
    ).toMatch(/^(pending|delivered)$/);
    await send('Source resolved', { tracker_id: 'trk_inh_src', ...space }, true);
    expect(
      await send('Target after resolve', { signal: 'Neutral', tracker_id: 'trk_inh', ...space }),
    ).toMatch(/^(pending|delivered)$/);
    await delivered('Target after resolve');
    expect(sent('Target held')).toBe(0);
  });
});
