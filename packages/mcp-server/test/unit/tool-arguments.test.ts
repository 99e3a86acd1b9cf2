// A tool's argument handling is the core's rulebook: the tool's schema (taken from the document)
// and its `check` refuse what the core refuses, naming the argument and the rule, before any
// request; what the core accepts reaches the client exactly as given.
import { LIMITS, NOTIFICATION_RULES, VALIDATION_RULES } from '@trackerkit/core';
import { describe, expect, it } from 'vitest';
import {
  callTool,
  checkToolArguments,
  resolveToolOptions,
  type TrackerClientLike,
  toolDefinitions,
} from '../../src/index.ts';

const tool = (name: string) => {
  const found = toolDefinitions.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

const tracker = {
  space_id: 'spc_1',
  name: 'ACME supplier risk',
  description: 'Watches ACME for supply-chain risk.',
  instruction: 'Weigh delays and filings.',
  score_meaning: '10 = no risk',
};
const scheduled = (end_time: string | null) => ({
  ...tracker,
  run_mode: 'scheduled',
  schedule: { start_time: '2026-12-01T08:00:00Z', interval_minutes: 60, end_time },
});
const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

type Want = 'accepted' | { field: string; rule: string };

describe('checkToolArguments: the first problem names the argument and the core rule', () => {
  it.each<[string, { given: [string, Record<string, unknown>]; want: Want }]>([
    ['create: a valid tracker', { given: ['create_tracker', tracker], want: 'accepted' }],
    [
      'create: name too long',
      {
        given: ['create_tracker', { ...tracker, name: 'x'.repeat(LIMITS.trackerNameMax + 1) }],
        want: { field: 'name', rule: `maxLength: ${LIMITS.trackerNameMax}` },
      },
    ],
    [
      'create: a skill id that is not snake_case (flat argument, not agent_config.skills[0])',
      {
        given: ['create_tracker', { ...tracker, skills: ['WebResearch'] }],
        want: { field: 'skills[0]', rule: 'pattern: ^[a-z][a-z0-9]*(_[a-z0-9]+)*$' },
      },
    ],
    [
      'create: scheduled without a schedule',
      {
        given: ['create_tracker', { ...tracker, run_mode: 'scheduled' }],
        want: { field: 'schedule', rule: VALIDATION_RULES.scheduleRequired },
      },
    ],
    [
      'create: end_time equal to start_time is one run',
      { given: ['create_tracker', scheduled('2026-12-01T08:00:00Z')], want: 'accepted' },
    ],
    [
      'create: end_time before start_time',
      {
        given: ['create_tracker', scheduled('2026-11-30T08:00:00Z')],
        want: { field: 'schedule.end_time', rule: VALIDATION_RULES.scheduleOrder },
      },
    ],
    [
      'create: notify_below without lower_threshold',
      {
        given: ['create_tracker', { ...tracker, notification_config: { notify_below: true } }],
        want: { field: 'notification_config.lower_threshold', rule: NOTIFICATION_RULES.belowNeedsLower },
      },
    ],
    [
      'update: notify_below relying on the stored lower_threshold',
      {
        given: ['update_tracker', { tracker_id: 'trk_1', notification_config: { notify_below: true } }],
        want: 'accepted',
      },
    ],
    [
      'update: notify_below with lower_threshold cleared',
      {
        given: [
          'update_tracker',
          { tracker_id: 'trk_1', notification_config: { notify_below: true, lower_threshold: null } },
        ],
        want: { field: 'notification_config.lower_threshold', rule: NOTIFICATION_RULES.belowNeedsLower },
      },
    ],
    [
      'update: nothing to change (a PATCH that changes nothing)',
      { given: ['update_tracker', { tracker_id: 'trk_1' }], want: 'accepted' },
    ],
    [
      'update: scheduled with the schedule cleared',
      {
        given: ['update_tracker', { tracker_id: 'trk_1', run_mode: 'scheduled', schedule: null }],
        want: { field: 'schedule', rule: VALIDATION_RULES.scheduleNotNull },
      },
    ],
    [
      'list_runs: an unknown signal',
      {
        given: ['list_runs', { tracker_id: 'trk_1', signal: 'Bad' }],
        want: { field: 'signal', rule: 'enum: Poor | Negative | Neutral | Positive | Excellent' },
      },
    ],
    [
      'list_runs: page_size above the document maximum',
      {
        given: ['list_runs', { tracker_id: 'trk_1', page_size: LIMITS.pageSizeMax + 1 }],
        want: { field: 'page_size', rule: `maximum: ${LIMITS.pageSizeMax}` },
      },
    ],
    [
      'estimate_run_cost: an unknown reasoning mode',
      {
        given: ['estimate_run_cost', { reasoning_mode: 'turbo' }],
        want: { field: 'reasoning_mode', rule: 'enum: basic | advanced | super | zen' },
      },
    ],
    [
      'update_vault_source: neither name nor description',
      {
        given: ['update_vault_source', { tracker_id: 'trk_1', source_id: 'src_1' }],
        want: { field: 'name', rule: 'minProperties: 1' },
      },
    ],
    [
      'upload_vault_file: an extension outside the document',
      {
        given: [
          'upload_vault_file',
          { tracker_id: 'trk_1', content_base64: base64('MZ'), filename: 'tool.exe' },
        ],
        want: { field: 'filename', rule: VALIDATION_RULES.fileExtension },
      },
    ],
    [
      'upload_vault_file: an image without a description',
      {
        given: [
          'upload_vault_file',
          { tracker_id: 'trk_1', content_base64: base64(PNG), filename: 'chart.png' },
        ],
        want: { field: 'description', rule: VALIDATION_RULES.imageDescription },
      },
    ],
    [
      'upload_vault_file: a .pdf that is text',
      {
        given: [
          'upload_vault_file',
          { tracker_id: 'trk_1', content_base64: base64('hello'), filename: 'a.pdf' },
        ],
        want: { field: 'content_base64', rule: VALIDATION_RULES.fileContent },
      },
    ],
  ])('%s', (_name, { given: [name, args], want }) => {
    const checked = checkToolArguments(tool(name), args);
    const got: Want = checked.ok
      ? 'accepted'
      : { field: checked.problems[0]!.field, rule: checked.problems[0]!.rule };
    expect(got).toEqual(want);
  });
});

/** A client that records what reaches it and answers like the service. */
function recordingClient() {
  const sent: { method: string; body: unknown }[] = [];
  const trackerOf = (body: unknown) => ({
    tracker_id: 'trk_1',
    name: 'ACME',
    run_mode: 'manual',
    ...(body as object),
  });
  const stored = {
    tracker_id: 'trk_1',
    agent_config: {
      instruction: 'Weigh delays.',
      score_meaning: '10 = calm',
      skills: [],
      reasoning_mode: 'basic',
    },
    notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 3 },
  };
  const client = {
    trackers: {
      get: async (id: string) => {
        sent.push({ method: 'trackers.get', body: id });
        return stored;
      },
      create: async (_space: string, body: unknown) => {
        sent.push({ method: 'trackers.create', body });
        return trackerOf(body);
      },
      updateComplete: async (_id: string, body: unknown) => {
        sent.push({ method: 'trackers.updateComplete', body });
        return trackerOf(body);
      },
    },
  } as unknown as TrackerClientLike;
  return { client, sent };
}

describe('callTool', () => {
  const options = resolveToolOptions();

  it('refuses with isError naming every field and rule, without calling the client', async () => {
    const { client, sent } = recordingClient();
    const result = await callTool(
      tool('create_tracker'),
      {
        ...tracker,
        run_mode: 'scheduled',
        notification_config: { notify_above: true },
      },
      { client, options },
    );
    expect(result.isError).toBe(true);
    const text = result.content[0]?.text ?? '';
    expect(text).toMatch(/^create_tracker: invalid arguments: /);
    expect(text).toContain(
      `\`schedule\`: a scheduled tracker needs a schedule (${VALIDATION_RULES.scheduleRequired})`,
    );
    expect(text).toContain(`\`notification_config.upper_threshold\``);
    expect(text).toContain(NOTIFICATION_RULES.aboveNeedsUpper);
    expect(text).toMatch(/Correct them and call create_tracker again\.$/);
    expect(sent).toEqual([]);
  });

  // Completing nested objects from the stored tracker is the client's (trackers.updateComplete,
  // packages/client/test/integration/update-complete.test.ts): the tool hands it the change as given.
  it('hands the client the change as given, nested objects as partial as the arguments', async () => {
    const { client, sent } = recordingClient();
    const result = await callTool(
      tool('update_tracker'),
      {
        tracker_id: 'trk_1',
        skills: ['web_research'],
        notification_config: { notify_above: true, upper_threshold: 8 },
      },
      { client, options },
    );
    expect(result.isError).toBeUndefined();
    expect(sent).toEqual([
      {
        method: 'trackers.updateComplete',
        body: {
          notification_config: { notify_above: true, upper_threshold: 8 },
          agent_config: { skills: ['web_research'] },
        },
      },
    ]);
  });

  it('an update of top-level fields goes as it is', async () => {
    const { client, sent } = recordingClient();
    await callTool(tool('update_tracker'), { tracker_id: 'trk_1', name: 'Renamed' }, { client, options });
    expect(sent).toEqual([{ method: 'trackers.updateComplete', body: { name: 'Renamed' } }]);
  });

  it("sends a create with the tool's defaults and nothing else", async () => {
    const { client, sent } = recordingClient();
    await callTool(tool('create_tracker'), tracker, { client, options });
    expect(sent[0]?.body).toEqual({
      name: tracker.name,
      description: tracker.description,
      run_mode: 'manual',
      agent_config: {
        instruction: tracker.instruction,
        score_meaning: tracker.score_meaning,
        skills: [],
        reasoning_mode: 'basic',
      },
    });
  });
});
