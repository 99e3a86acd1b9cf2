// What tools/list costs a conversation, measured the one way the tests, the bench and the README
// use: the tools array as JSON, in tokens of o200k_base (gpt-tokenizer).
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { z } from 'zod';
import { toolDefinitions, toToolListEntry } from '../src/index.ts';

/** The most tools/list may cost with every tool listed (with room for the next tools). */
export const TOOLS_LIST_TOKEN_BUDGET = 4500;

/** Tokens of a tools/list `tools` array as a model reads it. */
export const listingTokens = (tools: readonly unknown[]) => countTokens(JSON.stringify({ tools }));

/** The listing of every tool, as the server sends it (wire-listing.test.ts holds the two equal). */
export const defaultListingTokens = () => listingTokens(toolDefinitions.map(toToolListEntry));

/** The same tools with zod's own JSON Schema, as the SDK would list them given the zod schemas. */
export function rawConversionTokens(): number {
  const raw = toolDefinitions.map((tool) => {
    const { inputSchema, outputSchema, ...listed } = toToolListEntry(tool);
    return {
      ...listed,
      inputSchema: z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }),
      outputSchema: z.toJSONSchema(tool.output, { io: 'output', unrepresentable: 'any' }),
    };
  });
  return listingTokens(raw);
}
