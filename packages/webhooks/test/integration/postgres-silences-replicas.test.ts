// A silence written by another replica (or the CLI) holds the next alert here, though a replica
// no longer asks the database for the silences version before each alert: the alert is stored
// only if the version it was judged with is still the store's, else it is judged again.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../../tests/helpers/test-database.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';
import { post } from '../helpers/post.ts';

const schema = freshSchema('tk_silence_replicas');
const dir = mkdtempSync(join(tmpdir(), 'tk-silence-replicas-'));
let a: Receiver;
let b: Receiver;

beforeAll(async () => {
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  const start = (replica: string) =>
    startReceiver({
      port: 0,
      config: {
        storage: { url: TEST_DATABASE_URL, schema },
        sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
        destinations: [{ name: 'out', type: 'file', path: join(dir, `${replica}.jsonl`) }],
        route: { destination: 'out' },
        log: { level: 'silent' },
      },
      env: { SECRET },
    });
  a = await start('a');
  b = await start('b');
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await dropSchemas([schema]);
});

const send = async (receiver: Receiver, trackerName: string) => {
  const { body, headers } = signedRequest(exampleAlert({ tracker_name: trackerName }));
  const response = await post(receiver.sourceUrls.tracker!, body, headers);
  expect(response.status).toBe(200);
};

describe('silences across replicas on PostgreSQL', () => {
  it('a silence made on replica B holds the very next alert on replica A', async () => {
    await send(a, 'before'); // A has read the silences (none) and keeps them
    await b.store.silences.create({
      matchers: [{ name: 'tracker_name', value: 'quiet', isRegex: false, isEqual: true }],
      startsAt: Date.now() - 1_000,
      endsAt: Date.now() + 3_600_000,
      createdBy: 'test',
      comment: 'made on the other replica',
    });
    await send(a, 'quiet');
    await send(a, 'loud');
    const silenced = await a.store.list('silenced');
    expect(silenced.map((d) => JSON.parse(d.body).data.tracker_name)).toEqual(['quiet']);
  });
});
