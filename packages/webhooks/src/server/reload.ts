import type { ConfigInput } from '../config/config-schema.ts';
import { loadConfig } from '../config/load-config.ts';
import { signingSecretProblems } from '../config/signing-secrets.ts';
import type { Config } from '../config/types.ts';
import { invalidConfig, WebhooksError } from '../errors.ts';
import type { Runtime } from './build-runtime.ts';

export type ConfigSource = Config | ConfigInput | string;

function isLoaded(config: ConfigSource): config is Config {
  return typeof config === 'object' && Array.isArray((config as Config).catchAll);
}

/** A configuration from a file, a file-shaped object, or one built in code (checked all the same). */
export function load(source: ConfigSource, env: NodeJS.ProcessEnv | undefined): Config {
  if (!isLoaded(source)) return loadConfig(source, env ? { env } : {});
  // A configuration built in code skipped loadConfig: hold its secrets to the same policy.
  const problems = signingSecretProblems(source);
  if (problems.length > 0) throw invalidConfig(problems);
  return source;
}

/** Settings a running server cannot change: named in a warning, applied at the next start. */
function restartOnly(running: Config, next: Config): string[] {
  const changed: string[] = [];
  if (running.server.host !== next.server.host) changed.push('server.host');
  if (running.server.port !== next.server.port) changed.push('server.port');
  if (JSON.stringify(running.storage) !== JSON.stringify(next.storage)) changed.push('storage');
  if (JSON.stringify(running.log) !== JSON.stringify(next.log)) changed.push('log');
  return changed;
}

/** The runtime serving now: a reload replaces it as a whole. */
export interface LiveRuntime {
  runtime: Runtime;
}

/**
 * Reloads one at a time. Each loads the new configuration first: one that fails is refused and
 * the running one stays; one that loads replaces the runtime, the old one's attempts in flight
 * finishing under it.
 */
export function createReload(options: {
  live: LiveRuntime;
  /** The file the receiver started from: what a reload without a configuration reads again. */
  configFile: string | undefined;
  env: NodeJS.ProcessEnv | undefined;
  build: (config: Config) => Runtime;
  graceMs: () => number;
  closing: () => boolean;
}): { reload(next?: ConfigSource): Promise<Config>; settled(): Promise<unknown> } {
  const { live } = options;
  let reloads: Promise<unknown> = Promise.resolve();
  const apply = async (next: ConfigSource | undefined): Promise<Config> => {
    if (options.closing())
      throw new WebhooksError('reload: shutting down', { status: 503, reason: 'shutting_down' });
    const source = next ?? options.configFile;
    if (source === undefined) {
      throw new WebhooksError('reload: started from a configuration object; pass the new one to reload()', {
        status: 409,
        reason: 'no_config_file',
      });
    }
    let loaded: Config;
    try {
      loaded = load(source, options.env);
    } catch (error) {
      live.runtime.logger.error('reload refused; the running configuration stays', {
        error: (error as Error).message,
      });
      throw error;
    }
    const running = live.runtime.config;
    const kept = restartOnly(running, loaded);
    if (kept.length > 0) {
      live.runtime.logger.warn('reload: these settings take effect at the next start', { settings: kept });
    }
    const applied: Config = {
      ...loaded,
      server: { ...loaded.server, host: running.server.host, port: running.server.port },
      storage: running.storage,
      log: running.log,
    };
    const previous = live.runtime;
    live.runtime = options.build(applied);
    live.runtime.outbox.start();
    live.runtime.retention.start();
    // Attempts in flight finish under the old runtime; their rows stay leased meanwhile.
    await Promise.all([previous.outbox.stop(options.graceMs()), previous.retention.stop()]);
    live.runtime.logger.info('configuration reloaded', {
      sources: applied.sources.length,
      destinations: applied.destinations.length,
    });
    return applied;
  };
  return {
    reload(next) {
      const run = reloads.then(() => apply(next));
      reloads = run.catch(() => {});
      return run;
    },
    settled: () => reloads,
  };
}
