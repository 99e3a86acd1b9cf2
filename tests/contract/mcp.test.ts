// The contract table against the MCP server's argument handling: the tools an assistant calls
// refuse what the rules refuse, naming the argument and the rule, before anything is sent.
// Tools name fields as arguments: agent_config's fields are flat (`skills`, not
// `agent_config.skills`), and a file's name and bytes are `filename` and `content_base64`.

import { VALIDATION_RULES } from '@trackerkit/core';
import { checkToolArguments, toolDefinitions } from '@trackerkit/mcp-server';
import { describe, expect, it } from 'vitest';
import { casesOf, type Given, type Want } from './cases.ts';

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
