import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { formatAlert } from '../../src/alerts/format-alert.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import type { DestinationConfig } from '../../src/config/types.ts';
import { createDestination } from '../../src/delivery/create-destination.ts';
import { pagerdutyV1Payload } from '../../src/delivery/destinations/pagerduty.ts';
import type { DeliveryJob } from '../../src/delivery/types.ts';
import type { AlertEvent } from '../../src/events/types.ts';
import { startReceiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, exampleResolved, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { post } from '../helpers/post.ts';

// What an alertmanager.yml says about an integration reaches the service: Slack's channel and
// username, PagerDuty's Events API v1 for a service_key, e-mail's HELO name. Real sockets on
// 127.0.0.1 stand in for the services.
const dir = mkdtempSync(join(tmpdir(), 'tk-am-integrations-'));
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

const job = (event: AlertEvent): DeliveryJob => ({
  event,
  summary: formatAlert(event),
  idempotencyKey: 'msg_key',
  body: JSON.stringify(event),
  attempt: 1,
  signal: new AbortController().signal,
});

function loadReceivers(receivers: object[], global: object = {}): DestinationConfig[] {
  const file = join(dir, `${receivers.length}-${Math.random().toString(36).slice(2)}.yml`);
  writeFileSync(file, stringify({ global, route: { receiver: 'r' }, receivers }));
  return loadConfig(file, { env: { TRACKERKIT_WEBHOOKS_SECRET: SECRET } }).destinations;
}

async function loopback(): Promise<Loopback> {
  const server = await startLoopback();
  closers.push(() => server.close());
  return server;
}

describe("an alertmanager.yml's integration settings reach the service", () => {
  it('slack_configs: channel and username go with the message', async () => {
    const slack = await loopback();
    const [config] = loadReceivers([
      {
        name: 'r',
        slack_configs: [
          { api_url: `${slack.url}/services/T0/B0/x`, channel: '#ops', username: 'Alertmanager' },
        ],
      },
    ]);
    const outcome = await createDestination(config!).deliver(job(exampleAlert()));
    expect(outcome.ok).toBe(true);
    expect(slack.requests[0]!.json).toMatchObject({ channel: '#ops', username: 'Alertmanager' });
  });

  it('pagerduty_configs with a service_key: Events API v1, resolved by the same incident key', () => {
    const trigger = pagerdutyV1Payload(
      job(exampleAlert({ url: 'https://console.example/runs/1' })),
      'svc-key',
    );
    expect(trigger).toMatchObject({
      service_key: 'svc-key',
      event_type: 'trigger',
      incident_key: expect.stringMatching(/^trackerkit\//),
      description: expect.stringContaining('ACME supplier risk'),
      client: 'trackerkit',
      client_url: 'https://console.example/runs/1',
    });
    const resolve = pagerdutyV1Payload(job(exampleResolved()), 'svc-key') as { incident_key: string };
    expect(resolve).toMatchObject({ event_type: 'resolve' });
    expect(resolve.incident_key).toBe((trigger as { incident_key: string }).incident_key);
  });

  it('pagerduty_configs with a service_key posts the v1 body to the configured destination', async () => {
    const pd = await loopback();
    const [config] = loadReceivers([{ name: 'r', pagerduty_configs: [{ service_key: 'svc-key-0123' }] }]);
    // Alertmanager posts v1 events to PagerDuty's own endpoint; here it is pointed at the loopback.
    const outcome = await createDestination({
      ...config!,
      url: `${pd.url}/create_event.json`,
    } as DestinationConfig).deliver(job(exampleAlert()));
    expect(outcome.ok).toBe(true);
    expect(pd.requests[0]!.json).toMatchObject({ service_key: 'svc-key-0123', event_type: 'trigger' });
  });

  it('email_configs: hello is the name given in EHLO', async () => {
    const seen: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom(_address, session, callback) {
        seen.push(session.hostNameAppearsAs);
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.server.address() as AddressInfo).port;
    const [config] = loadReceivers(
      [
        {
          name: 'r',
          email_configs: [{ to: 'ops@example.test', hello: 'am.example.test', require_tls: false }],
        },
      ],
      { smtp_smarthost: `127.0.0.1:${port}`, smtp_from: 'am@example.test' },
    );
    const destination = createDestination(config!);
    const outcome = await destination.deliver(job(exampleAlert()));
    await destination.close?.();
    expect(outcome.ok).toBe(true);
    expect(seen).toEqual(['am.example.test']);
  });
});

describe('a receiver started from an alertmanager.yml', () => {
  it('takes signed alerts at / with TRACKERKIT_WEBHOOKS_SECRET and notifies the route’s receiver', async () => {
    const hook = await loopback();
    const file = join(dir, 'alertmanager.yml');
    writeFileSync(
      file,
      stringify({
        route: {
          receiver: 'team',
          group_wait: '0s',
          routes: [{ matchers: ['signal=~"(?i)POOR"'], receiver: 'quiet' }],
        },
        receivers: [{ name: 'team', webhook_configs: [{ url: `${hook.url}/am` }] }, { name: 'quiet' }],
      }),
    );
    const receiver = await startReceiver({
      config: file,
      port: 0,
      storagePath: ':memory:',
      env: { TRACKERKIT_WEBHOOKS_SECRET: SECRET },
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
    closers.push(() => receiver.close());
    expect(receiver.sourceUrls).toEqual({ tracker: `${receiver.url}/` });
    const quiet = signedRequest(exampleAlert({ signal: 'Poor', tracker_id: 'trk_quiet' }));
    expect((await post(`${receiver.url}/`, quiet.body, quiet.headers)).status).toBe(200);
    const loud = signedRequest(exampleAlert({ signal: 'Negative' }));
    expect((await post(`${receiver.url}/`, loud.body, loud.headers)).status).toBe(200);
    await hook.waitFor((l) => l.requests.length > 0, 10_000);
    const message = hook.requests[0]!.json as {
      receiver: string;
      alerts: Array<{ labels: Record<string, string> }>;
    };
    expect(message.receiver).toBe('team');
    // The alert routed to the receiver without integrations went nowhere.
    expect(message.alerts.map((a) => a.labels.tracker_id)).not.toContain('trk_quiet');
    const unsigned = await post(`${receiver.url}/`, loud.body, { 'content-type': 'application/json' });
    expect(unsigned.status).toBe(401);
  });
});
