import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { stringify } from 'yaml';
import { runCli } from '../../src/cli/run-cli.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import { SECRET } from '../helpers/alerts.ts';

const env = { TRACKER_WEBHOOK_SECRET: SECRET, ADMIN: 'a-long-enough-admin-token' };
const base = {
  sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'TRACKER_WEBHOOK_SECRET' } }],
  destinations: [{ name: 'out', type: 'stdout' }],
  route: { destination: 'out' },
};

function problem(extra: object): string {
  try {
    loadConfig({ ...base, ...extra }, { env });
  } catch (error) {
    return (error as Error).message;
  }
  return 'ok';
}

describe('the new settings: loaded, defaulted and validated as check validates them', () => {
  it('defaults: 5 s grace, no admin token, alerts 30 days, deliveries 7 days, expired silences 5 days', () => {
    const config = loadConfig(base, { env });
    expect(config.server.shutdownGraceMs).toBe(5000);
    expect(config.server.adminToken).toBeUndefined();
    expect(config.retention).toEqual({
      alertsMs: 30 * 86_400_000,
      deliveriesMs: 7 * 86_400_000,
      silencesMs: 5 * 86_400_000,
    });
  });

  it('reads them', () => {
    const config = loadConfig(
      {
        ...base,
        server: { shutdown_grace: '30s', admin_token: { env: 'ADMIN' } },
        retention: { alerts: '90d', deliveries: 'forever', silences: '12h' },
      },
      { env },
    );
    expect(config.server.shutdownGraceMs).toBe(30_000);
    expect(config.server.adminToken).toBe('a-long-enough-admin-token');
    expect(config.retention).toEqual({
      alertsMs: 90 * 86_400_000,
      deliveriesMs: null,
      silencesMs: 43_200_000,
    });
  });

  it('storage: the SQLite file by default; PostgreSQL from storage.url or TRACKERKIT_WEBHOOKS_DATABASE_URL', () => {
    expect(loadConfig(base, { env }).storage).toMatchObject({ url: null, schema: null, leaseMs: 60_000 });
    const fromEnv = loadConfig(base, {
      env: { ...env, TRACKERKIT_WEBHOOKS_DATABASE_URL: 'postgres://db/x' },
    });
    expect(fromEnv.storage).toMatchObject({ url: 'postgres://db/x' });
    const fromFile = loadConfig(
      { ...base, storage: { url: { env: 'DB' }, schema: 'team_a', lease: '2m' } },
      {
        env: {
          ...env,
          DB: 'postgresql://u:p@db:5433/x',
          TRACKERKIT_WEBHOOKS_DATABASE_URL: 'postgres://other/y',
        },
      },
    );
    expect(fromFile.storage).toMatchObject({
      url: 'postgresql://u:p@db:5433/x',
      schema: 'team_a',
      leaseMs: 120_000,
    });
  });

  const bad: Array<[string, { given: object; want: RegExp }]> = [
    [
      'grace not a duration',
      { given: { server: { shutdown_grace: 'soon' } }, want: /server\.shutdown_grace: must be a duration/ },
    ],
    [
      'retention not a duration',
      { given: { retention: { alerts: '30 days' } }, want: /retention\.alerts: .*30d/ },
    ],
    [
      'retention in seconds',
      { given: { retention: { deliveries: '30s' } }, want: /retention\.deliveries: .*at least a minute/ },
    ],
    [
      'retention too short',
      { given: { retention: { deliveries: 5 } }, want: /retention\.deliveries: .*at least 60 seconds/ },
    ],
    [
      'retention unknown key',
      { given: { retention: { dead_letters: '1d' } }, want: /retention: unknown key\(s\) dead_letters/ },
    ],
    [
      'admin token too short',
      {
        given: { server: { admin_token: 'short' } },
        want: /server\.admin_token: must be at least 16 characters/,
      },
    ],
    [
      'storage url not PostgreSQL',
      {
        given: { storage: { url: 'mysql://db/x' } },
        want: /storage\.url: must be a postgres:\/\/ or postgresql:\/\/ URL/,
      },
    ],
    [
      'storage url env unset',
      {
        given: { storage: { url: { env: 'NO_DB' } } },
        want: /storage\.url: environment variable NO_DB is not set/,
      },
    ],
    [
      'storage lease shorter than twice a destination timeout',
      {
        given: {
          storage: { url: 'postgres://db/x', lease: '15s' },
          destinations: [{ name: 'out', type: 'stdout', timeout: '10s' }],
        },
        want: /storage\.lease: 15s is shorter than twice the longest destination timeout \(10000 ms\)/,
      },
    ],
    [
      'storage schema not an identifier',
      {
        given: { storage: { url: 'postgres://db/x', schema: 'a; DROP' } },
        want: /storage\.schema: a plain lower-case identifier/,
      },
    ],
    [
      'admin token env unset',
      {
        given: { server: { admin_token: { env: 'NOPE' } } },
        want: /server\.admin_token: environment variable NOPE is not set/,
      },
    ],
    [
      // A duplicate is the (source, webhook-id) key of a stored alert: pruned sooner, a copy of a
      // delivery that still verifies would be routed again (the core's dedupeWindowMs).
      'alert retention shorter than the dedupe window',
      {
        given: { retention: { alerts: '5m' } },
        want: /retention\.alerts: 5m is shorter than the 600 s in which source tracker \(tolerance 5m\) may receive a copy of a delivery/,
      },
    ],
  ];
  it.each(bad)('%s: refused naming the field', (_name, { given, want }) => {
    expect(problem(given)).toMatch(want);
  });

  it('check refuses what serve would refuse, with the field named', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tk-safety-'));
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, stringify({ ...base, retention: { alerts: 'a month' } }));
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    vi.stubEnv('TRACKER_WEBHOOK_SECRET', SECRET);
    try {
      expect(await runCli(['check', '--config', file])).toBe(1);
      expect(String(stderr.mock.calls.at(-1)?.[0])).toMatch(/retention\.alerts:/);
      expect(await runCli(['serve', '--config', file])).toBe(1);
      expect(String(stderr.mock.calls.at(-1)?.[0])).toMatch(/retention\.alerts:/);
      expect(await runCli(['serve', '--config', file, '--shutdown-grace', 'later'])).toBe(2);
      expect(String(stderr.mock.calls.at(-1)?.[0])).toMatch(/--shutdown-grace must be a duration/);
    } finally {
      stderr.mockRestore();
      vi.unstubAllEnvs();
    }
  });
});
