// Parameter pieces shared by several operations and nodes.
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { DEFAULT_SKILL_COSTS, LIMITS } from './generated/core';

/** Options named after their values, capitalised: `manual` → Manual. */
export const optionsOf = (values: readonly string[]): INodePropertyOptions[] =>
  values.map((value) => ({ name: value.charAt(0).toUpperCase() + value.slice(1), value }));

/**
 * The skills the document knows (its default cost table): `web_research` → Web Research, sorted by
 * name as n8n's lint wants. The service's catalogue is not published, so Create and Update also
 * take custom ids.
 */
export const knownSkillOptions: INodePropertyOptions[] = Object.keys(DEFAULT_SKILL_COSTS)
  .map((value) => ({
    name: value
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' '),
    value,
  }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const scoreRange = { minValue: LIMITS.scoreMin, maxValue: LIMITS.scoreMax };

// The score filters of Run › Get Many and of the Tracker Signal Trigger. n8n's lint wants literal defaults.
export const maxScoreFilter: INodeProperties = {
  displayName: 'Max Score',
  name: 'maxScore',
  type: 'number',
  typeOptions: scoreRange,
  default: 10,
};

export const minScoreFilter: INodeProperties = {
  displayName: 'Min Score',
  name: 'minScore',
  type: 'number',
  typeOptions: scoreRange,
  default: 0,
};
