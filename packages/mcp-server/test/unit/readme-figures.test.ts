// The README's figures are measured here, not typed: each one is found by the sentence that states
// it and compared with what the code gives now, so a change to a tool or a limit fails this test
// until the README says the new figure. (The quoted validation error is checked against a real
// call in errors.test.ts.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../src/index.ts';
import { DEFAULT_SUBSCRIPTION_POLL_MS } from '../../src/subscriptions/run-watch.ts';
import { defaultListingTokens, rawConversionTokens, TOOLS_LIST_TOKEN_BUDGET } from '../token-budget.ts';

// Sentences wrap anywhere in the Markdown: read it as one line.
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s*\n\s*/g, ' ');
const figure = (value: number) => value.toLocaleString('en-US');

/** Every figure (`4,424`) where `#` stands in the pattern, in order. */
const stated = (pattern: string) =>
  [...readme.matchAll(new RegExp(pattern.replace('#', '(\\d{1,3}(?:,\\d{3})*)'), 'g'))].map(
    (match) => match[1] ?? '',
  );

describe('README figures', () => {
  it('tools/list: the measured tokens, within the stated budget', () => {
    const measured = defaultListingTokens();
    expect(measured).toBeLessThanOrEqual(TOOLS_LIST_TOKEN_BUDGET);
    expect(stated('tools/list is # tokens')).toEqual([figure(measured)]);
    expect(stated('`src/tool-api/json-schema\\.ts`, # tokens')).toEqual([figure(measured)]);
    expect(stated('budget (?:of )?#').length).toBeGreaterThan(0);
    for (const budget of stated('budget (?:of )?#')) expect(budget).toBe(figure(TOOLS_LIST_TOKEN_BUDGET));
  });

  it("zod's own conversion: the measured tokens", () => {
    expect(stated("z\\.toJSONSchema`'s output: # tokens")).toEqual([figure(rawConversionTokens())]);
  });

  it('no other token count is stated (a stale one would go unchecked)', () => {
    const all = stated('(?<![~\\d,])# tokens');
    const checked = new Set([figure(defaultListingTokens()), figure(rawConversionTokens())]);
    expect(all.filter((value) => !checked.has(value))).toEqual([]);
  });

  it("subscriptions: the default poll interval is the feed's", () => {
    expect(stated('newest runs \\(100\\) every # ms by default')).toEqual([
      figure(DEFAULT_SUBSCRIPTION_POLL_MS),
    ]);
  });

  it('the body limit is the one the server enforces', () => {
    expect(stated('body over # bytes')).toEqual([figure(MAX_MESSAGE_BYTES)]);
    // Any byte figure of that size is this limit.
    for (const value of stated('(?<![\\d,])# bytes').filter((value) => value.length >= 9))
      expect(value).toBe(figure(MAX_MESSAGE_BYTES));
  });
});
