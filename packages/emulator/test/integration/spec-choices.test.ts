// What the spec says of an empty PATCH, run controls and alert directions, each with the switch
// for where the hosted service may read it otherwise; and a client that hangs up early.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import type { EmulatorOptions } from '../../src/index.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
let logs: string[];
const start = async (options: EmulatorOptions = {}) => {
  logs = [];
  h = await startHarness({
    clock: 'manual',
    clockStart: '2030-01-01T00:00:00Z',
    log: (line) => logs.push(line),
    ...options,
  });
  return h;
};
afterEach(async () => {
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
});

describe('an empty PATCH (every field optional, §4.2)', () => {
  it('changes nothing and answers the tracker as stored, updated_at included', async () => {
    await start();
    const t = await h.tracker();
    await h.emu.clock.advance(5);
    const answer = await h.api('PATCH', `/api/trackers/${t.tracker_id}`, {});
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(t);
  });

  it('is refused with --empty-patch refuse, naming the body', async () => {
    await start({ emptyPatch: 'refuse' });
    const t = await h.tracker();
    const answer = await h.api('PATCH', `/api/trackers/${t.tracker_id}`, {});
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual([
      { loc: ['body'], msg: 'At least 1 field(s) must be given', type: 'value_error' },
    ]);
  });
});

describe('run controls (context.emulator)', () => {
  it('refuses a misspelled control, naming it', async () => {
    await start();
    const t = await h.tracker();
    const answer = await h.api('POST', `/api/trackers/${t.tracker_id}/runs`, {
      sync: true,
      context: { emulator: { scor: 3 } },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'context', 'emulator', 'scor'] }),
    ]);
    const runs = await h.api('GET', `/api/trackers/${t.tracker_id}/runs`);
    expect(runs.body.pagination.total_items).toBe(0);
  });
});

describe('a channel on with no direction (§2.6)', () => {
  const alone = { notification_config: { email_enabled: true } };

  it('is refused on create and on a PATCH that sends it, naming notify_below', async () => {
    await start();
    const created = await h.api('POST', `/api/spaces/${h.emu.spaceId}/trackers`, {
      name: 'n',
      description: 'd',
      run_mode: 'manual',
      agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
      ...alone,
    });
    expect(created.status).toBe(422);
    expect(created.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'notification_config', 'notify_below'] }),
    ]);
    const t = await h.tracker();
    const patched = await h.api('PATCH', `/api/trackers/${t.tracker_id}`, alone);
    expect(patched.status).toBe(422);
    expect(patched.body.detail[0].loc).toEqual(['body', 'notification_config', 'notify_below']);
    const legacy = { webhook_enabled: true, score_threshold: 3, threshold_direction: 'below' };
    const withPair = await h.api('PATCH', `/api/trackers/${t.tracker_id}`, { notification_config: legacy });
    expect(withPair.status).toBe(200);
  });

  it('is accepted with --alerts-without-direction legacy, and such a tracker stays patchable', async () => {
    await start({ alertsWithoutDirection: 'legacy' });
    const t = await h.tracker(alone);
    expect(t.notification_config).toMatchObject({ email_enabled: true, signal_level: 'Poor' });
    // Loaded into a default emulator (a --data file of before): a PATCH not sending it is checked as before.
    const renamed = await h.api('PATCH', `/api/trackers/${t.tracker_id}`, { name: 'renamed' });
    expect(renamed.status).toBe(200);
  });
});

describe('a client that hangs up before its body is read', () => {
  it('is not logged as an internal error', async () => {
    await start();
    const t = await h.tracker();
    const { port } = new URL(h.emu.origin);
    await new Promise<void>((resolve, reject) => {
      // `Expect: 100-continue`: the server answers it as it hands the request to the emulator, so
      // the client sends part of the body and hangs up while the body is being read.
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /v1/api/trackers/${t.tracker_id}/vault/sources HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
            `Authorization: Bearer ${h.emu.token}\r\nContent-Type: application/json\r\n` +
            'Expect: 100-continue\r\nContent-Length: 100000\r\n\r\n',
        );
      });
      socket.once('data', () => socket.write('{"source_name":"s","data":[', () => socket.destroy()));
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    // The server sees the hang-up after the socket closed; the journal's entry says it is done.
    await waitUntil(() => h.emu.requests.count({ operation_id: 'uploadVaultData' }) > 0, {
      what: 'the request that hung up, in the journal',
    });
    expect((await h.api('GET', `/api/trackers/${t.tracker_id}`)).status).toBe(200);
    expect(logs.filter((line) => line.includes('internal error'))).toEqual([]);
  });
});
