import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { SECRET } from './alerts.ts';
import { type Spawned, spawnReady } from './prometheus-stack.ts';
import { freePort } from './spawn-receiver.ts';

/** Debian's prometheus-alertmanager (0.25): the reference the receiver's answers are held to. */
export const ALERTMANAGER = '/usr/bin/prometheus-alertmanager';
export const HAS_ALERTMANAGER = spawnSync(ALERTMANAGER, ['--version'], { stdio: 'ignore' }).status === 0;

export interface AlertmanagerProcess extends Spawned {
  url: string;
}

/** A real Alertmanager on 127.0.0.1 (no cluster), its data in `dir`, ready when `/-/ready` answers. */
export async function startAlertmanager(configPath: string, dir: string): Promise<AlertmanagerProcess> {
  const url = `http://127.0.0.1:${await freePort()}`;
  const spawned = await spawnReady(
    ALERTMANAGER,
    [
      `--config.file=${configPath}`,
      `--web.listen-address=${url.slice('http://'.length)}`,
      '--cluster.listen-address=',
      `--storage.path=${join(dir, 'alertmanager-data')}`,
    ],
    `${url}/-/ready`,
  );
  return { ...spawned, url };
}

/**
 * The receiver on 127.0.0.1 reading an Alertmanager configuration file (its sources' secret in
 * TRACKERKIT_WEBHOOKS_SECRET), its store in `dir`, its log silent. Loaded on first use, so a file
 * whose Alertmanager is missing loads no receiver.
 */
export async function startReceiverOnFile(configPath: string, dir: string): Promise<Receiver> {
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  const { createLogger } = await import('../../src/telemetry/logger.ts');
  return startReceiver({
    config: configPath,
    port: 0,
    host: '127.0.0.1',
    storagePath: join(dir, 'store.db'),
    env: { TRACKERKIT_WEBHOOKS_SECRET: SECRET },
    logger: createLogger({ level: 'silent' }),
  });
}
