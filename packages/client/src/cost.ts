// The run cost estimate is the core's; the client reports a bad reasoning mode as a validation error.
import {
  estimateRunCost as estimate,
  type RunCostEstimate,
  type RunCostInput,
  type RunCostOptions,
  runCostProblems,
} from '@trackerkit/core';
import { throwIfAny } from './validate/requests.ts';

export function estimateRunCost(input: RunCostInput, options: RunCostOptions = {}): RunCostEstimate {
  throwIfAny(runCostProblems(input));
  return estimate(input, options);
}
