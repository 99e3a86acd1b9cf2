// The Tracker Alert Trigger's webhook() as n8n calls it, with a stand-in webhook context: the request
// with its raw body, the node's parameters and credential, the workflow's static data, and the answer
// (`webhookResponse` is the JSON body n8n sends; `workflowData` starts the workflow). Deliveries are
// signed by the core's Standard Webhooks signer, the one the emulator's sender uses. The same node
// runs inside real n8n in tests/n8n ("receives a real signed alert…"), where a re-POST of a delivery
// is acknowledged as a duplicate too.

// The sender's side of the signature, not in the node's bundle: the rulebook itself.
import { standardWebhooksHeaders } from '@trackerkit/core/signing';
import type {
  IDataObject,
  IExecuteFunctions,
  INode,
  IWebhookFunctions,
  IWebhookResponseData,
} from 'n8n-workflow';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TrackerAlertTrigger } from '../../nodes/TrackerAlertTrigger/TrackerAlertTrigger.node';

type Trigger = Pick<TrackerAlertTrigger, 'webhook' | 'execute'>;

interface Delivery {
  headers: Record<string, string>;
  body: string;
}

const SECRET = `whsec_${Buffer.from('alert-trigger-dedupe-test-key!!').toString('base64')}`;
let sequence = 0;

/** One alert as the service sends it: a fresh webhook-id, signed now. */
function delivery(trackerId = 'trk_1', signedAtMs = Date.now()): Delivery {
  const id = `msg_test${++sequence}`;
  const body = JSON.stringify({
    type: 'tracker.alert',
    timestamp: new Date(signedAtMs).toISOString(),
    data: { tracker_id: trackerId, space_id: 'spc_1', run_id: `run_${sequence}`, score: 1, signal: 'Poor' },
  });
  return {
    headers: { 'content-type': 'application/json', ...standardWebhooksHeaders(SECRET, id, body, signedAtMs) },
    body,
  };
}

/**
 * One n8n process hosting one Alert Trigger: `trigger` is the node as that process loaded it,
 * `staticData()` the node's static data as loaded for each webhook call and each execution (what an
 * execution writes into the object returned is what n8n saves after it). `post` answers like n8n
 * does, runs the execution a delivery starts, and records each start that reaches the next node.
 */
function host(trigger: Trigger, staticData: () => IDataObject, options: IDataObject = {}) {
  const starts: IDataObject[] = [];
  const node: INode = {
    id: 'node-alert',
    name: 'Tracker Alert Trigger',
    type: 'CUSTOM.trackerAlertTrigger',
    typeVersion: 1,
    position: [0, 0],
    parameters: {},
  };
  const parameters: Record<string, unknown> = { events: [], filters: {}, options };
  return {
    starts,
    async post({ headers, body }: Delivery): Promise<{ status: number; body: unknown }> {
      let answer: { status: number; body: unknown } | undefined;
      const data = staticData();
      const ctx = {
        getRequestObject: () => ({ rawBody: Buffer.isBuffer(body) ? body : Buffer.from(body), headers }),
        getHeaderData: () => headers,
        getCredentials: async () => ({ secret: SECRET }),
        getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
        getNode: () => node,
        getWorkflow: () => ({ id: 'wfAlerts001', name: 'Alerts', active: true }),
        getWorkflowStaticData: (type: string) => {
          expect(type).toBe('node');
          return data;
        },
        getResponseObject: () => ({
          status: (status: number) => ({
            json: (json: unknown) => {
              answer = { status, body: json };
            },
          }),
        }),
        helpers: { returnJsonArray: (json: IDataObject) => [{ json }] },
      };
      const out: IWebhookResponseData = await trigger.webhook.call(ctx as unknown as IWebhookFunctions);
      if (out.workflowData) {
        // The execution it starts: the trigger's execute() first, on the static data loaded for it.
        const execution = await trigger.execute.call({
          getInputData: () => out.workflowData?.[0] ?? [],
          getMode: () => 'webhook',
          getNodeParameter: (name: string, _item: number, fallback?: unknown) => parameters[name] ?? fallback,
          getWorkflowStaticData: () => staticData(),
          getWorkflow: () => ({ id: 'wfAlerts001' }),
          getNode: () => node,
        } as unknown as IExecuteFunctions);
        starts.push(...(execution[0] ?? []).map((item) => item.json));
      }
      return out.noWebhookResponse
        ? (answer as { status: number; body: unknown })
        : { status: 200, body: out.webhookResponse };
    },
  };
}

/** The node's module loaded afresh, as another n8n process (a second webhook processor) has it. */
async function anotherProcess(): Promise<Trigger> {
  vi.resetModules();
  const fresh = await import('../../nodes/TrackerAlertTrigger/TrackerAlertTrigger.node');
  return new fresh.TrackerAlertTrigger();
}

beforeEach(() => {
  vi.useRealTimers();
});

describe('Tracker Alert Trigger: one start per delivery', () => {
  it('acknowledges a delivery sent again unchanged without starting the workflow twice', async () => {
    const staticData: IDataObject = {};
    const n8n = host(new TrackerAlertTrigger(), () => staticData);
    const alert = delivery();
    expect(await n8n.post(alert)).toEqual({ status: 200, body: { received: true, started: true } });
    expect(await n8n.post(alert)).toEqual({
      status: 200,
      body: { received: true, started: false, duplicate: true },
    });
    expect(n8n.starts).toHaveLength(1);
    expect(n8n.starts[0]?.webhook_id).toBe(alert.headers['webhook-id']);
    // The next alert (another id) starts it; a copy of it is dropped too.
    const next = delivery();
    expect((await n8n.post(next)).body).toEqual({ received: true, started: true });
    expect((await n8n.post(next)).body).toMatchObject({ duplicate: true });
    expect(n8n.starts).toHaveLength(2);
  });

  it('drops a re-send signed afresh with the same webhook-id (the service retrying)', async () => {
    const n8n = host(new TrackerAlertTrigger(), () => ({}));
    const first = delivery();
    const id = first.headers['webhook-id'] as string;
    const later = Date.now() + 4_000;
    const resent = {
      headers: { ...first.headers, ...standardWebhooksHeaders(SECRET, id, first.body, later) },
      body: first.body,
    };
    expect(resent.headers['webhook-signature']).not.toBe(first.headers['webhook-signature']);
    expect((await n8n.post(first)).body).toMatchObject({ started: true });
    expect((await n8n.post(resent)).body).toMatchObject({ started: false, duplicate: true });
    expect(n8n.starts).toHaveLength(1);
  });

  it('keeps an id for twice the tolerance, then forgets it (the copy is refused as too old by then)', async () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z'), toFake: ['Date'] });
    const n8n = host(new TrackerAlertTrigger(), () => ({}), { toleranceSeconds: 300 });
    const alert = delivery();
    const id = alert.headers['webhook-id'] as string;
    expect((await n8n.post(alert)).body).toMatchObject({ started: true });
    // Re-signed just inside the window (the sender re-sending), still a duplicate.
    vi.setSystemTime(Date.now() + 599_000);
    const resign = () => ({
      headers: { ...alert.headers, ...standardWebhooksHeaders(SECRET, id, alert.body, Date.now()) },
      body: alert.body,
    });
    expect((await n8n.post(resign())).body).toMatchObject({ duplicate: true });
    // The original copy is now refused by its timestamp: dedupe is no longer what stops it.
    expect((await n8n.post(alert)).status).toBe(401);
    vi.setSystemTime(Date.now() + 2_000);
    expect((await n8n.post(resign())).body).toMatchObject({ started: true });
  });

  it('a signature that does not verify is refused before the id is remembered', async () => {
    const n8n = host(new TrackerAlertTrigger(), () => ({}));
    const alert = delivery();
    const forged = { headers: { ...alert.headers, 'webhook-signature': 'v1,AAAA' }, body: alert.body };
    expect((await n8n.post(forged)).status).toBe(401);
    expect((await n8n.post(alert)).body).toMatchObject({ started: true });
  });

  it('remembers the id in the static data n8n saves, for a restart or a processor loading it later', async () => {
    const saved: IDataObject = {};
    const first = host(new TrackerAlertTrigger(), () => saved);
    const alert = delivery();
    expect((await first.post(alert)).body).toMatchObject({ started: true });
    expect(Object.keys(saved.deliveries as object)).toContain(alert.headers['webhook-id']);
    // Another process: the node's memory empty, the static data as n8n saved it.
    const second = host(await anotherProcess(), () => structuredClone(saved));
    expect(await second.post(alert)).toEqual({
      status: 200,
      body: { received: true, started: false, duplicate: true },
    });
    expect(second.starts).toHaveLength(0);
  });

  it('does not see a copy reaching another processor before the first saved its static data (the stated limit)', async () => {
    const first = host(new TrackerAlertTrigger(), () => ({}));
    const second = host(await anotherProcess(), () => ({}));
    const alert = delivery();
    expect((await first.post(alert)).body).toMatchObject({ started: true });
    // Two processors sharing nothing in time: the copy starts the workflow there too. The README
    // says so and points to the trackerkit receiver, whose database key dedupes across replicas.
    expect((await second.post(alert)).body).toMatchObject({ started: true });
    // Within each process a further copy is dropped.
    expect((await first.post(alert)).body).toMatchObject({ duplicate: true });
    expect((await second.post(alert)).body).toMatchObject({ duplicate: true });
  });
});

describe('Tracker Alert Trigger: executions that overlap in one process', () => {
  const node = { id: 'node-overlap', name: 'Tracker Alert Trigger' } as INode;
  /** One execution's first step: its static data as n8n loaded it when the execution began. */
  const execute = (trigger: Trigger, loaded: IDataObject, webhookId: string) =>
    trigger.execute.call({
      getInputData: () => [{ json: { webhook_id: webhookId } }],
      getMode: () => 'webhook',
      getNodeParameter: (_name: string, _item: number, fallback?: unknown) => fallback,
      getWorkflowStaticData: () => loaded,
      getWorkflow: () => ({ id: 'wfOverlap001' }),
      getNode: () => node,
    } as unknown as IExecuteFunctions);

  it('keeps every id when two executions loaded the same static data (the later save wins)', async () => {
    const trigger = await anotherProcess();
    const first: IDataObject = {};
    const second: IDataObject = {};
    expect((await execute(trigger, first, 'msg_a'))[0]).toHaveLength(1);
    expect((await execute(trigger, second, 'msg_b'))[0]).toHaveLength(1);
    // n8n saves `second` last: it carries both ids.
    expect(Object.keys(second.deliveries as object).sort()).toEqual(['msg_a', 'msg_b']);
  });

  it("drops a copy's execution that began before the first one saved", async () => {
    const trigger = await anotherProcess();
    expect((await execute(trigger, {}, 'msg_c'))[0]).toHaveLength(1);
    expect((await execute(trigger, {}, 'msg_c'))[0]).toEqual([]);
  });

  it('passes items through in the editor (manual) and remembers nothing', async () => {
    const trigger = await anotherProcess();
    const loaded: IDataObject = {};
    const out = await trigger.execute.call({
      getInputData: () => [{ json: { webhook_id: 'msg_m' } }],
      getMode: () => 'manual',
      getWorkflowStaticData: () => loaded,
    } as unknown as IExecuteFunctions);
    expect(out).toEqual([[{ json: { webhook_id: 'msg_m' } }]]);
    expect(loaded).toEqual({});
  });
});

describe('Tracker Alert Trigger: what a workflow could not carry is refused before it starts', () => {
  /** A signed delivery of `body` bytes with `type` as its content type. */
  const signed = (body: Buffer, type = 'application/json'): Delivery => {
    const headers = {
      'content-type': type,
      ...standardWebhooksHeaders(SECRET, `msg_p${++sequence}`, body, Date.now()),
    };
    return { headers, body: body as unknown as string };
  };
  const alert = (data: string) =>
    Buffer.from(`{"type":"tracker.alert","timestamp":"2026-11-26T10:00:00Z","data":${data}}`);

  it.each([
    ['nested 6,000 deep', signed(alert(`{"x":${'['.repeat(6000)}${']'.repeat(6000)}}`)), 422, 'too_deep'],
    ['nested 65 deep', signed(alert(`{"x":${'['.repeat(63)}${']'.repeat(63)}}`)), 422, 'too_deep'],
    ['declared UTF-16', signed(alert('{}'), 'application/json; charset=utf-16'), 415, 'unsupported_charset'],
    ['declared latin1', signed(alert('{}'), 'application/json; charset=latin1'), 415, 'unsupported_charset'],
    [
      'not UTF-8 at all',
      signed(Buffer.concat([alert('{"a":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')])),
      400,
      'invalid_utf8',
    ],
  ])('%s: %i, no start', async (_name, given, status, reason) => {
    const n8n = host(new TrackerAlertTrigger(), () => ({}));
    expect(await n8n.post(given)).toMatchObject({ status, body: { reason } });
    expect(n8n.starts).toHaveLength(0);
  });

  it('64 levels (the limit) still start the workflow', async () => {
    const n8n = host(new TrackerAlertTrigger(), () => ({}));
    const answer = await n8n.post(signed(alert(`{"x":${'['.repeat(62)}${']'.repeat(62)}}`)));
    expect(answer).toMatchObject({ status: 200, body: { started: true } });
  });
});
