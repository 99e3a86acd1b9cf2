// Which URL from an alert the receiver offers as a link ("Open the run", a push's click target, a
// PagerDuty link): a button or a link is trusted by whoever reads it, so it must lead where it says,
// and it is offered whole or not at all (a cut link leads elsewhere).

/**
 * An alert's URL when it is an absolute http(s) URL as the URL parser reads it (so
 * ` javascript:` or `JaVaScRiPt:` cannot slip past), without a user name or password (which make
 * `https://console.tracker.example@evil.com/` read as one host and lead to another) and without a
 * backslash (which parsers and browsers read differently). Else null.
 */
export function safeLink(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.username === '' && url.password === '' ? url.href : null;
}

/**
 * The run's URL as the link the receiver offers, or null: a `safeLink` whose origin is one of the
 * service's console origins (`links.console_origins`). With none configured, no URL from an
 * alert is offered as a link.
 */
export function runLink(value: unknown, consoleOrigins: readonly string[]): string | null {
  const link = safeLink(value);
  return link !== null && consoleOrigins.includes(new URL(link).origin) ? link : null;
}

/**
 * A configured console origin in the form `runLink` compares (`https://console.example.com`), or
 * the rule it breaks: an http(s) URL with nothing after its host and port.
 */
export function consoleOrigin(value: string): { origin: string } | { problem: string } {
  const rule = 'must be an origin such as https://console.example.com (http or https, no path, no user)';
  const link = safeLink(value);
  if (link === null) return { problem: rule };
  const url = new URL(link);
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') return { problem: rule };
  return { origin: url.origin };
}

/**
 * A link the receiver adds (a run's URL, the group's page), with every character a platform's link
 * syntax could end on or split at percent-encoded: `)` ends a markdown link, `|` and `>` a Slack
 * one, and a space or a quote any of them. The URL stays the same URL.
 */
export function encodeLink(url: string): string {
  return url.replace(/[()[\]<>|\s"'`{}\\^]/g, (c) =>
    [...Buffer.from(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

/**
 * The longest link the receiver offers (a run's page, a group's page): a longer one is left out,
 * never cut (a cut link leads elsewhere). About the longest URL browsers, proxies and the chat
 * platforms all take whole, and short enough to leave room for the text beside it in every post.
 */
export const MAX_LINK_CHARS = 2000;

/** `url` when the receiver can offer it whole (at most MAX_LINK_CHARS, as `encodeLink` writes it), else null. */
export function offeredLink(url: string | null): string | null {
  return url !== null && url.length <= MAX_LINK_CHARS && encodeLink(url).length <= MAX_LINK_CHARS
    ? url
    : null;
}
