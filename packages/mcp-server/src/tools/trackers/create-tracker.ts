import { DEFAULT_REASONING_MODE, type TrackerCreate, trackerCreateProblems } from '@trackerkit/core';
import { z } from 'zod';
import { CREATES, defineTool } from '../../tool-api/tool-definition.ts';
import { spaceId } from '../shared/schemas.ts';
import { agentFields, asArguments, trackerBody, trackerFields } from './tracker-fields.ts';
import { trackerOutput, trackerResult } from './tracker-output.ts';

export const createTracker = defineTool({
  name: 'create_tracker',
  title: 'Create a tracker',
  description:
    'Create a private AI monitoring job in a space. instruction says how to analyse; score_meaning says what 0-10 means. Next: upload_vault_data for context, then run_tracker.',
  toolset: 'trackers',
  operationId: 'createTracker',
  input: z.strictObject({
    space_id: spaceId,
    name: trackerFields.name,
    description: trackerFields.description,
    instruction: agentFields.instruction,
    score_meaning: agentFields.score_meaning,
    skills: agentFields.skills.default([]),
    reasoning_mode: agentFields.reasoning_mode.default(DEFAULT_REASONING_MODE),
    linked_trackers: agentFields.linked_trackers.optional(),
    run_mode: trackerFields.run_mode.default('manual'),
    schedule: trackerFields.schedule.optional(),
    vault_ttl_days: trackerFields.vault_ttl_days.optional(),
    notification_config: trackerFields.notification_config.optional(),
  }),
  output: trackerOutput,
  annotations: CREATES,
  check: (args) => asArguments(trackerCreateProblems(trackerBody(args, 'space_id'))),
  async handler(args, { client }) {
    const body = trackerBody(args, 'space_id') as TrackerCreate;
    return trackerResult('Created', await client.trackers.create(args.space_id, body));
  },
});
