// The signal chart's rule is a committed bundle of the core's alertCondition module
// (src/generated/signal-chart-rule.ts): it must be what scripts/bundle-chart-rule.ts makes of the
// core as it is now, so a change to the rule, or to what it imports, reaches the page. Integration
// project: esbuild runs as a child process.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHART_RULE_FILE, chartRuleFile } from '../../scripts/bundle-chart-rule.ts';

describe("the signal chart's rule bundle", () => {
  it('is up to date with the core (pnpm --filter @trackerkit/mcp-server generate)', async () => {
    expect(readFileSync(CHART_RULE_FILE, 'utf8')).toBe(await chartRuleFile());
  });
});
