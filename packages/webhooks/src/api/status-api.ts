import { readFileSync } from 'node:fs';
import type { Express } from 'express';
import type { Config } from '../config/types.ts';
import type { Store } from '../store/store.ts';
import { configOriginal, configReceivers } from './config-original.ts';
import { OBSERVER_PATHS } from './observer-paths.ts';

/**
 * The Alertmanager release whose API v2 this one answers as. amtool compares its own version's
 * major.minor with the one `/api/v2/status` reports and warns on every command when they differ,
 * so the API level is reported there; the receiver's own version is in `revision`.
 */
const ALERTMANAGER_API_VERSION = '0.25.0';

let ownVersion: string | undefined;
function packageVersion(): string {
  ownVersion ??= (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;
  return ownVersion;
}

/** Alertmanager's alertmanagerStatus. There is no gossip cluster: replicas share a database instead. */
export function statusJson(config: Config, startedAt: number) {
  return {
    cluster: { status: 'disabled', peers: [] },
    versionInfo: {
      version: ALERTMANAGER_API_VERSION,
      revision: `@trackerkit/webhooks ${packageVersion()}`,
      branch: '',
      buildUser: '@trackerkit/webhooks',
      buildDate: '',
      goVersion: `node ${process.version}`,
    },
    config: { original: configOriginal(config) },
    uptime: new Date(startedAt).toISOString(),
  };
}

/** `GET /api/v2/status` and `GET /api/v2/receivers` (the caller mounts the admin auth in front). */
export function mountStatusApi(app: Express, config: Config, startedAt: number): void {
  app.get('/api/v2/status', (_req, res) => {
    res.json(statusJson(config, startedAt));
  });
  app.get('/api/v2/receivers', (_req, res) => {
    res.json(configReceivers(config).map((name) => ({ name })));
  });
}

/**
 * Alertmanager's probes, `/-/healthy` and `/-/ready` (GET or HEAD, `OK` as text), without auth as
 * `/healthz` and `/readyz`: ready means the store can write and the receiver is not stopping.
 */
export function mountProbes(app: Express, store: Pick<Store, 'ping'>, isReady: () => boolean): void {
  app.get(OBSERVER_PATHS.healthy, (_req, res) => {
    res.type('text/plain; charset=utf-8').send('OK');
  });
  app.get(OBSERVER_PATHS.ready, async (_req, res) => {
    try {
      await store.ping();
      if (!isReady()) throw new Error('shutting down');
      res.type('text/plain; charset=utf-8').send('OK');
    } catch {
      res.status(503).set('retry-after', '5').type('text/plain; charset=utf-8').send('Service Unavailable');
    }
  });
}
