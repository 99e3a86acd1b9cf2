import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { toolDefinitions, toToolListEntry } from '../../src/index.ts';

// The tools/list payload is what every conversation pays for in context: its exact shape is
// snapshotted so a schema change is a reviewed change (`vitest -u` to accept it).
describe('tool schemas', () => {
  it.each(toolDefinitions.map((tool) => [tool.name, tool] as const))(
    '%s matches its snapshot',
    (_name, tool) => {
      expect(toToolListEntry(tool)).toMatchSnapshot();
    },
  );

  it('tools/list stays within 5,000 tokens (o200k_base, a real tokenizer)', () => {
    const listing = JSON.stringify({ tools: toolDefinitions.map(toToolListEntry) });
    expect(countTokens(listing)).toBeLessThanOrEqual(5000);
  });
});
