// The contract table against the MCP server's argument handling: the tools an assistant calls
// refuse what the rules refuse, naming the argument and the rule, before anything is sent.
// Tools name fields as arguments: agent_config's fields are flat (`skills`, not
// `agent_config.skills`), and a file's name and bytes are `filename` and `content_base64`.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTrackerClient } from '@trackerkit/client';
import { VALIDATION_RULES } from '@trackerkit/core';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { checkToolArguments, createTrackerMcpServer, toolDefinitions } from '@trackerkit/mcp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casesOf, type Given, validCreate, type Want } from './cases.ts';
import { rowsOfSource } from './csv-cases.ts';

const tool = (name: string) => {
  const found = toolDefinitions.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

/** Body → tool arguments: agent_config's fields move up, as the tools present them. */
function flatten(body: Record<string, unknown>): Record<string, unknown> {
  const { agent_config, ...rest } = body;
  return { ...rest, ...((agent_config as object | undefined) ?? {}) };
}

/** The table's field in the tool's words. */
function asArgument(want: unknown, given: Given): unknown {
  if (want === 'accepted') return want;
  const { field, rule } = want as Exclude<Want, 'accepted'>;
  if (given.kind === 'file') {
    const named =
      rule === VALIDATION_RULES.fileExtension ? 'filename' : field === 'file' ? 'content_base64' : field;
    return { field: named, rule };
  }
  return { field: field.replace(/^agent_config\./, '').replace('(body)', '(arguments)'), rule };
}

// The tools leave out the legacy threshold fields, and have no agent_config object of their own.
const offered = (given: Given, want: unknown) => {
  const text = JSON.stringify(given);
  if (text.includes('score_threshold') || text.includes('threshold_direction')) return false;
  const field = (want as { field?: string }).field;
  return field !== 'agent_config';
};

function argsOf(given: Given): [string, Record<string, unknown>] {
  switch (given.kind) {
    case 'trackerCreate':
      return ['create_tracker', { space_id: 'spc_1', ...flatten(given.body) }];
    case 'trackerUpdate':
      return ['update_tracker', { tracker_id: 'trk_1', ...flatten(given.body) }];
    case 'query': {
      const name = {
        listRuns: 'list_runs',
        listSpaces: 'list_spaces',
        getVaultRecent: 'get_vault_recent',
        listVaultSources: 'list_vault_sources',
      }[given.operation];
      const id = given.operation === 'listSpaces' ? {} : { tracker_id: 'trk_1' };
      return [name, { ...id, ...given.query }];
    }
    case 'file':
      return [
        'upload_vault_file',
        {
          tracker_id: 'trk_1',
          filename: given.filename,
          content_base64: Buffer.from(given.bytes).toString('base64'),
          ...(given.description === undefined ? {} : { description: given.description }),
        },
      ];
    case 'pathId': {
      const [name, args] = {
        space_id: ['get_space', {}],
        tracker_id: ['delete_tracker', {}],
        run_id: ['delete_run', { tracker_id: 'trk_1' }],
        source_id: ['delete_vault_source', { tracker_id: 'trk_1' }],
      }[given.name] as [string, Record<string, unknown>];
      return [name, { ...args, [given.name]: given.value }];
    }
    default:
      throw new Error(`not a tool case: ${given.kind}`);
  }
}

const cases = casesOf('trackerCreate', 'trackerUpdate', 'query', 'file', 'pathId').filter(([, c]) =>
  offered(c.given, c.want),
);

describe('contract: the MCP tools refuse what the rules refuse', () => {
  it('answers most of the request cases', () => expect(cases.length).toBeGreaterThan(100));
  it.each(cases)('%s', (_name, { given, want }) => {
    const [name, args] = argsOf(given);
    const checked = checkToolArguments(tool(name), args);
    const got = checked.ok
      ? 'accepted'
      : { field: checked.problems[0]!.field, rule: checked.problems[0]!.rule };
    expect(got).toEqual(asArgument(want, given));
  });
});

// The MCP server's file reader: upload_vault_data from a .csv under --files-root, sent by the real
// client to the emulator, and the rows read back as the emulator's own upload of the file is.
describe('contract: the MCP file reader makes the rows the table says of a .csv file', () => {
  let emulator: RunningEmulator;
  let folder: string;
  let mcp: Client;
  let close: () => Promise<void>;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, clock: 'manual' });
    folder = await mkdtemp(join(tmpdir(), 'trackerkit-csv-'));
    const client = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
    const server = createTrackerMcpServer({ client, filesRoots: [folder] });
    mcp = new Client({ name: 'trackerkit-contract', version: '0.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), mcp.connect(clientSide)]);
    close = async () => {
      await mcp.close();
      await server.close();
    };
  });
  afterAll(async () => {
    await close?.();
    await emulator?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it.each(casesOf('csv'))('%s', async (name, { given, want }) => {
    const tracker = await createTrackerClient({
      baseUrl: emulator.baseUrl,
      token: emulator.token,
    }).trackers.create(emulator.spaceId, validCreate as never);
    const file = `${tracker.tracker_id}.csv`;
    await writeFile(join(folder, file), given.text);
    const result = (await mcp.callTool({
      name: 'upload_vault_data',
      arguments: { tracker_id: tracker.tracker_id, source_name: name, path: file },
    })) as CallToolResult;
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    if (want === 'unreadable') {
      expect(result.isError).toBe(true);
      expect(text).toMatch(/path.*not valid CSV/);
    } else {
      expect(result.isError, text).toBeFalsy();
      expect(await rowsOfSource(emulator, tracker.tracker_id, name)).toEqual(want);
    }
  });
});
