// Answers that come from @trackerkit/core's rules: the merged PATCH check, the schedule order,
// cost, the secret policy and the edges of the engine (coercion, huge and deep values).
import { DEFAULT_SKILL_COSTS } from '@trackerkit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ clock: 'manual', clockStart: '2030-01-01T00:00:00Z' });
});
afterEach(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
});

const patch = (id: string, body: unknown) => h.api('PATCH', `/api/trackers/${id}`, body);

describe('tracker rules on the tracker as stored', () => {
  it('checks a PATCH merged with the stored notification_config in full', async () => {
    const t = await h.tracker({
      notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 3 },
    });
    // Relies on the stored lower_threshold: accepted.
    expect((await patch(t.tracker_id, { notification_config: { email_enabled: true } })).status).toBe(200);
    const crossed = await patch(t.tracker_id, {
      notification_config: { notify_above: true, upper_threshold: 2 },
    });
    expect(crossed.status).toBe(422);
    expect(crossed.body.detail).toEqual([
      {
        loc: ['body', 'notification_config', 'lower_threshold'],
        msg: expect.any(String),
        type: 'value_error',
      },
    ]);
    const cleared = await patch(t.tracker_id, { notification_config: { lower_threshold: null } });
    expect(cleared.status).toBe(422);
    expect(cleared.body.detail[0]).toMatchObject({
      loc: ['body', 'notification_config', 'lower_threshold'],
      type: 'missing',
    });
  });

  it.each([
    ['equal to start_time', '2030-01-01T00:00:00Z', 200],
    ['after start_time', '2030-01-01T05:00:00Z', 200],
    ['before start_time', '2029-12-31T23:00:00Z', 422],
  ])('takes an end_time %s on the merged schedule', async (_, end_time, status) => {
    const t = await h.tracker();
    const answer = await patch(t.tracker_id, {
      run_mode: 'scheduled',
      schedule: { start_time: '2030-01-01T00:00:00Z', interval_minutes: 60, end_time },
    });
    expect(answer.status).toBe(status);
    if (status === 422) expect(answer.body.detail[0].loc).toEqual(['body', 'schedule', 'end_time']);
  });

  it('names each refused linked tracker in the 400 detail', async () => {
    const t = await h.tracker();
    const answer = await patch(t.tracker_id, { agent_config: { linked_trackers: [t.tracker_id] } });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain('agent_config.linked_trackers[0]');
  });

  it('charges a skill listed twice once', async () => {
    const t = await h.tracker({}, { skills: ['web_research', 'web_research'] });
    const run = await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, { sync: true });
    const stored = await h.api('GET', `/api/trackers/${t.tracker_id}/runs/${run.body.run_id}`);
    expect(stored.body.quants_used).toBe(DEFAULT_SKILL_COSTS.web_research);
  });
});

describe('the engine at its edges', () => {
  it('reads query values as their type and reports a wrong type as such', async () => {
    const answer = await h.api('GET', '/api/spaces?page=abc');
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0]).toMatchObject({ loc: ['query', 'page'] });
    expect(answer.body.detail[0].type).not.toBe('missing');
    expect((await h.api('GET', '/api/spaces?page=2&page_size=5')).body.pagination).toMatchObject({
      page: 2,
      page_size: 5,
    });
  });

  it.each([
    ['the largest the document bounds (100 years)', '876000', 200],
    ['the issue’s 99999999999', '99999999999', 422],
    ['past a safe integer', '99999999999999999999999', 422],
  ])('answers since_hours %s without a 500', async (_, hours, status) => {
    const t = await h.tracker();
    await h.api('POST', `/api/trackers/${t.tracker_id}/vault/sources`, { source_name: 's', data: { a: 1 } });
    const answer = await h.api('GET', `/api/trackers/${t.tracker_id}/vault/recent?since_hours=${hours}`);
    expect(answer.status).toBe(status);
    if (status === 200) expect(answer.body.total).toBe(1);
    else
      expect(answer.body.detail[0]).toMatchObject({ loc: ['query', 'since_hours'], type: 'less_than_equal' });
  });

  it.each([
    ['at the limit', 512, 201],
    ['past the limit', 513, 400],
    ['far past it', 50_000, 400],
  ])('takes JSON nested %s', async (_, depth, status) => {
    const t = await h.tracker();
    const deep = `${'{"a":'.repeat(depth - 1)}1${'}'.repeat(depth - 1)}`;
    const answer = await h.api(
      'POST',
      `/api/trackers/${t.tracker_id}/vault/sources`,
      `{"source_name":"deep","data":${deep}}`,
    );
    expect(answer.status).toBe(status);
  });
});

describe('the webhook secret policy', () => {
  const good = `whsec_${Buffer.alloc(16, 7).toString('base64')}`;

  it.each([
    ['without the prefix', 'c2VjcmV0LXNlY3JldC1zZWNyZXQ='],
    ['too short a key', `whsec_${Buffer.alloc(8, 7).toString('base64')}`],
    ['not base64', 'whsec_not base64!'],
  ])('refuses a console secret %s with 422 at body.secret', async (_, secret) => {
    const answer = await h.console('PUT', `/accounts/${h.emu.accountId}/webhook`, { url: null, secret });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0]).toMatchObject({ loc: ['body', 'secret'], type: 'value_error' });
    expect(() => h.emu.setWebhook(null, { secret })).toThrow(/setWebhook secret/);
  });

  it('keeps a secret within the policy until rotated', async () => {
    const set = await h.console('PUT', `/accounts/${h.emu.accountId}/webhook`, { url: null, secret: good });
    expect(set.body).toEqual({ url: null, secret: good });
    expect(h.emu.setWebhook('http://127.0.0.1:9/h').secret).toBe(good);
    const rotated = h.emu.setWebhook(null, { rotate: true }).secret;
    expect(rotated).not.toBe(good);
    expect(rotated).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  });
});
