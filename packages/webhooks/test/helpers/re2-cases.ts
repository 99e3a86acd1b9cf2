// Go's regexp as Alertmanager compiles a matcher (`^(?:value)$`): the unit tests hold the receiver's
// matchers to these answers, and the amtool differential holds the answers to amtool 0.25 itself.

/** [case, { given: [matcher on label x, the value of x], want: whether it matches }] */
export const RE2_MATCHES: Array<[string, { given: [string, string]; want: boolean }]> = [
  ['(?i) folds case', { given: ['x=~"(?i)poor"', 'POOR'], want: true }],
  ['(?i) folds the Kelvin sign as Go does', { given: ['x=~"(?i)k"', '\u212a'], want: true }],
  ['(?i:...) scoped', { given: ['x=~"(?i:a)B"', 'Ab'], want: false }],
  ['(?s) lets . match a newline', { given: ['x=~"(?s)a.b"', 'a\nb'], want: true }],
  ['. does not match a newline by default', { given: ['x=~"a.b"', 'a\nb'], want: false }],
  ['. is one code point', { given: ['x=~"."', '😀'], want: true }],
  ['(?U) makes repetition lazy, still anchored', { given: ['x=~"(?U)a+"', 'aa'], want: true }],
  ['POSIX [[:upper:]]', { given: ['x=~"[[:upper:]].*"', 'Acme'], want: true }],
  ['POSIX [[:upper:]] refuses lower case', { given: ['x=~"[[:upper:]].*"', 'acme'], want: false }],
  ['negated POSIX [[:^alpha:]]', { given: ['x=~"[[:^alpha:]]+"', '123'], want: true }],
  ['\\s is ASCII: a space', { given: ['x=~"acme\\\\sprod"', 'acme prod'], want: true }],
  ['\\s is ASCII: not U+00A0', { given: ['x=~"acme\\\\sprod"', 'acme\u00a0prod'], want: false }],
  ['[[:space:]] is ASCII too', { given: ['x=~"acme[[:space:]]prod"', 'acme\u00a0prod'], want: false }],
  ['\\S takes U+00A0', { given: ['x=~"acme\\\\Sprod"', 'acme\u00a0prod'], want: true }],
  ['\\d is ASCII: 3', { given: ['x=~"trk_\\\\d"', 'trk_3'], want: true }],
  ['\\d is ASCII: not an Arabic-Indic 3', { given: ['x=~"trk_\\\\d"', 'trk_\u0663'], want: false }],
  ['\\pN takes an Arabic-Indic 3', { given: ['x=~"trk_\\\\pN"', 'trk_\u0663'], want: true }],
  ['\\w is ASCII: not é', { given: ['x=~"\\\\w+"', 'café'], want: false }],
  ['\\pL takes é', { given: ['x=~"\\\\pL+"', 'café'], want: true }],
  ['\\Q...\\E quotes', { given: ['x=~"\\\\Qa.b\\\\E"', 'a.b'], want: true }],
  ['anchored: no partial match', { given: ['x=~"acme"', 'acme prod'], want: false }],
  ['anchored around an alternation', { given: ['x=~"a|b"', 'ab'], want: false }],
  // Alertmanager writes ^(?:value)$: a value closing that group itself unanchors its ends.
  ['a value escaping the anchoring group', { given: ['x=~"x)|(.*prod"', 'acme prod'], want: true }],
  ['!~ with a POSIX class', { given: ['x!~"[[:digit:]]+"', '42'], want: false }],
  ['a missing label is ""', { given: ['y=~"(?i)|x"', 'ignored'], want: true }],
];

/** [case, { given: a matcher, want: the refusal }] */
export const RE2_REFUSED: Array<[string, { given: string; want: RegExp }]> = [
  ['a backreference', { given: 'x=~"(a)\\\\1"', want: /invalid escape sequence/ }],
  ['a lookahead', { given: 'x=~"(?=a)a"', want: /invalid or unsupported Perl syntax/ }],
  ['a lookbehind', { given: 'x=~"(?<=a)b"', want: /invalid/ }],
  [
    '(?<name>...), which Go reads only from 1.22',
    { given: 'x=~"(?<n>a)"', want: /unsupported Perl syntax: `\(\?<`/ },
  ],
  ['a repeat over 1000', { given: 'x=~"a{1001}"', want: /invalid repeat count/ }],
  ['an unknown POSIX class', { given: 'x=~"[[:foo:]]"', want: /invalid character class range/ }],
  ['\\C', { given: 'x=~"\\\\C"', want: /invalid escape sequence/ }],
  ['a nested repetition', { given: 'x=~"a**"', want: /invalid nested repetition operator/ }],
];
