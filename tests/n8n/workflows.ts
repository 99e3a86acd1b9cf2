// The workflows the end-to-end test imports into n8n: built the way the editor saves them. Custom
// nodes loaded through N8N_CUSTOM_EXTENSIONS have the type prefix `CUSTOM.`.
const TRACKER = 'CUSTOM.tracker';
const api = { trackerApi: { id: 'trackerApiE2e', name: 'Tracker API (emulator)' } };
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
/** A skill of the emulator's catalogue that the node does not list (the service's is not published). */
export const CUSTOM_SKILL = 'supplier_news';

let counter = 0;
function node(
  name: string,
  type: string,
  parameters: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  counter++;
  return {
    id: `node-${counter}`,
    name,
    type,
    typeVersion: 1,
    position: [counter * 220, 300],
    parameters,
    ...extra,
  };
}
const chain = (...names: string[]) =>
  Object.fromEntries(
    names.slice(0, -1).map((name, i) => [name, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]),
  );

export function credentials(baseUrl: string, token: string, secret: string) {
  return [
    {
      id: 'trackerApiE2e',
      name: 'Tracker API (emulator)',
      type: 'trackerApi',
      data: { baseUrl, apiToken: token },
    },
    {
      id: 'trackerSecretE2e',
      name: 'Tracker signing secret',
      type: 'trackerWebhookSecretApi',
      data: { secret },
    },
  ];
}

/**
 * Create a tracker, upload 2,500 rows from an HTTP source, trigger a run and wait, list runs by signal,
 * then upload a CSV and a PNG that HTTP Request nodes fetched as binary data (Vault › Upload File).
 */
export function actionsWorkflow(spaceId: string, rowsUrl: string, filesUrl: string) {
  const trackerId = byId("={{ $('Create Tracker').first().json.tracker_id }}");
  const nodes = [
    node('Start', 'n8n-nodes-base.manualTrigger', {}),
    node(
      'Create Tracker',
      TRACKER,
      {
        resource: 'tracker',
        operation: 'create',
        spaceId: byId(spaceId),
        name: 'ACME supplier risk',
        description: 'Watches deliveries from ACME for supply-chain risk.',
        instruction: 'Weigh late deliveries in the vault; more late days mean more risk.',
        scoreMeaning: '10 means no supply risk; 0 means imminent disruption.',
        skills: 'web_research',
        runMode: 'manual',
        additionalFields: { reasoningMode: 'advanced', vaultTtlDays: 30 },
        notification: { webhookEnabled: true, notifyBelow: true, lowerThreshold: 3 },
      },
      { credentials: api },
    ),
    node('Fetch Rows', 'n8n-nodes-base.httpRequest', { url: rowsUrl, options: {} }, { typeVersion: 4.2 }),
    node(
      'Upload Rows',
      TRACKER,
      { resource: 'vault', operation: 'uploadRows', trackerId, sourceName: 'deliveries', options: {} },
      { credentials: api },
    ),
    node(
      'Trigger Run',
      TRACKER,
      {
        resource: 'run',
        operation: 'trigger',
        trackerId,
        waitForCompletion: true,
        options: { context: '{"emulator":{"score":2}}', pollIntervalSeconds: 1, timeoutSeconds: 60 },
      },
      { credentials: api, executeOnce: true },
    ),
    node(
      'Negative Runs',
      TRACKER,
      { resource: 'run', operation: 'getAll', trackerId, returnAll: true, filters: { signal: 'Negative' } },
      { credentials: api, executeOnce: true },
    ),
    fetchFile('Fetch CSV', `${filesUrl}/late-deliveries.csv`, 'data'),
    node(
      'Upload File',
      TRACKER,
      { resource: 'vault', operation: 'uploadFile', trackerId, binaryPropertyName: 'data', options: {} },
      { credentials: api },
    ),
    fetchFile('Fetch PNG', `${filesUrl}/delivery-chart.png`, 'chart'),
    node(
      'Upload Image',
      TRACKER,
      {
        resource: 'vault',
        operation: 'uploadFile',
        trackerId,
        binaryPropertyName: 'chart',
        options: { sourceName: 'delivery chart', description: 'Late deliveries per week, as a bar chart' },
      },
      { credentials: api },
    ),
    // Version 2 of the node, as new workflows get it: Skills is a multi-select plus custom ids.
    node(
      'Create With Skills',
      TRACKER,
      {
        resource: 'tracker',
        operation: 'create',
        spaceId: byId(spaceId),
        name: 'ACME supplier news',
        description: 'Watches news about ACME.',
        instruction: 'Weigh the news.',
        scoreMeaning: '10 means no supply risk.',
        skills: ['web_research', 'stock_research'],
        customSkills: `${CUSTOM_SKILL}, web_research`,
        runMode: 'manual',
      },
      { credentials: api, typeVersion: 2, executeOnce: true },
    ),
    // Update in version 2 the same way: the chosen skills, then the custom ids, replace the list.
    node(
      'Update Skills',
      TRACKER,
      {
        resource: 'tracker',
        operation: 'update',
        trackerId: byId('={{ $json.tracker_id }}'),
        updateFields: { skills: ['financial_markets'], customSkills: CUSTOM_SKILL },
      },
      { credentials: api, typeVersion: 2, executeOnce: true },
    ),
  ];
  return workflow('wfActions01', 'Tracker actions', nodes, chain(...nodes.map((n) => n.name)));
}

/**
 * Errors: a bad parameter (no request sent) and an API error, both continued; then two items of which
 * the second names an unknown tracker: one result and one error, each paired with its own item.
 */
export function errorsWorkflow(spaceId: string, idsUrl: string) {
  const nodes = [
    node('Start', 'n8n-nodes-base.manualTrigger', {}),
    node(
      'Bad Name',
      TRACKER,
      {
        resource: 'tracker',
        operation: 'create',
        spaceId: byId(spaceId),
        name: 'x'.repeat(51),
        description: 'd',
        instruction: 'i',
        scoreMeaning: 's',
        runMode: 'manual',
      },
      { credentials: api, onError: 'continueRegularOutput' },
    ),
    node(
      'Unknown Tracker',
      TRACKER,
      { resource: 'tracker', operation: 'get', trackerId: byId('trk_does-not-exist') },
      { credentials: api, onError: 'continueRegularOutput' },
    ),
    node(
      'Two IDs',
      'n8n-nodes-base.httpRequest',
      { url: idsUrl, options: {} },
      { typeVersion: 4.2, executeOnce: true },
    ),
    node(
      'Get Each',
      TRACKER,
      { resource: 'tracker', operation: 'get', trackerId: byId('={{ $json.tracker_id }}') },
      { credentials: api, onError: 'continueRegularOutput' },
    ),
  ];
  return workflow('wfErrors0001', 'Tracker errors', nodes, chain(...nodes.map((n) => n.name)));
}

export const WEBHOOK_ID = '6c0a3f4e-5b1d-4c2e-9f7a-1b2c3d4e5f60';

/** Tracker Trigger → forward each accepted alert to a collector. */
export function webhookWorkflow(collectorUrl: string) {
  const nodes = [
    node(
      'Tracker Trigger',
      'CUSTOM.trackerTrigger',
      { events: ['tracker.alert'], filters: {}, options: {} },
      {
        webhookId: WEBHOOK_ID,
        credentials: { trackerWebhookSecretApi: { id: 'trackerSecretE2e', name: 'Tracker signing secret' } },
      },
    ),
    forward('Forward Alert', `${collectorUrl}/alert`),
  ];
  return workflow('wfWebhook001', 'Tracker alerts', nodes, chain(...nodes.map((n) => n.name)));
}

/** Tracker Signal Trigger (the first polling type, hidden now) → forward each new run to a collector. */
export function pollingWorkflow(spaceId: string, trackerId: string, collectorUrl: string) {
  const nodes = [
    node(
      'Tracker Signal Trigger',
      'CUSTOM.trackerSignalTrigger',
      {
        pollTimes: { item: [{ mode: 'everyMinute' }] },
        spaceId: byId(spaceId),
        trackerIds: [trackerId],
        filters: {},
      },
      { credentials: api },
    ),
    forward('Forward Run', `${collectorUrl}/signal`),
  ];
  return workflow('wfPolling001', 'Tracker signals', nodes, chain(...nodes.map((n) => n.name)));
}

/**
 * Tracker Trigger (version 2, the polling trigger new workflows get) over every tracker of the space →
 * forward each new run to a collector. The single-tracker workflow above keeps the first type
 * `trackerSignalTrigger`, so both are exercised.
 */
export function pollAllWorkflow(spaceId: string, collectorUrl: string) {
  const nodes = [
    node(
      'Every Tracker',
      'CUSTOM.trackerTrigger',
      {
        pollTimes: { item: [{ mode: 'everyMinute' }] },
        spaceId: byId(spaceId),
        trackerIds: [],
        filters: {},
      },
      { credentials: api, typeVersion: 2 },
    ),
    forward('Forward Any Run', `${collectorUrl}/signal-all`),
  ];
  return workflow(
    'wfPollAll001',
    'Tracker signals, every tracker',
    nodes,
    chain(...nodes.map((n) => n.name)),
  );
}

/** Tracker Trigger (version 2) with Events › Failed Runs only → forward each newly failed run. */
export function pollFailuresWorkflow(spaceId: string, trackerId: string, collectorUrl: string) {
  const nodes = [
    node(
      'Failed Runs',
      'CUSTOM.trackerTrigger',
      {
        pollTimes: { item: [{ mode: 'everyMinute' }] },
        spaceId: byId(spaceId),
        trackerIds: [trackerId],
        events: ['failed'],
        filters: {},
      },
      { credentials: api, typeVersion: 2 },
    ),
    forward('Forward Failure', `${collectorUrl}/failed-run`),
  ];
  return workflow('wfPollFail01', 'Tracker failed runs, polled', nodes, chain(...nodes.map((n) => n.name)));
}

/**
 * Failed runs: one node fails with the run's error_message and Continue On Fail keeps it as `{error}`;
 * one returns the failed run as an item (Return Failed Runs as Items).
 */
export function failedRunWorkflow(trackerId: string, message: string) {
  const context = JSON.stringify({ emulator: { fail: message } });
  const trigger = (name: string, options: Record<string, unknown>, extra: Record<string, unknown>) =>
    node(
      name,
      TRACKER,
      {
        resource: 'run',
        operation: 'trigger',
        trackerId: byId(trackerId),
        waitForCompletion: true,
        options: { context, pollIntervalSeconds: 1, timeoutSeconds: 60, ...options },
      },
      { credentials: api, ...extra },
    );
  const nodes = [
    node('Start', 'n8n-nodes-base.manualTrigger', {}),
    trigger('Failing Run', {}, { onError: 'continueRegularOutput' }),
    trigger('Failed As Item', { returnFailedRuns: true }, {}),
  ];
  const connections = {
    Start: {
      main: [
        [
          { node: 'Failing Run', type: 'main', index: 0 },
          { node: 'Failed As Item', type: 'main', index: 0 },
        ],
      ],
    },
  };
  return workflow('wfFailed0001', 'Tracker failed runs', nodes, connections);
}

/**
 * The shipped daily-summary example as a user imports it, made runnable here: the schedule becomes a
 * manual trigger, the e-mail nodes No Operation nodes of the same names (no SMTP server), the tracker
 * and credential are filled in and the run is made to fail. Its connections and error routing are the
 * example's own.
 */
export function dailySummaryWorkflow(example: string, trackerId: string, message: string) {
  const parsed = JSON.parse(example) as {
    nodes: Array<
      Record<string, unknown> & { name: string; type: string; parameters: Record<string, unknown> }
    >;
    connections: unknown;
  };
  const nodes = parsed.nodes.map((n) => {
    if (n.type === 'n8n-nodes-base.scheduleTrigger')
      return { ...n, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} };
    if (n.type === 'n8n-nodes-base.emailSend')
      return { ...n, type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} };
    if (n.type === '@trackerkit/n8n-nodes-tracker.tracker') {
      const options = n.parameters.options as Record<string, unknown>;
      return {
        ...n,
        type: TRACKER,
        credentials: api,
        parameters: {
          ...n.parameters,
          trackerId: byId(trackerId),
          options: {
            ...options,
            pollIntervalSeconds: 1,
            context: JSON.stringify({ emulator: { fail: message } }),
          },
        },
      };
    }
    return n;
  });
  return workflow('wfDailySum01', 'Daily summary (example)', nodes, parsed.connections);
}

/** An HTTP Request node that downloads a file into a binary property, as an editor user would. */
function fetchFile(name: string, url: string, property: string) {
  return node(
    name,
    'n8n-nodes-base.httpRequest',
    {
      url,
      options: {
        response: {
          response: { responseFormat: 'file', outputPropertyName: property },
        },
      },
    },
    { typeVersion: 4.2, executeOnce: true },
  );
}

function forward(name: string, url: string) {
  return node(
    name,
    'n8n-nodes-base.httpRequest',
    {
      method: 'POST',
      url,
      sendBody: true,
      specifyBody: 'json',
      jsonBody: '={{ JSON.stringify($json) }}',
      options: {},
    },
    { typeVersion: 4.2 },
  );
}

function workflow(id: string, name: string, nodes: unknown[], connections: unknown) {
  return { id, name, active: false, nodes, connections, settings: { executionOrder: 'v1' }, pinData: {} };
}
