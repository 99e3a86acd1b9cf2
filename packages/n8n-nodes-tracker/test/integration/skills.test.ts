// Tracker › Create's and Update's Skills: version 2 of the node offers the known skills as a multi-select
// plus custom ids; version 1 (workflows saved before) keeps its comma-separated text. Which field a saved node gets
// is decided by n8n-workflow's own parameter resolution; what is sent, by the node against the emulator.
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../nodes/Tracker/actions/tracker/create.operation';
import { execute as executeUpdate } from '../../nodes/Tracker/actions/tracker/update.operation';
import { Tracker } from '../../nodes/Tracker/Tracker.node';
import { nodeContext } from './node-context';

const description = new Tracker().description;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const create = (more: INodeParameters) => ({
  resource: 'tracker',
  operation: 'create',
  name: 'Supplier news',
  description: 'Watches supplier news',
  instruction: 'Weigh the news.',
  scoreMeaning: '10 is good.',
  runMode: 'manual',
  ...more,
});

/** The parameters n8n resolves for a node saved with `parameters` at `typeVersion`. */
const resolved = (parameters: INodeParameters, typeVersion: number) =>
  NodeHelpers.getNodeParameters(
    description.properties,
    parameters,
    true,
    false,
    { typeVersion },
    description,
  ) as INodeParameters;

const field = (name: string, typeVersion: number) =>
  description.properties.filter(
    (p: INodeProperties) =>
      p.name === name &&
      NodeHelpers.displayParameter(create({}), p, { typeVersion }, description, create({})),
  );

describe('Tracker › Create › Skills in the editor', () => {
  it('is a multi-select of the known skills with a custom field in version 2, the default', () => {
    expect(description.defaultVersion).toBe(2);
    const [skills, ...more] = field('skills', 2);
    expect(more).toEqual([]);
    expect(skills?.type).toBe('multiOptions');
    expect(skills?.options?.map((option) => 'value' in option && option.value)).toEqual([
      'financial_markets',
      'social_media_research',
      'stock_research',
      'web_research',
    ]);
    expect(field('customSkills', 2).map((p) => p.type)).toEqual(['string']);
  });

  it('stays the comma-separated text in version 1, with nothing else', () => {
    expect(field('skills', 1).map((p) => p.type)).toEqual(['string']);
    expect(field('customSkills', 1)).toEqual([]);
    const saved = create({ spaceId: byId('spc_x'), skills: 'web_research, stock_research' });
    expect(resolved(saved, 1)).toMatchObject({ skills: 'web_research, stock_research' });
    expect(resolved(saved, 1)).not.toHaveProperty('customSkills');
    expect(resolved(create({}), 2)).toMatchObject({ skills: [], customSkills: '' });
  });
});

const update = (updateFields: INodeParameters) => ({
  resource: 'tracker',
  operation: 'update',
  trackerId: byId('trk_x'),
  updateFields,
});

/** The options of the Update Fields collection a node of `typeVersion` shows. */
const updateFieldsOf = (typeVersion: number): INodeProperties[] => {
  const collections = description.properties.filter(
    (p: INodeProperties) =>
      p.name === 'updateFields' &&
      NodeHelpers.displayParameter(update({}), p, { typeVersion }, description, update({})),
  );
  expect(collections).toHaveLength(1);
  return (collections[0]?.options ?? []) as INodeProperties[];
};
const typesOf = (fields: INodeProperties[]) => Object.fromEntries(fields.map((f) => [f.name, f.type]));

describe('Tracker › Update › Skills in the editor', () => {
  it('is the same multi-select as Create with Custom Skill IDs in version 2', () => {
    const fields = updateFieldsOf(2);
    expect(typesOf(fields)).toMatchObject({ skills: 'multiOptions', customSkills: 'string' });
    expect(fields.find((f) => f.name === 'skills')?.options).toEqual(field('skills', 2)[0]?.options);
    // n8n's lint wants a collection's options sorted by name (it cannot see into the built list).
    const names = fields.map((f) => f.displayName);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
  });

  it('stays the comma-separated text in version 1; the other fields are the same in both', () => {
    const { skills: v1Skills, ...v1 } = typesOf(updateFieldsOf(1));
    const { skills: v2Skills, customSkills, ...v2 } = typesOf(updateFieldsOf(2));
    expect([v1Skills, v2Skills, customSkills]).toEqual(['string', 'multiOptions', 'string']);
    expect(v2).toEqual(v1);
    const saved = update({ skills: 'web_research, stock_research' });
    expect(resolved(saved, 1)).toMatchObject({ updateFields: { skills: 'web_research, stock_research' } });
  });
});

describe('Tracker › Create › Skills sent', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    // The service's catalogue is not published: this one has a skill the node does not list.
    emulator = await startEmulator({
      validateResponses: true,
      skillCosts: { web_research: 1, stock_research: 2, supplier_news: 1 },
      log: () => {},
    });
  });
  afterAll(async () => {
    expect(emulator.contractViolations()).toEqual([]);
    await emulator?.close();
  });

  const run = async (parameters: INodeParameters, typeVersion: number) => {
    const { ctx } = nodeContext(
      emulator,
      { ...parameters, spaceId: byId(emulator.spaceId) },
      { typeVersion },
    );
    const [out] = await execute.call(ctx, 0);
    return (out?.json.agent_config as { skills: string[] } | undefined)?.skills;
  };

  it('version 2: the chosen skills, then the custom ids, each once', async () => {
    const skills = await run(
      resolved(
        create({ skills: ['web_research', 'stock_research'], customSkills: 'supplier_news, web_research' }),
        2,
      ),
      2,
    );
    expect(skills).toEqual(['web_research', 'stock_research', 'supplier_news']);
    expect(await run(resolved(create({}), 2), 2)).toEqual([]);
  });

  it('version 1: the saved text, split at commas', async () => {
    expect(await run(resolved(create({ skills: 'stock_research, supplier_news' }), 1), 1)).toEqual([
      'stock_research',
      'supplier_news',
    ]);
  });
});

describe('Tracker › Update › Skills sent', () => {
  let emulator: RunningEmulator;
  let trackerId: string;
  beforeAll(async () => {
    emulator = await startEmulator({
      validateResponses: true,
      skillCosts: { web_research: 1, stock_research: 2, supplier_news: 1 },
      log: () => {},
    });
    const { ctx } = nodeContext(
      emulator,
      { ...create({ skills: ['web_research'] }), spaceId: byId(emulator.spaceId) },
      { typeVersion: 2 },
    );
    const [out] = await execute.call(ctx, 0);
    trackerId = String(out?.json.tracker_id);
  });
  afterAll(async () => {
    expect(emulator.contractViolations()).toEqual([]);
    await emulator?.close();
  });

  const run = async (updateFields: INodeParameters, typeVersion: number) => {
    const parameters = resolved(update(updateFields), typeVersion);
    const { ctx } = nodeContext(emulator, { ...parameters, trackerId: byId(trackerId) }, { typeVersion });
    const [out] = await executeUpdate.call(ctx, 0);
    return (out?.json.agent_config as { skills: string[] } | undefined)?.skills;
  };

  it.each([
    [
      'version 2: the chosen skills, then the custom ids, each once',
      {
        given: { skills: ['stock_research', 'web_research'], customSkills: 'supplier_news, stock_research' },
        version: 2,
        want: ['stock_research', 'web_research', 'supplier_news'],
      },
    ],
    [
      'version 2: custom ids alone replace the list',
      { given: { customSkills: 'supplier_news' }, version: 2, want: ['supplier_news'] },
    ],
    [
      'version 2: no skill field leaves the list alone',
      { given: { name: 'Renamed' }, version: 2, want: ['supplier_news'] },
    ],
    [
      'version 1: the saved text, split at commas',
      {
        given: { skills: 'web_research, supplier_news' },
        version: 1,
        want: ['web_research', 'supplier_news'],
      },
    ],
    ['version 2: nothing chosen clears the list', { given: { skills: [] }, version: 2, want: [] }],
  ])('%s', async (_, { given, version, want }) => {
    expect(await run(given, version)).toEqual(want);
  });
});
