import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
});

describe('auth', () => {
  it.each([
    ['no header', {}],
    ['wrong bearer', { authorization: 'Bearer qapi_nope' }],
    ['basic scheme', { authorization: 'Basic abc' }],
  ])('answers 401 {detail} with %s', async (_, headers) => {
    const response = await fetch(`${h.emu.baseUrl}/api/spaces`, { headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: 'Invalid or missing API token' });
  });

  it.each(['x-api-key', 'x-api-token'])('accepts the token in %s', async (header) => {
    const response = await fetch(`${h.emu.baseUrl}/api/spaces`, { headers: { [header]: h.emu.token } });
    expect(response.status).toBe(200);
  });

  it('answers 404 for unknown routes and 405 for wrong methods', async () => {
    const unknown = await h.api('GET', '/api/nothing');
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    const wrong = await h.api('PUT', '/api/spaces');
    expect(wrong).toMatchObject({ status: 405, body: { detail: 'Method Not Allowed' } });
  });
});

describe('spaces', () => {
  it('lists with pagination and counts', async () => {
    const { body: acc } = await h.console('POST', '/accounts', { email: 'x@example.test' });
    expect(acc.token).toMatch(/^qapi_/);
    for (let i = 0; i < 3; i++) {
      expect(
        (await h.console('POST', `/accounts/${acc.account_id}/spaces`, { name: `s${i}`, category: 'ops' }))
          .status,
      ).toBe(201);
    }
    const page = await h.api('GET', '/api/spaces?page=2&page_size=2', undefined, acc.token);
    expect(page.body.pagination).toEqual({ page: 2, page_size: 2, total_items: 3, total_pages: 2 });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0].name).toBe('s0');
    const tooBig = await h.api('GET', '/api/spaces?page_size=101');
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.detail[0]).toMatchObject({ loc: ['query', 'page_size'], type: 'less_than_equal' });
  });

  it('hides other accounts’ spaces as 404 and refuses inactive spaces with 403', async () => {
    const { body: acc } = await h.console('POST', '/accounts', { email: 'y@example.test' });
    expect((await h.api('GET', `/api/spaces/${h.emu.spaceId}`, undefined, acc.token)).status).toBe(404);
    const t = await h.tracker();
    await h.console('PATCH', `/spaces/${h.emu.spaceId}`, { is_active: false });
    expect((await h.api('GET', `/api/trackers/${t.tracker_id}`)).status).toBe(403);
    const space = await h.api('GET', `/api/spaces/${h.emu.spaceId}`);
    expect(space.body).toMatchObject({ is_active: false });
    expect(space.body.updated_at).not.toBeNull();
  });

  it('counts trackers, sources, results and used bytes', async () => {
    const t = await h.tracker();
    await h.api('POST', `/api/trackers/${t.tracker_id}/vault/sources`, {
      source_name: 'a',
      data: { x: 'y'.repeat(1000) },
    });
    await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, { sync: true });
    const { body } = await h.api('GET', `/api/spaces/${h.emu.spaceId}`);
    expect(body).toMatchObject({ tracker_count: 1, source_count: 1, result_count: 1 });
    expect(body.used_gb).toBeCloseTo(1008 / 1e9, 12);
  });
});

describe('trackers', () => {
  it('creates with defaults and inherits the category', async () => {
    const t = await h.tracker();
    expect(t).toMatchObject({
      category: 'general',
      notification_config: null,
      schedule: null,
      last_run_at: null,
    });
    expect(t.agent_config).toMatchObject({ reasoning_mode: 'basic', linked_trackers: [] });
    expect(t).not.toHaveProperty('visibility');
  });

  it('reports FastAPI-style 422 with the exact loc', async () => {
    const answer = await h.api('POST', `/api/spaces/${h.emu.spaceId}/trackers`, {
      name: 'x'.repeat(51),
      description: 'd',
      run_mode: 'manual',
      agent_config: { instruction: '', score_meaning: 's', skills: [] },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'name'], type: 'string_too_long' }),
        expect.objectContaining({ loc: ['body', 'agent_config', 'instruction'], type: 'string_too_short' }),
      ]),
    );
  });

  it('names an unknown skill', async () => {
    const answer = await h.api('POST', `/api/spaces/${h.emu.spaceId}/trackers`, {
      name: 'n',
      description: 'd',
      run_mode: 'manual',
      agent_config: { instruction: 'i', score_meaning: 's', skills: ['web_research', 'mind_reading'] },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(['body', 'agent_config', 'skills', 1]);
    expect(answer.body.detail[0].msg).toContain('mind_reading');
  });

  it.each([
    [
      'notify_below without lower_threshold',
      { webhook_enabled: true, notify_below: true },
      'lower_threshold',
    ],
    [
      'lower above upper',
      {
        webhook_enabled: true,
        notify_below: true,
        lower_threshold: 8,
        notify_above: true,
        upper_threshold: 3,
      },
      'lower_threshold',
    ],
    ['channel without direction', { email_enabled: true, lower_threshold: 3 }, 'notify_below'],
    ['legacy threshold alone', { score_threshold: 3 }, 'threshold_direction'],
  ])('applies the notification rule: %s', async (_, notification_config, field) => {
    const answer = await h.api('POST', `/api/spaces/${h.emu.spaceId}/trackers`, {
      name: 'n',
      description: 'd',
      run_mode: 'manual',
      agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
      notification_config,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(['body', 'notification_config', field]);
  });

  it('rejects linked trackers of another account or space with 400', async () => {
    const { body: acc } = await h.console('POST', '/accounts', { email: 'z@example.test' });
    const { body: space } = await h.console('POST', `/accounts/${acc.account_id}/spaces`, { name: 'theirs' });
    const theirs = await h.api(
      'POST',
      `/api/spaces/${space.space_id}/trackers`,
      {
        name: 'n',
        description: 'd',
        run_mode: 'manual',
        agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
      },
      acc.token,
    );
    const answer = await h.api('POST', `/api/spaces/${h.emu.spaceId}/trackers`, {
      name: 'n',
      description: 'd',
      run_mode: 'manual',
      agent_config: {
        instruction: 'i',
        score_meaning: 's',
        skills: [],
        linked_trackers: [theirs.body.tracker_id],
      },
    });
    expect(answer.status).toBe(400);
    const mine = await h.tracker();
    const linked = await h.tracker({}, { linked_trackers: [mine.tracker_id] });
    expect(linked.agent_config.linked_trackers).toEqual([mine.tracker_id]);
    expect((await h.api('GET', `/api/trackers/${theirs.body.tracker_id}`)).status).toBe(404);
  });

  it('patches with shallow merge, requires a schedule for scheduled mode and clears it with null', async () => {
    const t = await h.tracker({}, { skills: ['web_research'] });
    const merged = await h.api('PATCH', `/api/trackers/${t.tracker_id}`, {
      agent_config: { reasoning_mode: 'super' },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.agent_config).toMatchObject({
      reasoning_mode: 'super',
      skills: ['web_research'],
      instruction: 'Weigh delays',
    });
    const noSchedule = await h.api('PATCH', `/api/trackers/${t.tracker_id}`, { run_mode: 'scheduled' });
    expect(noSchedule.status).toBe(422);
    expect(noSchedule.body.detail[0].loc).toEqual(['body', 'schedule']);
    const schedule = { start_time: '2030-01-01T00:00:00Z', interval_minutes: 60, end_time: null };
    const scheduled = await h.api('PATCH', `/api/trackers/${t.tracker_id}`, {
      run_mode: 'scheduled',
      schedule,
    });
    expect(scheduled.body).toMatchObject({ run_mode: 'scheduled', schedule });
    const cleared = await h.api('PATCH', `/api/trackers/${t.tracker_id}`, {
      run_mode: 'manual',
      schedule: null,
    });
    expect(cleared.body.schedule).toBeNull();
    // An empty PATCH changes nothing (every field optional; --empty-patch refuse answers 422).
    const untouched = await h.api('PATCH', `/api/trackers/${t.tracker_id}`, {});
    expect(untouched.status).toBe(200);
    expect(untouched.body).toEqual(cleared.body);
  });

  it('deletes with cascade', async () => {
    const t = await h.tracker();
    await h.api('POST', `/api/trackers/${t.tracker_id}/vault/sources`, {
      source_name: 'a',
      data: [{ a: 1 }],
    });
    await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, { sync: true });
    const deleted = await h.api('DELETE', `/api/trackers/${t.tracker_id}`);
    expect(deleted.body).toEqual({ success: true, message: 'Deleted', data: null, errors: null });
    expect((await h.api('GET', `/api/trackers/${t.tracker_id}`)).status).toBe(404);
    const { body } = await h.api('GET', `/api/spaces/${h.emu.spaceId}`);
    expect(body).toMatchObject({ tracker_count: 0, source_count: 0, result_count: 0, used_gb: 0 });
  });

  it('answers clear 4xx for malformed JSON, wrong content types and huge bodies', async () => {
    const path = `/api/spaces/${h.emu.spaceId}/trackers`;
    const url = `${h.emu.baseUrl}${path}`;
    const auth = { authorization: `Bearer ${h.emu.token}` };
    const malformed = await fetch(url, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(malformed.status).toBe(400);
    const text = await fetch(url, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(text.status).toBe(415);
    const huge = await fetch(url, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: `"${'x'.repeat(10_000_001)}"`,
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toHaveProperty('detail');
  });
});
