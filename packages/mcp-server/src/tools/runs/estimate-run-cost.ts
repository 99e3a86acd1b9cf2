import {
  DEFAULT_REASONING_MODE,
  estimateRunCost as estimate,
  REASONING_MULTIPLIERS,
  runCostProblems,
} from '@trackerkit/core';
import { z } from 'zod';
import { defineTool } from '../../tool-api/tool-definition.ts';
import { documentField } from '../shared/document-fields.ts';
import { agentFields } from '../trackers/tracker-fields.ts';

const MULTIPLIERS = Object.entries(REASONING_MULTIPLIERS)
  .map(([mode, multiplier]) => `${mode} ${multiplier}`)
  .join(', ');

export const estimateRunCost = defineTool({
  name: 'estimate_run_cost',
  title: 'Estimate run cost',
  description: `Estimated quants per run: summed skill costs x mode multiplier (${MULTIPLIERS}). Skill costs are assumed, the service publishes no prices (price_source names the source): present an estimate, never the price. Before create_tracker.`,
  toolset: 'runs',
  operationId: null,
  input: z.strictObject({
    skills: agentFields.skills.default([]),
    // The multipliers are in the tool's description.
    reasoning_mode: documentField('AgentConfig', 'reasoning_mode', false).default(DEFAULT_REASONING_MODE),
  }),
  output: z.object({
    quants: z.number(),
    base_cost: z.number(),
    multiplier: z.number(),
    reasoning_mode: z.string(),
    unknown_skills: z.array(z.string()),
    assumed: z.literal(true),
    price_source: z.string(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  check: (args) => runCostProblems(args),
  async handler(args, { options }) {
    const cost = estimate(args, { skillCosts: options.skillCosts });
    const structured = {
      quants: cost.quants,
      base_cost: cost.baseCost,
      multiplier: cost.multiplier,
      reasoning_mode: cost.reasoning_mode,
      unknown_skills: cost.unknownSkills,
      assumed: true as const,
      price_source: options.skillCostsSource,
    };
    const caveat = cost.unknownSkills.length
      ? ` Unknown skills (cost 0 assumed): ${cost.unknownSkills.join(', ')}.`
      : '';
    return {
      structured,
      text: `Estimate: about ${cost.quants} quants per run (${cost.baseCost} x ${cost.multiplier} for ${cost.reasoning_mode}).${caveat} These are assumed prices, not the service's: ${options.skillCostsSource}.`,
    };
  },
});
