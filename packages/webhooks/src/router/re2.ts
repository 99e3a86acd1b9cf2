// Alertmanager's regular expressions are Go's (RE2 syntax and semantics: `(?i)` and other inline
// flags, POSIX classes such as `[[:upper:]]`, ASCII-only `\s` `\d` `\w`, no backreferences or
// lookaround). JavaScript's RegExp differs on each, so matchers compile with re2js, a port of
// RE2/J, instead: the same syntax, the same refusals, linear time.
import { RE2JS } from 're2js';

/** A compiled expression: whether it matches somewhere in `text` (anchors are the pattern's). */
export interface Re2 {
  test(text: string): boolean;
}

/**
 * Where `pattern` opens a group with `(?<`, outside classes, escapes and `\Q...\E`; -1 if nowhere.
 * re2js reads `(?<name>re)` as a named group, as Go does only from 1.22: Alertmanager 0.25 (the
 * Debian build amtool is checked against) refuses it, so the receiver does too.
 */
function angleGroupAt(pattern: string): number {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      if (!inClass && pattern[i + 1] === 'Q') {
        const end = pattern.indexOf('\\E', i + 2);
        if (end < 0) return -1;
        i = end + 1;
      } else i++;
      continue;
    }
    if (inClass) {
      if (c === '[' && pattern[i + 1] === ':') {
        const end = pattern.indexOf(':]', i + 2);
        if (end >= 0) i = end + 1;
      } else if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      // A `]` right after `[` or `[^` is a literal member, not the end of the class.
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++;
    } else if (c === '(' && pattern.startsWith('(?<', i)) return i;
  }
  return -1;
}

/**
 * Compiles `pattern` as Go's `regexp.Compile` does; throws an Error with Go's message
 * (`error parsing regexp: ...`) for what Go refuses.
 */
export function compileRe2(pattern: string): Re2 {
  const re = RE2JS.compile(pattern);
  if (pattern.includes('(?<') && angleGroupAt(pattern) >= 0) {
    throw new Error('error parsing regexp: invalid or unsupported Perl syntax: `(?<`');
  }
  return re;
}

/** Alertmanager's label regex: the value anchored at both ends, `^(?:value)$`, as its NewMatcher. */
export function compileAnchored(value: string): Re2 {
  return compileRe2(`^(?:${value})$`);
}

/** `text` as a literal inside an expression (Go's `regexp.QuoteMeta`). */
export function quoteRe2(text: string): string {
  return RE2JS.quote(text);
}
