// Text from the service as every destination defuses it: judged by the linkifiers readers use
// (linkifyjs; linkify-it with fuzzy links, e-mails and IPs) on real domains, and still reading as
// it was.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inertText, singleLine } from '../../src/alerts/inert-text.ts';
import { autolinks, readable } from '../helpers/chat-checks.ts';

// Each case is linked as it is (so the case can fail), and no longer once inert.
const LINKED: Array<[string, { given: string }]> = [
  ['a lookalike host with a path', { given: 'paypal.com.evil.io/login' }],
  ['a bare domain with a path', { given: 'evil.com/reset' }],
  ['punycode', { given: 'xn--pypal-4ve.com' }],
  ['a shortener', { given: 'bit.ly/x' }],
  ['an e-mail address', { given: 'user@example.com' }],
  ['an IPv4 address with a path', { given: '192.168.0.1/a' }],
  ['an IDN domain', { given: 'münchen.de/a' }],
  ['an IDN domain and top-level domain', { given: 'пример.рф' }],
  ['a mixed-script lookalike', { given: 'pаypal.com' }],
  ['a zero-width space after the scheme', { given: 'https:\u200b//evil.com/a' }],
  ['a zero-width space after www', { given: 'www\u200b.evil.co' }],
  ['a zero-width joiner before the dot', { given: 'paypal\u200d.com' }],
  ['a markdown link', { given: '[x](http://evil.com/a)' }],
  ['a Slack link', { given: '<http://evil.com/a|x>' }],
  ['a scheme-relative link', { given: '//evil.com/x' }],
  ['mailto', { given: 'mailto:ceo@evil.com' }],
  ['a file URL', { given: 'file:///etc/passwd' }],
  ['localhost with a port', { given: 'localhost:8080/admin' }],
  ['in a sentence', { given: 'Supplier moved to acme-payments.co.uk (see https://evil.com/x).' }],
];

describe('inertText', () => {
  it.each(LINKED)('%s: linked as it is, not once inert, reads the same', (_name, { given }) => {
    expect(autolinks(given).length).toBeGreaterThan(0);
    const out = inertText(given);
    expect(autolinks(out)).toEqual([]);
    expect(readable(out)).toBe(readable(given));
  });

  const KEPT: Array<[string, { given: string; want: string }]> = [
    [
      'a sentence ending in a full stop',
      { given: 'Score 2 is at or below 3.', want: 'Score 2 is at or below 3.' },
    ],
    ['a full stop before a line break', { given: 'late.\nNext', want: 'late.\nNext' }],
    ['a decimal', { given: 'score 2.5', want: 'score 2\u2024\u20605' }],
    ['a lone surrogate', { given: 'a\ud800b', want: 'a\ufffdb' }],
    ['a surrogate pair', { given: 'a\u{1F600}b', want: 'a\u{1F600}b' }],
    ['controls dropped, tab a space', { given: 'a\u0000b\u202ec\td', want: 'abc d' }],
  ];
  it.each(KEPT)('%s', (_name, { given, want }) => {
    expect(inertText(given)).toBe(want);
  });

  it('no linkifier finds a link in any text made of link-like pieces and any Unicode', () => {
    const piece = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.emailAddress(),
      fc.tuple(fc.domain(), fc.webPath()).map(([domain, path]) => `${domain}${path}`),
      fc.ipV4(),
      fc.constantFrom(
        ...['.', ':', '//', '@', 'www', 'http', 'mailto', 'file', 'localhost', 'com', 'io', 'рф', 'xn--p1ai'],
        ...[' ', '\n', '\u200b', '\u200d', '\u2060', '\u00ad', '\ufeff', '\u00a0', '\u3002', '\uff0e', '\\'],
      ),
      fc.string({ unit: 'binary', maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const text = pieces.join('');
        const out = inertText(text);
        expect(autolinks(out)).toEqual([]);
        expect(readable(out)).toBe(
          readable(
            text
              // biome-ignore lint/suspicious/noControlCharactersInRegex: what the rule drops
              .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
              .replace(/\t/g, ' ')
              .replace(/[\ud800-\udfff]/gu, '\ufffd'),
          ),
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe('singleLine', () => {
  const cases: Array<[string, { given: string; want: string }]> = [
    ['line breaks of every kind', { given: 'a\nb\r\nc\rd\u2028e\u2029f\u0085g', want: 'a b c d e f g' }],
    ['a tab and controls', { given: 'a\tb\u0000c\u202ed', want: 'a bcd' }],
    ['a lone surrogate', { given: 'ACME \udc00', want: 'ACME \ufffd' }],
    ['an ordinary name', { given: 'ACME supplier risk', want: 'ACME supplier risk' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(singleLine(given)).toBe(want);
  });
});
