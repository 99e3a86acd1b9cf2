import { REASONING_MULTIPLIERS } from '@trackerkit/client';
import type { StoredAgentConfig } from '../store/records.ts';

/** Sum of the skills' base costs × the v0.3 reasoning multiplier (linked trackers are free). */
export function runCost(config: StoredAgentConfig, skillCosts: Record<string, number>): number {
  const base = config.skills.reduce((sum, skill) => sum + (skillCosts[skill] ?? 0), 0);
  return base * REASONING_MULTIPLIERS[config.reasoning_mode];
}
