// Every operation of the document has its client method (x-trackerkit-names.client), and calling it
// sends that operation's method and path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTrackerClient,
  createVirtualClock,
  openapiDocument,
  type TrackerClient,
} from '../../src/index.ts';
import { runBody, TOKEN, trackerBody, uploadResponse } from '../helpers/fixtures.ts';
import { type LoopbackServer, sendJson, startLoopbackServer } from '../helpers/loopback-server.ts';

interface Operation {
  operationId: string;
  method: string;
  path: string;
  clientNames: string[];
}

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

function documentOperations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(openapiDocument.paths)) {
    for (const method of METHODS) {
      const op = (item as Record<string, { operationId: string; 'x-trackerkit-names': { client: string } }>)[
        method
      ];
      if (!op) continue;
      const clientNames = op['x-trackerkit-names'].client.match(/[a-z]+\.[A-Za-z]+/g) ?? [];
      out.push({ operationId: op.operationId, method: method.toUpperCase(), path, clientNames });
    }
  }
  return out;
}

const page = (data: unknown[]) => ({
  data,
  pagination: { page: 1, page_size: 20, total_items: data.length, total_pages: 1 },
});
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);

/** One call per client method; the ids make the expected path easy to check. */
const calls: Record<string, (c: TrackerClient) => Promise<unknown>> = {
  'spaces.list': (c) => c.spaces.list({ page: 1 }),
  'spaces.get': (c) => c.spaces.get('S'),
  'trackers.create': (c) =>
    c.trackers.create('S', {
      name: 'n',
      description: 'd',
      run_mode: 'manual',
      agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
    }),
  'trackers.list': (c) => c.trackers.list({ space_id: 'S' }),
  'trackers.get': (c) => c.trackers.get('T'),
  'trackers.update': (c) => c.trackers.update('T', { name: 'n2' }),
  'trackers.delete': (c) => c.trackers.delete('T'),
  'runs.trigger': (c) => c.runs.trigger('T', { context: { note: 'x' } }),
  'runs.list': (c) => c.runs.list('T'),
  'runs.get': (c) => c.runs.get('T', 'R'),
  'runs.delete': (c) => c.runs.delete('T', 'R'),
  'vault.recent': (c) => c.vault.recent('T', { limit: 5 }),
  'vault.upload': (c) => c.vault.upload('T', { source_name: 's', data: { a: 1 } }),
  'vault.uploadFile': (c) =>
    c.vault.uploadFile('T', { file: PNG, filename: 'p.png', description: 'a description long enough' }),
  'vault.listSources': (c) => c.vault.listSources('T'),
  'vault.getSource': (c) => c.vault.getSource('T', 'X'),
  'vault.updateSource': (c) => c.vault.updateSource('T', 'X', { name: 'n' }),
  'vault.deleteSource': (c) => c.vault.deleteSource('T', 'X'),
};

const IDS: Record<string, string> = { space_id: 'S', tracker_id: 'T', run_id: 'R', source_id: 'X' };

let server: LoopbackServer;
let client: TrackerClient;
beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    if (req.method === 'DELETE')
      return sendJson(res, 200, { success: true, message: 'Deleted', data: null, errors: null });
    if (req.path.endsWith('/vault/sources') && req.method === 'POST')
      return sendJson(res, 201, uploadResponse(1));
    if (req.path.endsWith('/runs') && req.method === 'POST') {
      return sendJson(res, 202, {
        run_id: 'R',
        tracker_id: 'T',
        status: 'pending',
        created_at: '2026-11-21T08:00:00Z',
      });
    }
    if (req.path.endsWith('/runs/R')) return sendJson(res, 200, runBody('completed'));
    if (req.method === 'GET' && /\/(spaces|trackers|runs|sources)$/.test(req.path))
      return sendJson(res, 200, page([]));
    sendJson(res, 200, trackerBody());
  });
  client = createTrackerClient({ baseUrl: server.baseUrl, token: TOKEN, clock: createVirtualClock() });
});
afterAll(() => server.close());

describe('every operation in openapiDocument.paths', () => {
  const operations = documentOperations();

  it('covers the 17 operations the README lists, each with client names', () => {
    expect(operations.length).toBeGreaterThanOrEqual(17);
    for (const op of operations) expect(op.clientNames.length, op.operationId).toBeGreaterThan(0);
  });

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s has its client method(s) and calls them',
    async (_id, op) => {
      for (const name of op.clientNames) {
        const [group, method] = name.split('.') as [keyof TrackerClient, string];
        expect(typeof (client[group] as unknown as Record<string, unknown>)?.[method], name).toBe('function');
        const invoke = calls[name];
        expect(invoke, `test table lacks ${name}`).toBeDefined();
        const before = server.requests.length;
        await invoke!(client);
        const sent = server.requests.at(-1)!;
        expect(server.requests.length).toBe(before + 1);
        expect(sent.method).toBe(op.method);
        expect(sent.path).toBe(op.path.replace(/\{([^}]+)\}/g, (_, p: string) => IDS[p] ?? p));
      }
    },
  );
});
