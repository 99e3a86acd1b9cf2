// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type Problem } from '../problem';
import type { ReasoningMode } from '../types';
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
export declare function runCostProblems(input: RunCostInput): Problem[];
/** The estimate; call runCostProblems first for input from outside. Each skill is charged once. */
export declare function estimateRunCost(input: RunCostInput, options?: RunCostOptions): RunCostEstimate;
