// A fuzz of every tool's arguments over both transports, against the trackerkit-mcp command in a
// process of its own: any values (any Unicode, any JSON, numbers, nulls), the paths of hostile
// files (directories, a FIFO, a device, links, a file over the limit) and hostile URL bodies on
// loopback (truncated gzip, bombs, resets, the wrong type). Whatever the call, the server answers
// it, keeps running, and a good call succeeds afterwards.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolDefinitions } from '../../src/index.ts';
import {
  expectAlive,
  hostileWorld,
  type ServerProcess,
  startOnHostileFixtures,
  TRANSPORTS,
} from './server-processes.ts';

const world = hostileWorld();

const PATHS = [
  'sub',
  '.',
  'sub.csv',
  'to-sub',
  'pipe.csv',
  'to-pipe.csv',
  '/dev/zero',
  '/dev/null',
  'to-secret.csv',
  '../elsewhere/secret.csv',
  'dangling.csv',
  'big.csv',
  'bad.json',
  'deep.json',
  'deep.jsonl',
  'bad.csv',
  'bad.jsonl',
  'empty.csv',
  'rows.csv',
  'rows.json',
  'notes.txt',
];

// Every hostile body but the one that never ends (a call on it lasts until the client gives up:
// hostile-tool-calls.test.ts).
const URL_PATHS = [
  '/truncated.csv',
  '/truncated.json',
  '/truncated.jsonl',
  '/not-gzip.csv',
  '/bomb.json',
  '/bomb.csv',
  '/compress.csv',
  '/export',
  '/page.json',
  '/error.csv',
  '/reset-before.csv',
  '/reset-mid.csv',
  '/short.csv',
  '/rows.csv',
  '/missing.csv',
];

const IDS = ['spc_missing', 'trk_missing', 'run_missing', 'src_missing', '..', 'a/b', '%2e%2e', ''];

const anyValue = (urlBase: string) =>
  fc.oneof(
    fc.anything({ maxDepth: 3, withNullPrototype: true }),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.constantFrom(...PATHS),
    fc.constantFrom(...URL_PATHS).map((path) => `${urlBase}${path}`),
    fc.constantFrom(...IDS),
    fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)),
  );

/** A tool and arguments for it: any of its argument names (and one it does not know) with any value. */
function anyCall(urlBase: string) {
  const value = anyValue(urlBase);
  return fc.oneof(
    ...toolDefinitions.map((tool) =>
      fc.record({
        name: fc.constant(tool.name),
        args: fc.dictionary(fc.constantFrom(...Object.keys(tool.input.shape), 'unknown'), value, {
          maxKeys: 6,
        }),
      }),
    ),
  );
}

/** upload_vault_data and upload_vault_file with one source, so the call reaches the file or URL. */
function anyUpload(urlBase: string, trackerId: string) {
  const source = fc.oneof(
    fc.record({ path: fc.constantFrom(...PATHS) }),
    fc.record({ url: fc.constantFrom(...URL_PATHS).map((path) => `${urlBase}${path}`) }),
  );
  const data = fc.record({
    name: fc.constant('upload_vault_data'),
    args: fc
      .tuple(
        source,
        fc.record(
          {
            format: fc.oneof(fc.constantFrom('json', 'jsonl', 'csv'), anyValue(urlBase)),
            skip_rows: fc.oneof(fc.nat(5), anyValue(urlBase)),
          },
          { requiredKeys: [] },
        ),
      )
      .map(([from, rest]) => ({ tracker_id: trackerId, source_name: 'fuzz', ...from, ...rest })),
  });
  const file = fc.record({
    name: fc.constant('upload_vault_file'),
    args: fc
      .constantFrom(...PATHS)
      .map((path) => ({ tracker_id: trackerId, path, description: 'A fuzzed upload of a file.' })),
  });
  return fc.oneof(data, file);
}

describe.each(TRANSPORTS)('over %s, fuzzed tool arguments', (transport, start) => {
  let server: ServerProcess;
  let trackerId: string;

  beforeAll(async () => {
    ({ server, trackerId } = await startOnHostileFixtures(start, world, `Fuzz ${transport}`));
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The call is answered: a result, or a JSON-RPC error; never a process that went away. */
  async function answered({ name, args }: { name: string; args: Record<string, unknown> }) {
    const answer = await server.client.callTool({ name, arguments: args }).then(
      (result) => ({ result }),
      (error: Error & { code?: unknown }) => ({ error }),
    );
    expect(server.ended(), server.stderr().slice(-3000)).toBeUndefined();
    if ('error' in answer) expect(answer.error.code, answer.error.message).toEqual(expect.any(Number));
  }

  it('any tool, any arguments', async () => {
    await fc.assert(fc.asyncProperty(anyCall(world.fixtures.urlBase), answered), {
      numRuns: 150,
      endOnFailure: true,
    });
    await expectAlive(server);
  });

  it('uploads from hostile files and URLs, with any format and skip_rows', async () => {
    await fc.assert(fc.asyncProperty(anyUpload(world.fixtures.urlBase, trackerId), answered), {
      numRuns: 60,
      endOnFailure: true,
    });
    await expectAlive(server);
  });
});
