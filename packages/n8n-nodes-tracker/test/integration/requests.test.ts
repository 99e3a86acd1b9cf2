// The node's request layer, list searches and Get Many against the real emulator on a loopback socket,
// through the context of ./node-context (real HTTP). The whole node runs inside the real n8n in tests/n8n.
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerCreate } from '../../nodes/shared/generated/core';
import { getMany, trackerRequest } from '../../nodes/shared/transport';
import { Tracker } from '../../nodes/Tracker/Tracker.node';
import { callApi, nodeContext, type Parameter, type Setup } from './node-context';

const TRACKERS = 205;
let emulator: RunningEmulator;
let otherSpaceId: string;
let otherTrackerId: string;
const seeded: string[] = [];
type Context = ReturnType<typeof context>['ctx'];

const context = (parameters: Record<string, Parameter> = {}, setup: Setup = {}) =>
  nodeContext(emulator, parameters, setup);

const api = <T>(method: string, url: string, body?: unknown) => callApi<T>(emulator, method, url, body);

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

  it('searchTrackers lists the trackers of the chosen space a page per call, with a token for the next', async () => {
    const { ctx, sent } = context({ spaceId: { __rl: true, mode: 'list', value: emulator.spaceId } });
    const pages: string[][] = [];
    let token: string | undefined;
    do {
      const page = await searchTrackers.call(ctx, undefined, token);
      pages.push(page.results.map((r) => String(r.value)));
      token = page.paginationToken as string | undefined;
    } while (token !== undefined);
    expect(pages.map((page) => page.length)).toEqual([100, 100, 5]);
    expect(pages.flat().sort()).toEqual([...seeded].sort());
    // One request per call, each for its own page of the chosen space.
    expect(sent.map((s) => [s.url.searchParams.get('space_id'), s.url.searchParams.get('page')])).toEqual([
      [emulator.spaceId, '1'],
      [emulator.spaceId, '2'],
      [emulator.spaceId, '3'],
    ]);
    // A filter applies to each page; walking the tokens finds the one match.
    const one = [];
    token = undefined;
    do {
      const page = await searchTrackers.call(ctx, 'supplier 204', token);
      one.push(...page.results);
      token = page.paginationToken as string | undefined;
    } while (token !== undefined);
    expect(one).toEqual([
      { name: 'Supplier 204', value: seeded[204], description: 'Supplier 204, for the list search' },
    ]);
  });

  it('searchTrackers walks every space, a page at a time, when the operation has no space parameter', async () => {
    const { ctx } = context();
    const found: string[] = [];
    let token: string | undefined;
    const since = emulator.requests.list().at(-1)?.seq ?? 0;
    do {
      const page = await searchTrackers.call(ctx, 'rotterdam', token);
      found.push(...page.results.map((r) => String(r.value)));
      token = page.paginationToken as string | undefined;
    } while (token !== undefined);
    expect(found).toEqual([otherTrackerId]);
    // One tracker page per call, each asked once and answered: three pages of the first space and one
    // of the second, in whichever order the service lists the spaces.
    const pages = emulator.requests
      .verify({ operation_id: 'listTrackers', since }, { count: 4 })
      .map((e) => [e.query.space_id, e.query.page, e.query.page_size, e.status].join(' '));
    expect(pages.sort()).toEqual(
      [
        `${emulator.spaceId} 1 100 200`,
        `${emulator.spaceId} 2 100 200`,
        `${emulator.spaceId} 3 100 200`,
        `${otherSpaceId} 1 100 200`,
      ].sort(),
    );
    // The spaces are read at most once per call, and nothing else is asked.
    emulator.requests.verify({ operation_id: 'listSpaces', since }, { max: 4 });
    expect(emulator.requests.count({ since })).toBe(
      4 + emulator.requests.count({ operation_id: 'listSpaces', since }),
    );
  });

  it('searchRuns and searchSources list what belongs to the chosen tracker', async () => {
    const trackerId = await createTracker(otherSpaceId, 'Runs and sources');
    const { run_id: runId } = await api<{ run_id: string }>(
      'POST',
      `${emulator.baseUrl}/api/trackers/${trackerId}/runs`,
      { sync: true, context: { emulator: { score: 4 } } },
    );
    await api('POST', `${emulator.baseUrl}/api/trackers/${trackerId}/vault/sources`, {
      source_name: 'deliveries',
      data: [{ sku: 'A' }],
    });
    const { ctx } = context({ trackerId: { __rl: true, mode: 'list', value: trackerId } });
    const { searchRuns, searchSources } = new Tracker().methods.listSearch;
    const runs = await searchRuns.call(ctx);
    expect(runs.results).toEqual([{ name: expect.stringMatching(/ · \w+ 4\/10$/), value: runId }]);
    const sources = await searchSources.call(ctx, 'deliv');
    expect(sources.results).toEqual([
      { name: 'deliveries', value: expect.stringMatching(/.+/), description: 'JSON' },
    ]);
    expect((await searchRuns.call(context().ctx)).results).toEqual([]);
  });

  it("getTrackers offers Update only the trackers of the updated tracker's own space", async () => {
    const candidate = await createTracker(otherSpaceId, 'Linked candidate');
    const { ctx } = context({ trackerId: { __rl: true, mode: 'id', value: otherTrackerId } });
    const options = await getTrackers.call(ctx);
    const values = options.map((o) => o.value);
    expect(values).toContain(candidate);
    expect(values).not.toContain(otherTrackerId);
    expect(values.some((v) => seeded.includes(String(v)))).toBe(false);
  });

  it('getTrackers loads the options of the chosen space', async () => {
    const { ctx } = context({ spaceId: otherSpaceId });
    const options = await getTrackers.call(ctx);
    expect(options).toContainEqual({
      name: 'Rotterdam port congestion',
      value: otherTrackerId,
      description: 'Rotterdam port congestion, for the list search',
    });
    expect(options.some((o) => seeded.includes(String(o.value)))).toBe(false);
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
