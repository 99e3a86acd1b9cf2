import { compileRe2, quoteRe2, type Re2 } from './re2.ts';

/**
 * A `tracker_name` glob: `*` any run of characters, `?` one character (a code point, as Go's
 * `.`); everything else literal. Compiled once, with the matchers' engine.
 */
export function compileGlob(glob: string): Re2 {
  return compileRe2(`^(?s:${globExpression(glob)})$`);
}

/** The glob as an RE2 expression, unanchored: what Alertmanager's `=~` would be written with. */
export function globExpression(glob: string): string {
  return [...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : quoteRe2(c))).join('');
}
