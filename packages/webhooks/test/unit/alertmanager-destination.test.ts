import { describe, expect, it } from 'vitest';
import { formatAlert } from '../../src/alerts/format-alert.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import { configSecrets } from '../../src/config/secret-values.ts';
import { alertmanagerAlert, alertmanagerAlertsUrl } from '../../src/delivery/destinations/alertmanager.ts';
import type { DeliveryJob } from '../../src/delivery/types.ts';
import type { AlertEvent } from '../../src/events/types.ts';
import { alertLabels } from '../../src/router/label-matcher.ts';
import { exampleAlert, exampleResolved, SECRET } from '../helpers/alerts.ts';

const job = (event: AlertEvent): DeliveryJob => ({
  event,
  summary: formatAlert(event),
  idempotencyKey: 'msg_key',
  body: JSON.stringify(event),
  attempt: 1,
  signal: new AbortController().signal,
});
const NOW = Date.parse('2026-11-22T09:00:00Z');
const firing = exampleAlert({ url: 'https://console.example/runs/1' });
const resolved = exampleResolved({ tracker_id: firing.data.tracker_id });

describe('alertmanager payload (postableAlert)', () => {
  it('a tracker.alert: identity labels, the changing router labels and the text as annotations', () => {
    expect(alertmanagerAlert(job(firing), {}, NOW)).toEqual({
      labels: {
        alertname: 'TrackerAlert',
        tracker_id: firing.data.tracker_id,
        tracker_name: firing.data.tracker_name,
        space_id: firing.data.space_id,
      },
      annotations: {
        summary: 'ACME supplier risk: score 2 (Negative), crossed the lower bound 3',
        description: firing.data.analysis,
        reason: firing.data.reason,
        event: 'tracker.alert',
        signal: 'Negative',
        bound: 'lower',
        score: '2',
      },
      startsAt: new Date(firing.timestamp).toISOString(),
      generatorURL: 'https://console.example/runs/1',
    });
  });

  it('labels plus the annotations it moved are exactly the router’s label set (one source)', () => {
    for (const event of [firing, resolved]) {
      const a = alertmanagerAlert(job(event), {}, NOW);
      const { alertname, ...labels } = a.labels;
      const moved = Object.fromEntries(
        Object.entries(a.annotations).filter(([k]) => !['summary', 'description', 'reason'].includes(k)),
      );
      expect({ ...labels, ...moved }).toEqual(alertLabels(event));
    }
  });

  it('the resolve carries the firing alert’s very labels, with endsAt, even as signal and bound change', () => {
    const fire = alertmanagerAlert(job(firing), {}, NOW);
    const resolve = alertmanagerAlert(job(resolved), {}, NOW);
    expect(resolve.labels).toEqual(fire.labels);
    expect(resolve.annotations).toMatchObject({
      event: 'tracker.alert.resolved',
      signal: 'Positive',
      bound: 'none',
    });
    expect(resolve.endsAt).toBe(new Date(resolved.timestamp).toISOString());
    expect(resolve.startsAt).toBe(resolve.endsAt);
    expect(fire).not.toHaveProperty('endsAt');
  });

  it('a resolve stamped ahead of the clock ends now, so Alertmanager resolves it at once', () => {
    const ahead = { ...resolved, timestamp: '2026-11-22T10:00:00Z' };
    expect(alertmanagerAlert(job(ahead), {}, NOW).endsAt).toBe(new Date(NOW).toISOString());
  });

  it('resolve_timeout sets endsAt after delivery; alertname is configurable', () => {
    const a = alertmanagerAlert(job(firing), { alertname: 'SupplierRisk', resolveTimeoutMs: 3_600_000 }, NOW);
    expect(a.labels.alertname).toBe('SupplierRisk');
    expect(a.endsAt).toBe('2026-11-22T10:00:00.000Z');
  });

  it('unsafe links are dropped; an unknown event type is a label; a bad timestamp becomes now', () => {
    const js = exampleAlert({ url: 'javascript:alert(1)' as never });
    expect(alertmanagerAlert(job(js), {}, NOW)).not.toHaveProperty('generatorURL');
    const unknown = alertmanagerAlert(job({ type: 'x.y', timestamp: 'yesterday', data: {} }), {}, NOW);
    expect(unknown.labels).toEqual({ alertname: 'TrackerAlert', event: 'x.y' });
    expect(unknown.startsAt).toBe(new Date(NOW).toISOString());
  });

  it('posts to <url>/api/v2/alerts, keeping a route prefix', () => {
    expect(alertmanagerAlertsUrl('http://am:9093')).toBe('http://am:9093/api/v2/alerts');
    expect(alertmanagerAlertsUrl('http://am:9093/')).toBe('http://am:9093/api/v2/alerts');
    expect(alertmanagerAlertsUrl('https://ops.example/alertmanager/')).toBe(
      'https://ops.example/alertmanager/api/v2/alerts',
    );
  });
});

describe('alertmanager configuration', () => {
  const base = (destination: object) => ({
    storage: { path: ':memory:' },
    sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
    destinations: [{ name: 'am', type: 'alertmanager', url: 'http://127.0.0.1:9093', ...destination }],
    route: { destination: 'am' },
  });
  const env = { SECRET, AM_PASS: 'am-password-secret', AM_TOKEN: 'am-token-secret' };

  it('resolves basic_auth / bearer_token from the environment and keeps them out of logs', () => {
    const config = loadConfig(
      base({ basic_auth: { username: 'ops', password: { env: 'AM_PASS' } }, resolve_timeout: '1h' }),
      { env },
    );
    expect(config.destinations[0]).toMatchObject({
      type: 'alertmanager',
      basicAuth: { username: 'ops', password: 'am-password-secret' },
      resolveTimeoutMs: 3_600_000,
    });
    expect(configSecrets(config)).toContain('am-password-secret');
    const bearer = loadConfig(base({ bearer_token: { env: 'AM_TOKEN' } }), { env });
    expect(configSecrets(bearer)).toContain('am-token-secret');
  });

  it.each([
    [
      'both auths',
      { basic_auth: { username: 'u', password: 'p' }, bearer_token: 't' },
      'destinations.0.bearer_token: give basic_auth or bearer_token, not both',
    ],
    [
      'a zero resolve_timeout',
      { resolve_timeout: '0s' },
      'destinations.0.resolve_timeout: must be at least 1s',
    ],
    ['an empty alertname', { alertname: '' }, 'destinations.0.alertname'],
    [
      'a missing env',
      { bearer_token: { env: 'NOPE' } },
      'destinations.0.bearer_token: environment variable NOPE',
    ],
    ['a non-http url', { url: 'ftp://am' }, 'destinations.0.url: must be an http:// or https:// URL'],
  ])('refuses %s, naming the field and the rule', (_, destination, want) => {
    expect(() => loadConfig(base(destination), { env })).toThrow(want);
  });
});
