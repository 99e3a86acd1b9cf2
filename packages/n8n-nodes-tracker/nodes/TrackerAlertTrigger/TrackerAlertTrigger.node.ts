import type {
  ICredentialsDecrypted,
  ICredentialTestFunctions,
  IDataObject,
  IExecuteFunctions,
  IHookFunctions,
  INodeCredentialTestResult,
  INodeExecutionData,
  INodeType,
  INodeTypeDescription,
  IWebhookFunctions,
  IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { checkSigningSecret, verifyAlert } from '../shared/checks';
import {
  ALERT_EVENT,
  ALERT_EVENT_TYPES,
  alertBodyCheck,
  dedupeWindowMs,
  isAlertEventType,
  SIGNALS,
  seenRecord,
} from '../shared/generated/core';
import { list } from '../shared/mapping';
import { optionsOf } from '../shared/properties';
import { recordedInProcess, STATIC_CAP, seenInProcess } from '../shared/seen-deliveries';

// The event names are the document's; only their labels are the node's.
const EVENT_LABELS = new Map([
  [ALERT_EVENT.fired, { name: 'Alert', description: "A run's score crossed an alert bound" }],
  [
    ALERT_EVENT.resolved,
    {
      name: 'Alert Resolved',
      description: 'A score is back inside the alert bounds (sent only by services that report recoveries)',
    },
  ],
]);

const CREDENTIAL_HELP =
  'Fix the "Signing Secret" field of the Tracker Webhook Signing Secret API credential: paste the secret the Tracker service shows for the account webhook.';

/** The credential's secret against the suite's one secret policy, as one line naming the field. */
export function signingSecretError(secret: string): string | undefined {
  const [problem] = checkSigningSecret(secret);
  return problem ? `Signing Secret: ${problem.message} (rule ${problem.rule})` : undefined;
}

/** The Timestamp Tolerance option in seconds (300 when unset). */
function toleranceOf(options: IDataObject): number {
  return Number(options.toleranceSeconds ?? 300);
}

/** Whether an alert (an event of the document) passes the node's filters; empty filters let it through. */
export function matchesFilters(
  payload: { type?: unknown; data?: Record<string, unknown> },
  filters: {
    events: string[];
    trackerIds: string[];
    spaceIds: string[];
    signals: string[];
    bounds: string[];
  },
): boolean {
  const data = payload.data ?? {};
  const within = (allowed: string[], value: unknown) =>
    allowed.length === 0 || allowed.includes(String(value));
  return (
    isAlertEventType(payload.type) &&
    within(filters.events, payload.type) &&
    within(filters.trackerIds, data.tracker_id) &&
    within(filters.spaceIds, data.space_id) &&
    within(filters.signals, data.signal) &&
    within(filters.bounds, data.bound ?? 'none')
  );
}

// The webhook trigger. It first stood under the name `trackerTrigger`: workflows saved with that node
// run it as `trackerTrigger` version 1 (see TrackerTrigger.node.ts).
export class TrackerAlertTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Tracker Alert Trigger',
    name: 'trackerAlertTrigger',
    icon: { light: 'file:../Tracker/tracker.svg', dark: 'file:../Tracker/tracker.dark.svg' },
    group: ['trigger'],
    version: 1,
    subtitle: '={{$parameter["events"].join(", ") || "All alerts"}}',
    description: 'Starts the workflow when the Tracker service sends a signed alert',
    defaults: { name: 'Tracker Alert Trigger' },
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'trackerWebhookSecretApi', required: true, testedBy: 'checkSigningSecret' }],
    webhooks: [
      {
        name: 'default',
        httpMethod: 'POST',
        responseMode: 'onReceived',
        // Empty: n8n then answers with the webhookResponse this node returns. Left unset, n8n's default
        // is the literal text "firstEntryJson" (a setting only its Webhook node interprets).
        responseData: '',
        path: 'tracker-alert',
      },
    ],
    // The editor shows these texts beside collapsed or absent URLs: each says where the URL is.
    triggerPanel: {
      header: 'Waiting for a signed alert from the Tracker service',
      executionsHelp: {
        inactive:
          "The service has one webhook endpoint per account. Open <b>Webhook URLs</b> at the top of this node's parameters, copy the <b>Test URL</b> into the account's webhook setting (web console, Account, Webhook), put the signing secret it shows into this node's credential, then click <b>Listen for test event</b> and trigger a run whose score crosses a tracker's alert bounds. Alerts without a valid signature are refused with 401.",
        active:
          "Open <b>Webhook URLs</b> at the top of this node's parameters, copy the <b>Production URL</b> into the account's webhook setting (web console, Account, Webhook) and put the signing secret it shows into this node's credential. Every alert the service sends is verified, filtered and starts this workflow once; alerts without a valid signature are refused with 401.",
      },
      activationHint:
        "Once you've finished building your workflow, publish it and paste its Production URL (Webhook URLs, at the top of this node's parameters) into the account's webhook setting.",
    },
    properties: [
      {
        displayName:
          "The Tracker service has one webhook endpoint per account: open <b>Webhook URLs</b> at the top of these parameters and paste the Production URL into the account's webhook setting by hand (web console, Account, Webhook). This node never changes it.",
        name: 'setupNotice',
        type: 'notice',
        default: '',
      },
      {
        displayName:
          "Duplicates: a delivery whose webhook-ID this workflow has already started within the dedupe window (twice the Timestamp Tolerance, at least the service's retry span) is answered 200 without starting it again, across restarts. With several webhook processors (queue mode), a copy reaching a second one while the first execution is still running starts a second execution, which the trigger stops unless the two run on different workers at once: see the node's README.",
        name: 'dedupeNotice',
        type: 'notice',
        default: '',
      },
      {
        displayName: 'Events',
        name: 'events',
        type: 'multiOptions',
        options: ALERT_EVENT_TYPES.map((value) => ({
          value,
          ...(EVENT_LABELS.get(value) ?? { name: value }),
        })),
        default: [...ALERT_EVENT_TYPES],
        description: 'Events that start the workflow; none selected means all',
      },
      {
        displayName: 'Filters',
        name: 'filters',
        type: 'collection',
        placeholder: 'Add Filter',
        default: {},
        options: [
          {
            displayName: 'Bounds Crossed',
            name: 'bounds',
            type: 'multiOptions',
            options: [
              { name: 'Lower', value: 'lower' },
              { name: 'Upper', value: 'upper' },
              { name: 'None (Signal Level Rule)', value: 'none' },
            ],
            default: [],
          },
          {
            displayName: 'Signals',
            name: 'signals',
            type: 'multiOptions',
            options: optionsOf(SIGNALS),
            default: [],
          },
          {
            displayName: 'Space IDs',
            name: 'spaceIds',
            type: 'string',
            default: '',
            placeholder: 'e.g. spc_f30e60c1-75fd-47f7-967e-29afc19a3ea7',
            description: 'Comma-separated; only alerts from these spaces',
          },
          {
            displayName: 'Tracker IDs',
            name: 'trackerIds',
            type: 'string',
            default: '',
            placeholder: 'e.g. trk_9b1d2f7e-3f1c-4c55-8a51-0d8b7c3e2a10',
            description: 'Comma-separated; only alerts from these trackers',
          },
        ],
      },
      {
        displayName: 'Options',
        name: 'options',
        type: 'collection',
        placeholder: 'Add Option',
        default: {},
        options: [
          {
            displayName: 'Timestamp Tolerance (Seconds)',
            name: 'toleranceSeconds',
            type: 'number',
            typeOptions: { minValue: 1 },
            default: 300,
            description:
              "Refuse alerts signed longer ago, or further in the future, than this. It also sets the dedupe window (twice this, at least the service's retry span).",
          },
        ],
      },
    ],
  };

  methods = {
    credentialTest: {
      async checkSigningSecret(
        this: ICredentialTestFunctions,
        credential: ICredentialsDecrypted,
      ): Promise<INodeCredentialTestResult> {
        const error = signingSecretError(String(credential.data?.secret ?? ''));
        return error
          ? { status: 'Error', message: error }
          : { status: 'OK', message: 'The signing secret is well formed' };
      },
    },
  };

  // Manual setup: the service has one account-level endpoint that the user sets by hand, so there is
  // nothing to register or remove here.
  webhookMethods = {
    default: {
      async checkExists(this: IHookFunctions): Promise<boolean> {
        return true;
      },
      async create(this: IHookFunctions): Promise<boolean> {
        return true;
      },
      async delete(this: IHookFunctions): Promise<boolean> {
        return true;
      },
    },
  };

  async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
    const request = this.getRequestObject();
    const credentials = await this.getCredentials<{ secret: string }>('trackerWebhookSecretApi');
    const options = this.getNodeParameter('options', {}) as IDataObject;
    const rawBody: Buffer = request.rawBody ?? Buffer.from(JSON.stringify(request.body ?? {}));

    // A secret outside the policy is the workflow's fault, not the sender's: fail loudly, naming the field.
    const secretError = signingSecretError(credentials.secret);
    if (secretError) {
      throw new NodeOperationError(this.getNode(), secretError, { description: CREDENTIAL_HELP });
    }
    const nowMs = Date.now();
    const toleranceSeconds = toleranceOf(options);
    const verdict = verifyAlert({
      secret: credentials.secret,
      headers: this.getHeaderData() as Record<string, string | string[] | undefined>,
      rawBody,
      nowMs,
      toleranceSeconds,
    });
    const response = this.getResponseObject();
    if (!verdict.ok) {
      response
        .status(401)
        .json({ error: 'invalid signature', reason: verdict.reason, message: verdict.message });
      return { noWebhookResponse: true };
    }

    // The receiver's ingest rules (the core's): a body in another charset, or one nested past what
    // any step of a workflow can copy without overflowing the stack, is refused before it starts one.
    const body = alertBodyCheck(request.headers['content-type'], rawBody);
    if (!body.ok) {
      response.status(body.status).json({ error: body.message, reason: body.reason });
      return { noWebhookResponse: true };
    }
    const text = body.text;
    let payload: { type?: unknown; timestamp?: unknown; data?: Record<string, unknown> };
    try {
      payload = JSON.parse(text);
    } catch (error) {
      response.status(400).json({ error: 'body is not JSON', reason: (error as Error).message });
      return { noWebhookResponse: true };
    }
    // JSON, but not an event object (null, a list, a number): nothing to filter or start with.
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      response.status(400).json({ error: 'body is not a JSON object', reason: 'not_an_object' });
      return { noWebhookResponse: true };
    }

    // Standard Webhooks receivers drop a delivery seen before: the service re-sends one whose answer it
    // did not get, with the same webhook-id. Acknowledged (200) so that it stops, but not started.
    // Only verified deliveries are looked up and remembered, so nobody without the secret can fill
    // the memory. The static data is only read here: execute() records the id (see there why).
    const untilMs = nowMs + dedupeWindowMs(toleranceSeconds);
    const key = `${this.getWorkflow().id ?? ''}\u0000${this.getNode().id}\u0000${verdict.id}`;
    const saved = this.getWorkflowStaticData('node').deliveries;
    const savedBefore = !seenRecord(saved, verdict.id, nowMs, untilMs, STATIC_CAP).fresh;
    if (savedBefore || !seenInProcess.claim(key, nowMs, untilMs)) {
      return { webhookResponse: { received: true, started: false, duplicate: true } };
    }

    const filters = this.getNodeParameter('filters', {}) as IDataObject;
    const selected = {
      events: list(this.getNodeParameter('events', [])),
      trackerIds: list(filters.trackerIds),
      spaceIds: list(filters.spaceIds),
      signals: list(filters.signals),
      bounds: list(filters.bounds),
    };
    // A filtered-out alert is still acknowledged, so the service does not retry it.
    if (!matchesFilters(payload, selected)) return { webhookResponse: { received: true, started: false } };

    return {
      webhookResponse: { received: true, started: true },
      workflowData: [
        this.helpers.returnJsonArray({
          ...(payload as IDataObject),
          webhook_id: verdict.id,
        }),
      ],
    };
  }

  /**
   * Runs first in every execution a delivery starts, with the webhook's items as its input, and is
   * where the delivery's id is recorded. n8n saves the static data an execution changed when the
   * execution ends (its `workflowExecuteAfter` hook, on the main process or a queue worker), having
   * loaded it when the execution began. What webhook() writes is saved only when it starts nothing:
   * `WorkflowRunner.run` builds its own `Workflow` over the same static-data object, whose
   * `ObservableObject.create` resets the changed flag before `LiveWebhooks.executeWebhook` checks it
   * (n8n 2.35.7). An execution whose id another execution already recorded (saved, or written in this
   * process: a copy that reached a second webhook processor first) emits nothing, so the nodes after
   * the trigger run once; what this process's executions wrote is merged in (seen-deliveries.ts).
   */
  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    // Tests in the editor, retries and other modes pass their items through and remember nothing.
    if (this.getMode() !== 'webhook') return [items];
    const nowMs = Date.now();
    const options = this.getNodeParameter('options', 0, {}) as IDataObject;
    const untilMs = nowMs + dedupeWindowMs(toleranceOf(options));
    const staticData = this.getWorkflowStaticData('node');
    const trigger = `${this.getWorkflow().id ?? ''}\u0000${this.getNode().id}`;
    const fresh = items.filter((item) => {
      const id = item.json.webhook_id;
      if (typeof id !== 'string' || id === '') return true;
      const known = recordedInProcess.merged(trigger, staticData.deliveries);
      const seen = seenRecord(known, id, nowMs, untilMs, STATIC_CAP);
      if (!seen.fresh) return false;
      staticData.deliveries = seen.entries;
      recordedInProcess.keep(trigger, seen.entries);
      return true;
    });
    return [fresh];
  }
}
