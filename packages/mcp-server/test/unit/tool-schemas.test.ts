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

  it('tools/list stays within 6,000 estimated tokens (bytes / 4)', () => {
    const bytes = Buffer.byteLength(JSON.stringify({ tools: toolDefinitions.map(toToolListEntry) }));
    expect(bytes / 4).toBeLessThanOrEqual(6000);
  });
});
