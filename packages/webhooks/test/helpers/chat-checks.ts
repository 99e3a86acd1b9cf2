// What each chat platform would make of a message: the text a person sees, and whether text from
// the service could become a link, a mention or formatting there. Written from each platform's
// documented parsing rules, independently of the escaping functions they check.

/** Hostile inputs: what a tracker's name, reason or analysis may carry. */
export const HOSTILE: Array<[string, string]> = [
  ['markdown link', 'Please [Reset your password](https://evil.example/phish) now'],
  ['bare URLs', 'see https://evil.example/x, http://evil.example and www.evil.example/y'],
  ['mentions', 'ping @here @channel @everyone @someone'],
  ['Slack tokens', '<!here> <!channel> <!everyone> <@U123ABC> <#C123|general> <https://evil.example|click>'],
  ['Discord tokens', '<@123456789> <@&987654321> <#555> <t:1700000000:R> <:emoji:123>'],
  ['HTML', '<a href="https://evil.example">x</a><script>alert(1)</script><img src=x onerror=alert(1)>'],
  ['control characters', 'a\u0000b\u0007c\u001b[31mred\r\nBcc: victim@example.com\u202eevil\u0085'],
  [
    'markdown formatting',
    '*bold* **strong** _it_ ~strike~ `code` ```block``` ||spoiler||\n# heading\n> quote\n- item\n1. one',
  ],
  ['unicode', '📈 Ünïcødé 日本語 \u{1F600} عربى e\u0301 \u200d'],
  ['a URL breaking a link', 'https://evil.example/a)b|c>d](https://evil.example/e)'],
  ['a 10,000-character analysis', `${'lorem ipsum https://evil.example '.repeat(300)}`.slice(0, 10_000)],
];

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
    return out;
  },
};

/** TextRuns are never markdown; a bare URL would still be linked by the client. */
export const teams = {
  problems: (runText: string) => (LIVE.test(runText) ? [`a link or mention: ${LIVE.exec(runText)![0]}`] : []),
};

/** Plain text (ntfy without markdown, a text/plain mail): only bare links or mentions could be live. */
export const plainText = {
  problems: (text: string, links: readonly string[] = []) => {
    const rest = without(text, links);
    const found = LIVE.exec(rest);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: what it looks for
    const control = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/.exec(rest);
    return [
      ...(found ? [`a link or mention: ${found[0]}`] : []),
      ...(control ? [`a control character U+${control[0].charCodeAt(0).toString(16)}`] : []),
    ];
  },
};
