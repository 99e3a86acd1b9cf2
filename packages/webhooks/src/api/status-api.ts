import { readFileSync } from 'node:fs';
import type { Express } from 'express';
import { stringify } from 'yaml';
import { configSecrets, cutSecrets } from '../config/secret-values.ts';
import type { Config } from '../config/types.ts';
import type { Store } from '../store/store.ts';
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

/** Keeps plain data only: compiled matchers and other objects with a prototype of their own go. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null) {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return undefined;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const kept = plain(v);
      if (kept !== undefined) out[k] = kept;
    }
    return out;
  }
  return typeof value === 'function' ? undefined : value;
}

/**
 * What `config.original` shows (amtool's `config show`): the routing as loaded, inhibit rules,
 * sources by name and path, destinations by name and type. Nothing that can hold a credential
 * (destination settings, secrets, the admin token, the database URL) is in it, and any configured
 * secret that would still appear is cut out.
 */
export function publicConfig(config: Config): string {
  const view = plain({
    route: config.route,
    ...(config.catchAll.length > 0 ? { catch_all: config.catchAll } : {}),
    inhibit_rules: config.inhibitRules ?? [],
    sources: config.sources.map((s) => ({ name: s.name, path: s.path })),
    destinations: config.destinations.map((d) => ({ name: d.name, type: d.type })),
  });
  return cutSecrets(stringify(view), configSecrets(config));
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
    config: { original: publicConfig(config) },
    uptime: new Date(startedAt).toISOString(),
  };
}

/** `GET /api/v2/status` and `GET /api/v2/receivers` (the caller mounts the admin auth in front). */
export function mountStatusApi(app: Express, config: Config, startedAt: number): void {
  app.get('/api/v2/status', (_req, res) => {
    res.json(statusJson(config, startedAt));
  });
  app.get('/api/v2/receivers', (_req, res) => {
    res.json(config.destinations.map((d) => ({ name: d.name })));
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
