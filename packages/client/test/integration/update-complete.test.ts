// trackers.updateComplete against a loopback server: the body checked as given, the stored tracker
// read only when a nested object changes, and that object sent complete.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTrackerClient, TrackerValidationError } from '../../src/index.ts';
import { TOKEN, trackerBody } from '../helpers/fixtures.ts';
import { type LoopbackServer, sendJson, startLoopbackServer } from '../helpers/loopback-server.ts';

const STORED = trackerBody({
  notification_config: { email_enabled: true, notify_below: true, lower_threshold: 3 },
} as never);

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer((req, res) =>
    sendJson(res, 200, req.method === 'GET' ? STORED : { ...STORED, ...req.json<object>() }),
  );
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const client = () => createTrackerClient({ baseUrl: server.baseUrl, token: TOKEN, retries: 0 });
const sent = () => server.requests.map((r) => `${r.method} ${r.path}`);

describe('trackers.updateComplete', () => {
  it('sends a top-level change as it is, without reading the stored tracker', async () => {
    await client().trackers.updateComplete('trk_1', { name: 'Renamed' });
    expect(sent()).toEqual(['PATCH /api/trackers/trk_1']);
    expect(server.requests[0]!.json()).toEqual({ name: 'Renamed' });
  });

  it('sends a changed nested object complete: the stored one with the change over it', async () => {
    await client().trackers.updateComplete('trk_1', {
      notification_config: { notify_above: true, upper_threshold: 8 },
    });
    expect(sent()).toEqual(['GET /api/trackers/trk_1', 'PATCH /api/trackers/trk_1']);
    expect(server.requests[1]!.json()).toMatchObject({
      notification_config: {
        email_enabled: true,
        notify_below: true,
        lower_threshold: 3,
        notify_above: true,
        upper_threshold: 8,
      },
    });
  });

  it('refuses a body the rules refuse as given, before reading anything', async () => {
    const error = await client()
      .trackers.updateComplete('trk_1', { agent_config: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackerValidationError);
    expect(error).toMatchObject({ field: 'agent_config', rule: 'minProperties: 1' });
    expect(sent()).toEqual([]);
  });

  it('refuses a completed body that conflicts with the stored values', async () => {
    // Valid alone; over the stored lower bound 3 an upper bound of 2 is out of order.
    const error = await client()
      .trackers.updateComplete('trk_1', { notification_config: { notify_above: true, upper_threshold: 2 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackerValidationError);
    expect(sent()).toEqual(['GET /api/trackers/trk_1']);
  });
});
