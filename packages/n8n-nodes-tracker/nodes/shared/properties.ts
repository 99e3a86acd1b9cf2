// Parameter pieces shared by several operations and nodes.
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { LIMITS } from './generated/core';

/** Options named after their values, capitalised: `manual` → Manual. */
export const optionsOf = (values: readonly string[]): INodePropertyOptions[] =>
  values.map((value) => ({ name: value.charAt(0).toUpperCase() + value.slice(1), value }));

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
