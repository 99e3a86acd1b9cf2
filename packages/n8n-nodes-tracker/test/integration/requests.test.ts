// The node's request layer, list searches and Get Many against the real emulator on a loopback socket.
// n8n's own request helper lives in n8n-core (not a dependency of this package): the context below
// stands in for it with fetch, applying the credential's declared authentication, so every request
// is real HTTP. The whole node runs inside the real n8n in tests/n8n.
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import type {
  IExecuteFunctions,
  IHttpRequestOptions,
  ILoadOptionsFunctions,
  INode,
  INodeExecutionData,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackerApi } from '../../credentials/TrackerApi.credentials';
import type { TrackerCreate } from '../../nodes/shared/generated/core';
import { getMany, trackerRequest } from '../../nodes/shared/transport';
import { Tracker } from '../../nodes/Tracker/Tracker.node';

const TRACKERS = 205;
let emulator: RunningEmulator;
let otherSpaceId: string;
let otherTrackerId: string;
const seeded: string[] = [];
type Context = ReturnType<typeof context>['ctx'];

type Sent = { method: string; url: URL };

/** A parameter's value, the same for every item or per item index. */
type Parameter = unknown | ((itemIndex: number) => unknown);
interface Setup {
  items?: INodeExecutionData[];
  continueOnFail?: boolean;
}

function context(parameters: Record<string, Parameter> = {}, setup: Setup = {}) {
  const sent: Sent[] = [];
  const node: INode = {
    id: 'node-1',
    name: 'Tracker',
    type: 'CUSTOM.tracker',
    typeVersion: 1,
    position: [0, 0],
    parameters: {},
  };
  const credentials = { baseUrl: `${emulator.baseUrl}/`, apiToken: emulator.token };
  const authorization = String(new TrackerApi().authenticate.properties.headers?.Authorization).replace(
    /^=(.*)\{\{\$credentials\.apiToken\}\}$/,
    `$1${credentials.apiToken}`,
  );
  const helpers = {
    async httpRequestWithAuthentication(credentialType: string, options: IHttpRequestOptions) {
      expect(credentialType).toBe('trackerApi');
      const url = new URL(options.url);
      for (const [key, value] of Object.entries(options.qs ?? {})) url.searchParams.set(key, String(value));
      const method = options.method ?? 'GET';
      sent.push({ method, url });
      const body =
        options.body === undefined ? undefined : options.json ? JSON.stringify(options.body) : options.body;
      const response = await fetch(url, {
        method,
        headers: {
          ...(options.json && body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.headers as Record<string, string>),
          authorization,
        },
        body: body as BodyInit | undefined,
      });
      const text = await response.text();
      expect(options.returnFullResponse && options.ignoreHttpStatusErrors).toBe(true);
      return {
        statusCode: response.status,
        headers: Object.fromEntries(response.headers),
        body: options.json && text ? JSON.parse(text) : text,
      };
    },
  };
  const items: INodeExecutionData[] = setup.items ?? [{ json: {} }];
  const parameter = (name: string, i: number, fallback?: unknown, options?: { extractValue?: boolean }) => {
    if (!(name in parameters)) {
      if (fallback !== undefined) return fallback;
      throw new Error(`Could not get parameter "${name}"`);
    }
    const given = parameters[name];
    const value = (typeof given === 'function' ? given(i) : given) as { __rl?: boolean; value?: unknown };
    return options?.extractValue && value && typeof value === 'object' && value.__rl ? value.value : value;
  };
  const binary = (i: number, property: string) => {
    const data = items[i]?.binary?.[property];
    if (!data)
      throw new Error(`This operation expects the node's input data to contain a binary file '${property}'`);
    return data;
  };
  Object.assign(helpers, {
    assertBinaryData: binary,
    getBinaryDataBuffer: async (i: number, property: string) =>
      Buffer.from(binary(i, property).data, 'base64'),
  });
  const ctx = {
    getNode: () => node,
    getCredentials: async () => credentials,
    getCurrentNodeParameter: (name: string, options?: { extractValue?: boolean }) =>
      parameter(name, 0, undefined, options),
    getNodeParameter: parameter,
    getInputData: () => items,
    continueOnFail: () => setup.continueOnFail ?? false,
    helpers,
  } as unknown as ILoadOptionsFunctions & IExecuteFunctions;
  return { ctx, sent };
}

async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

const createTracker = (spaceId: string, name: string) =>
  api<{ tracker_id: string }>('POST', `${emulator.baseUrl}/api/spaces/${spaceId}/trackers`, {
    name,
    description: `${name}, for the list search`,
    run_mode: 'manual',
    agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: [] },
  }).then((tracker) => tracker.tracker_id);

const { searchSpaces, searchTrackers } = new Tracker().methods.listSearch;
const { getTrackers } = new Tracker().methods.loadOptions;

beforeAll(async () => {
  emulator = await startEmulator({ validateResponses: true, log: () => {} });
  const other = await api<{ space_id: string }>(
    'POST',
    `${emulator.origin}/_emulator/accounts/${emulator.accountId}/spaces`,
    { name: 'Logistics Europe', description: 'Second space' },
  );
  otherSpaceId = other.space_id;
  otherTrackerId = await createTracker(otherSpaceId, 'Rotterdam port congestion');
  for (let i = 0; i < TRACKERS; i++) seeded.push(await createTracker(emulator.spaceId, `Supplier ${i}`));
});

afterAll(async () => {
  expect(emulator.contractViolations()).toEqual([]);
  await emulator?.close();
});

describe('resource locator list searches', () => {
  it('searchSpaces lists the spaces from the API and filters by name or ID', async () => {
    const { ctx } = context();
    const all = await searchSpaces.call(ctx);
    expect(all.results.map((r) => r.value).sort()).toEqual([emulator.spaceId, otherSpaceId].sort());
    expect(all.results.find((r) => r.value === otherSpaceId)).toMatchObject({
      name: 'Logistics Europe',
      description: 'Second space',
    });
    expect((await searchSpaces.call(ctx, 'logistics')).results.map((r) => r.value)).toEqual([otherSpaceId]);
    expect((await searchSpaces.call(ctx, otherSpaceId)).results.map((r) => r.value)).toEqual([otherSpaceId]);
    expect((await searchSpaces.call(ctx, 'nothing like this')).results).toEqual([]);
  });

  it('searchTrackers lists the trackers of the chosen space, every page of them', async () => {
    const { ctx, sent } = context({ spaceId: { __rl: true, mode: 'list', value: emulator.spaceId } });
    const all = await searchTrackers.call(ctx);
    expect(all.results.map((r) => r.value).sort()).toEqual([...seeded].sort());
    expect(sent.map((s) => s.url.searchParams.get('space_id'))).toEqual(Array(3).fill(emulator.spaceId));
    const one = await searchTrackers.call(ctx, 'supplier 204');
    expect(one.results).toEqual([
      { name: 'Supplier 204', value: seeded[204], description: 'Supplier 204, for the list search' },
    ]);
  });

  it('searchTrackers searches every space when the operation has no space parameter', async () => {
    const { ctx } = context();
    const found = await searchTrackers.call(ctx, 'rotterdam');
    expect(found.results.map((r) => r.value)).toEqual([otherTrackerId]);
    expect((await searchTrackers.call(ctx)).results).toHaveLength(TRACKERS + 1);
  });

  it('getTrackers loads the options of the chosen space', async () => {
    const { ctx } = context({ spaceId: otherSpaceId });
    expect(await getTrackers.call(ctx)).toEqual([
      {
        name: 'Rotterdam port congestion',
        value: otherTrackerId,
        description: 'Rotterdam port congestion, for the list search',
      },
    ]);
  });
});

describe('Get Many', () => {
  it.each([
    [
      'Return All walks every page',
      { given: { returnAll: true, limit: 0 }, want: { items: TRACKERS, pages: [100, 100, 100] } },
    ],
    [
      'a limit above one page takes two',
      { given: { returnAll: false, limit: 150 }, want: { items: 150, pages: [100, 100] } },
    ],
    [
      'a small limit asks for that page size',
      { given: { returnAll: false, limit: 7 }, want: { items: 7, pages: [7] } },
    ],
  ] as const)('%s', async (_name, { given, want }) => {
    const { ctx, sent } = context();
    const trackers = await getMany(
      ctx,
      '/api/trackers',
      { qs: { space_id: emulator.spaceId } },
      given.returnAll,
      given.limit,
    );
    expect(trackers).toHaveLength(want.items);
    expect(new Set(trackers.map((t) => t.tracker_id)).size).toBe(want.items);
    expect(sent.map((s) => Number(s.url.searchParams.get('page_size')))).toEqual(want.pages);
    expect(sent.map((s) => Number(s.url.searchParams.get('page')))).toEqual(want.pages.map((_, i) => i + 1));
  });
});

describe('service errors', () => {
  it.each([
    [
      'a 404 keeps the status and the detail',
      {
        given: {
          method: 'GET',
          path: '/api/trackers/trk_missing',
          send: (ctx: Context) =>
            trackerRequest(ctx, 'GET', '/api/trackers/{tracker_id}', {
              params: { tracker_id: 'trk_missing' },
              itemIndex: 3,
            }),
        },
        want: { httpCode: '404', message: /^Tracker service answered 404: Tracker not found$/ },
      },
    ],
    [
      'a 422 names each invalid field',
      {
        given: {
          method: 'POST',
          path: '/api/spaces/SPACE/trackers',
          // The service's own answer is the point here, so the body skips the node's pre-checks.
          send: (ctx: Context) =>
            trackerRequest(ctx, 'POST', '/api/spaces/{space_id}/trackers', {
              params: { space_id: emulator.spaceId },
              body: { name: '' } as TrackerCreate,
              itemIndex: 3,
            }),
        },
        want: {
          httpCode: '422',
          // Every invalid field, in the emulator's order.
          message: /^Tracker service answered 422: (?=.*body\.name: String should)(?=.*body\.agent_config: )/,
        },
      },
    ],
  ])('%s in a NodeApiError', async (_name, { given, want }) => {
    const { ctx } = context();
    const path = given.path.replace('SPACE', emulator.spaceId);
    const error = await given.send(ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeApiError);
    const apiError = error as NodeApiError;
    expect(apiError.httpCode).toBe(want.httpCode);
    expect(apiError.message).toMatch(want.message);
    expect(apiError.description).toBe(`${given.method} ${path}`);
    expect(apiError.context.itemIndex).toBe(3);
  });
});

describe('Vault uploads through the node', () => {
  const execute = (ctx: IExecuteFunctions) => new Tracker().execute.call(ctx);
  const file = (fileName: string, mimeType: string, data: Buffer) => ({
    data: data.toString('base64'),
    fileName,
    mimeType,
  });
  const sources = (trackerId: string) =>
    api<{ data: Array<{ name: string; source_type: string; data_count: number }> }>(
      'GET',
      `${emulator.baseUrl}/api/trackers/${trackerId}/vault/sources`,
    ).then((page) => page.data);

  it('Upload File sends the binary property as multipart, one request per item', async () => {
    const trackerId = await createTracker(otherSpaceId, 'File uploads');
    const { ctx, sent } = context(
      {
        resource: 'vault',
        operation: 'uploadFile',
        trackerId: { __rl: true, mode: 'id', value: trackerId },
        binaryPropertyName: 'data',
        options: (i: number) => (i === 1 ? { sourceName: 'Notes', description: 'Weekly notes' } : {}),
      },
      {
        items: [
          { json: {}, binary: { data: file('late.csv', 'text/csv', Buffer.from('sku,days\nA,3\nB,0\n')) } },
          {
            json: {},
            binary: { data: file('notes.md', 'text/markdown', Buffer.from('# Week 47\nAll good.')) },
          },
        ],
      },
    );
    const [out] = await execute(ctx);
    expect(
      out?.map((item) => [item.json.name, item.json.source_type, item.json.rows_processed, item.pairedItem]),
    ).toEqual([
      ['late.csv', 'CSV', 2, { item: 0 }],
      ['Notes', 'MD', 1, { item: 1 }],
    ]);
    expect(sent.map((s) => s.method)).toEqual(['POST', 'POST']);
    expect(await sources(trackerId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'late.csv', source_type: 'CSV', data_count: 2 }),
        expect.objectContaining({ name: 'Notes', source_type: 'MD', data_count: 1 }),
      ]),
    );
  });

  it.each([
    [
      'an unsupported extension',
      {
        given: file('report.xlsx', 'application/octet-stream', Buffer.from('x')),
        want: /^File: "report\.xlsx" does not end in one of pdf, csv, .* \(field file, rule /,
      },
    ],
    [
      'an empty file',
      {
        given: file('empty.csv', 'text/csv', Buffer.alloc(0)),
        want: /^File: empty\.csv: the file is empty \(field file, rule /,
      },
    ],
  ])('Upload File refuses %s before any request', async (_name, { given, want }) => {
    const { ctx, sent } = context(
      {
        resource: 'vault',
        operation: 'uploadFile',
        trackerId: { __rl: true, mode: 'id', value: seeded[0] },
        binaryPropertyName: 'data',
        options: {},
      },
      { items: [{ json: {}, binary: { data: given } }] },
    );
    const error = await execute(ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeOperationError);
    expect((error as NodeOperationError).message).toMatch(want);
    expect(sent).toEqual([]);
  });

  const rowsParameters = (trackerId: string) => ({
    resource: 'vault',
    operation: 'uploadRows',
    trackerId: { __rl: true, mode: 'id', value: trackerId },
    sourceName: 'deliveries',
    options: { rowField: 'row' },
  });
  const rowItems: INodeExecutionData[] = [
    { json: { row: { sku: 'A', late_days: 1 } } },
    { json: { other: true } },
    {
      json: {
        row: [
          { sku: 'B', late_days: 2 },
          { sku: 'C', late_days: 0 },
        ],
      },
    },
  ];

  it('Upload Rows with Continue On Fail reports a bad item, paired, and uploads the others', async () => {
    const trackerId = await createTracker(otherSpaceId, 'Row uploads');
    const { ctx, sent } = context(rowsParameters(trackerId), { items: rowItems, continueOnFail: true });
    const [out] = await execute(ctx);
    expect(out).toEqual([
      {
        json: { error: 'Row Field: "row" must hold an object or a list of objects' },
        pairedItem: { item: 1 },
      },
      {
        json: expect.objectContaining({ name: 'deliveries', rows_processed: 3, batch_rows: 3 }),
        pairedItem: [{ item: 0 }, { item: 2 }],
      },
    ]);
    expect(sent).toHaveLength(1);
    expect(await sources(trackerId)).toEqual([
      expect.objectContaining({ name: 'deliveries', data_count: 3 }),
    ]);
  });

  it('Upload Rows without Continue On Fail stops at the bad item before any request', async () => {
    const { ctx, sent } = context(rowsParameters(seeded[1] as string), { items: rowItems });
    const error = await execute(ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeOperationError);
    expect((error as NodeOperationError).context.itemIndex).toBe(1);
    expect(sent).toEqual([]);
  });
});
