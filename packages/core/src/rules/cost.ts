// Run cost estimate from the v0.3 multipliers: (sum of skill base costs) x reasoning multiplier.
// The catalog and base costs are not published: DEFAULT_SKILL_COSTS is the suite's assumption.
import { DEFAULT_REASONING_MODE } from '../document.ts';
import { DEFAULT_SKILL_COSTS, REASONING_MULTIPLIERS } from '../generated/limits.ts';
import { type Problem, problem } from '../problem.ts';
import type { ReasoningMode } from '../types.ts';

export interface RunCostInput {
  skills: readonly string[];
  reasoning_mode?: ReasoningMode | undefined;
}

export interface RunCostOptions {
  /** Quants per skill at the basic multiplier; the service does not publish them (default DEFAULT_SKILL_COSTS). */
  skillCosts?: Readonly<Record<string, number>>;
}

export interface RunCostEstimate {
  quants: number;
  baseCost: number;
  multiplier: number;
  reasoning_mode: ReasoningMode;
  /** Skills missing from the cost table; they count as 0. */
  unknownSkills: string[];
}

export function runCostProblems(input: RunCostInput): Problem[] {
  const mode = input.reasoning_mode ?? DEFAULT_REASONING_MODE;
  if (Object.hasOwn(REASONING_MULTIPLIERS, mode)) return [];
  return [problem(['reasoning_mode'], `enum: ${Object.keys(REASONING_MULTIPLIERS).join(' | ')}`)];
}

/** The estimate; call runCostProblems first for input from outside. Each skill is charged once. */
export function estimateRunCost(input: RunCostInput, options: RunCostOptions = {}): RunCostEstimate {
  const costs = options.skillCosts ?? DEFAULT_SKILL_COSTS;
  const mode = input.reasoning_mode ?? DEFAULT_REASONING_MODE;
  const multiplier = (REASONING_MULTIPLIERS as Record<string, number>)[mode] ?? Number.NaN;
  let baseCost = 0;
  const unknownSkills: string[] = [];
  for (const skill of new Set(input.skills)) {
    const cost = Object.hasOwn(costs, skill) ? costs[skill] : undefined;
    if (cost === undefined) unknownSkills.push(skill);
    else baseCost += cost;
  }
  // Rounded to 1e-9 so 0.1-style fractions of quants do not print as 0.30000000000000004.
  const quants = Math.round(baseCost * multiplier * 1e9) / 1e9;
  return { quants, baseCost, multiplier, reasoning_mode: mode, unknownSkills };
}
