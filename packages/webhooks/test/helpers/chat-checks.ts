// What each chat platform would make of a message: the text a person sees, and whether text from
// the service could become a link, a mention or formatting there. Written from each platform's
// documented parsing rules, independently of the escaping functions they check, and judged by
// the linkifiers readers use on plain text (linkifyjs; linkify-it with fuzzy links, e-mails, IPs).
import { LinkifyIt } from 'linkify-it';
import * as linkifyjs from 'linkifyjs';

/** Hostile inputs: what a tracker's name, reason or analysis may carry. Real top-level domains. */
export const HOSTILE: Array<[string, string]> = [
  ['markdown link', 'Please [Reset your password](https://evil.com/phish) now'],
  ['bare URLs', 'see https://evil.com/x, http://evil.io and www.evil.co/y'],
  ['bare domains', 'log in at paypal.com.evil.io/login or evil.com/reset, short: bit.ly/x'],
  ['punycode and IDN', 'xn--pypal-4ve.com, pаypal.com, münchen.de/a, пример.рф, 例え.jp'],
  ['e-mail and IP', 'write to user@example.com, mailto:ceo@evil.com or 192.168.0.1/a (10.0.0.1:8080)'],
  ['zero-width tricks', 'https:\u200b//evil.com/a www\u200b.evil.co paypal\u200d.com evil.\u00adcom'],
  ['schemes', 'file:///etc/passwd ftp://evil.com //evil.com/x localhost:8080/x tel:+15551234'],
  ['mentions', 'ping @here @channel @everyone @someone'],
  ['Slack tokens', '<!here> <!channel> <!everyone> <@U123ABC> <#C123|general> <https://evil.com|click>'],
  ['Discord tokens', '<@123456789> <@&987654321> <#555> <t:1700000000:R> <:emoji:123>'],
  ['HTML', '<a href="https://evil.com">x</a><script>alert(1)</script><img src=x onerror=alert(1)>'],
  ['control characters', 'a\u0000b\u0007c\u001b[31mred\r\nBcc: victim@example.com\u202eevil\u0085'],
  [
    'markdown formatting',
    '*bold* **strong** _it_ ~strike~ `code` ```block``` ||spoiler||\n# heading\n> quote\n- item\n1. one',
  ],
  ['unicode', '📈 Ünïcødé 日本語 \u{1F600} عربى e\u0301 \u200d'],
  ['lone surrogates', 'half \ud83d pair and \ude00 other half'],
  ['a URL breaking a link', 'https://evil.com/a)b|c>d](https://evil.com/e)'],
  [
    'a 10,000-character analysis',
    `${'lorem ipsum https://evil.com/x evil.io '.repeat(300)}`.slice(0, 10_000),
  ],
];

const linkifyIt = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true });

/** The links linkifyjs and linkify-it (fuzzy) find in plain text, as each library writes them. */
export function autolinks(text: string): string[] {
  return [
    ...linkifyjs.find(text).map((m) => `linkifyjs: ${m.href}`),
    ...(linkifyIt.match(text) ?? []).map((m) => `linkify-it: ${m.url}`),
  ];
}

/**
 * What a person reads in inert text: the inert dot as a full stop, the invisible breaks gone.
 * (U+2024 ONE DOT LEADER reads as `.`; U+2060 and U+200B show nothing.)
 */
export const readable = (text: string) => text.replace(/\u2024\u2060/g, '.').replace(/[\u200b\u2060]/g, '');

/** Half a surrogate pair: invalid Unicode, which some services refuse outright. */
const loneSurrogate = (text: string) => (/[\ud800-\udfff]/u.test(text) ? ['a lone surrogate'] : []);

const LIVE = /:\/\/|\bwww\.|@(here|channel|everyone|someone)\b/i;

/** Text with the receiver's own links taken out. */
const without = (text: string, links: readonly string[]) =>
  links.reduce((t, link) => t.split(link).join(''), text);

export const slack = {
  /** Slack shows `&lt;` as `<`; plain_text is shown as written. */
  visible: (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  /** Problems with text Slack would parse (plain_text, and `text` with `mrkdwn: false`). */
  problems(raw: string): string[] {
    const out: string[] = [];
    if (/[<>]/.test(raw)) out.push('an unescaped < or > (a Slack link or mention)');
    if (/&(?!amp;|lt;|gt;)/.test(raw)) out.push('an unescaped &');
    if (LIVE.test(raw)) out.push(`a link or mention: ${LIVE.exec(raw)![0]}`);
    // Slack's server finds URLs, `www.` and bare domains in plain text and links them.
    out.push(...autolinks(slack.visible(raw)), ...loneSurrogate(raw));
    return out;
  },
  /** A mrkdwn element may hold only the receiver's own `<link|label>`. */
  mrkdwnProblems(raw: string, links: readonly string[]): string[] {
    const tokens = [...raw.matchAll(/<([^>|]*)\|?[^>]*>/g)].map((m) => m[1]!);
    return tokens.filter((t) => !links.includes(t)).map((t) => `a link not the receiver's: ${t}`);
  },
};

export const discord = {
  /** Discord shows `\x` as `x` for punctuation. */
  visible: (text: string) => text.replace(/\\([^0-9A-Za-z\s])/g, '$1'),
  problems(raw: string, links: readonly string[] = []): string[] {
    const out: string[] = [];
    // The receiver's own masked links, `[label](link)`, are expected; nothing else may link.
    const rest = without(
      raw,
      links.map((l) => `(${l})`),
    ).replace(/\[[A-Za-z ]+\](?=$|\s|\n)/g, '');
    const unescaped = rest.replace(/\\[^0-9A-Za-z\s]/g, '');
    if (/[[\]()]/.test(unescaped) && /\]\(/.test(unescaped)) out.push('a masked link');
    if (/<[@#:t]/.test(unescaped)) out.push('a mention or token');
    if (/[*_~`|]/.test(unescaped)) out.push('formatting');
    if (/^\s*(#|>|-|\d+\.)\s/m.test(unescaped)) out.push('a heading, quote or list');
    if (LIVE.test(rest)) out.push(`a link or mention: ${LIVE.exec(rest)![0]}`);
    out.push(...autolinks(discord.visible(rest)), ...loneSurrogate(rest));
    return out;
  },
};

/** TextRuns are never markdown; a bare URL or domain would still be linked by the client. */
export const teams = {
  problems: (runText: string) => [
    ...(LIVE.test(runText) ? [`a link or mention: ${LIVE.exec(runText)![0]}`] : []),
    ...autolinks(runText),
    ...loneSurrogate(runText),
  ],
};

/**
 * Plain text (ntfy without markdown, whose Android app links it with autoLink="web"; a text/plain
 * mail, which readers link): only bare links or mentions could be live.
 */
export const plainText = {
  problems: (text: string, links: readonly string[] = []) => {
    const rest = without(text, links);
    const found = LIVE.exec(rest);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: what it looks for
    const control = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/.exec(rest);
    return [
      ...(found ? [`a link or mention: ${found[0]}`] : []),
      ...(control ? [`a control character U+${control[0].charCodeAt(0).toString(16)}`] : []),
      ...autolinks(rest),
      ...loneSurrogate(rest),
    ];
  },
};
