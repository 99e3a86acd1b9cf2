import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { OBSERVER_PATHS } from '../../src/api/observer-paths.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { SECRET } from '../helpers/alerts.ts';

let receiver: Receiver;

beforeAll(async () => {
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  receiver = await startReceiver({
    port: 0,
    host: '127.0.0.1',
    storagePath: join(mkdtempSync(join(tmpdir(), 'tk-observers-')), 'store.db'),
    config: {
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
      destinations: [{ name: 'out', type: 'stdout' }],
      route: { destination: 'out' },
      log: { level: 'silent' },
    },
    env: { SECRET },
  });
});

afterAll(async () => {
  await receiver?.close();
});

/** How many event loop delay samples the receiver has taken, as /metrics says. */
async function samples(): Promise<number> {
  const text = await (await fetch(new URL(OBSERVER_PATHS.metrics, receiver.url))).text();
  const count = /^trackerkit_webhooks_event_loop_delay_seconds_count (\d+)$/m.exec(text)?.[1];
  if (count === undefined) throw new Error(`no event loop delay count on /metrics:\n${text}`);
  return Number(count);
}

describe('scrapes and probes watch the receiver; they are not its work', () => {
  it('polling every observer path leaves the event loop delay unsampled; any other request starts it', async () => {
    // Rounds of requests over real sockets: many turns of the loop, in which a 1 ms sampler, had
    // one of them started it, would have fired.
    for (let round = 0; round < 5; round++) {
      for (const path of Object.values(OBSERVER_PATHS)) {
        const answer = await fetch(new URL(path, receiver.url));
        await answer.arrayBuffer();
        expect(answer.status, path).toBe(200);
      }
    }
    expect(await samples()).toBe(0);
    // Work: a request the receiver answers itself (here a 404), then 1 ms samples.
    await (await fetch(new URL('/not-an-observer', receiver.url))).arrayBuffer();
    await waitUntil(async () => (await samples()) > 0, { what: 'a sample after the work' });
  });
});
