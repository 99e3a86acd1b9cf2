import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { post } from '../helpers/post.ts';
import { runCli } from '../helpers/spawn-receiver.ts';

const dir = mkdtempSync(join(tmpdir(), 'tk-dlq-'));
const dbPath = join(dir, 'store.db');
const configPath = join(dir, 'webhooks.yaml');
let receiver: Receiver;
let hook: Loopback;

/** The real bin, as an operator runs it, in its own process; no secrets in its environment. */
const cli = (...args: string[]) => runCli(['dead-letters', ...args], dir);

beforeAll(async () => {
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  hook = await startLoopback();
  hook.fallback = { status: 410, body: { error: 'channel_is_archived' } };
  const config = {
    storage: { path: dbPath },
    sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
    destinations: [{ name: 'slack', type: 'slack', url: { env: 'SLACK_URL' } }],
    route: { destination: 'slack' },
    delivery: { poll_interval: '20ms' },
    log: { level: 'silent' },
  };
  writeFileSync(configPath, stringify(config));
  receiver = await startReceiver({
    port: 0,
    config: configPath,
    env: { SECRET, SLACK_URL: `${hook.url}/services/T0/B0/SECRETTOKEN` },
  });
});

afterAll(async () => {
  await receiver.close();
  await hook.close();
});

describe('trackerkit-webhooks dead-letters, spawned against the running receiver’s store file', () => {
  it('lists, shows and replays a dead letter; the running receiver delivers it with the same key', async () => {
    const req = signedRequest(exampleAlert({ tracker_name: 'Archived channel' }));
    expect((await post(receiver.sourceUrls.tracker!, req.body, req.headers)).status).toBe(200);
    await hook.waitFor(async () => (await receiver.store.list('dead')).length === 1);
    // 410 is a stop: one request, no retry.
    expect(hook.requests).toHaveLength(1);
    const id = (await receiver.store.list('dead'))[0]!.id;

    const list = await cli('list', '--config', configPath);
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(list.stdout).toMatch(new RegExp(`^${id}\\s+slack\\s+1\\s.*HTTP 410 Gone`, 'm'));

    const show = await cli('show', String(id), '--db', dbPath);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('summary:         Alert: Archived channel score 2 (Negative)');
    expect(show.stdout).toContain(`webhook-id:      ${req.headers['webhook-id']}`);
    expect(show.stdout + list.stdout).not.toContain('SECRETTOKEN');

    hook.fallback = { status: 200, body: 'ok' };
    const replay = await cli('replay', String(id), '--config', configPath);
    expect(replay).toMatchObject({ code: 0, stdout: 'Replayed 1 dead letter(s).\n' });
    await hook.waitFor((l) => l.keys.size === 1);
    expect([...hook.keys.keys()][0]).toBe(hook.requests[0]!.headers['idempotency-key']);
    expect((await cli('list', '--db', dbPath)).stdout).toBe('No dead letters.\n');
  });

  it('replay --all, and clear failures: unknown id, missing store, bad usage', async () => {
    const [all, missing, noStore, badAction, badId] = await Promise.all([
      cli('replay', '--all', '--db', dbPath),
      cli('show', '999999', '--db', dbPath),
      cli('list', '--db', join(dir, 'typo.db')),
      cli('bury', '--db', dbPath),
      cli('show', 'x', '--db', dbPath),
    ]);
    expect(all.code).toBe(0);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain('no dead letter with id 999999');
    expect(noStore.code).toBe(2);
    expect(noStore.stderr).toContain('no store at');
    expect([badAction.code, badId.code]).toEqual([2, 2]);
  });
});
