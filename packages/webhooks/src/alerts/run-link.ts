// Which URL from an alert the receiver offers as a link ("Open the run", a push's click target, a
// PagerDuty link): a button or a link is trusted by whoever reads it, so it must lead where it says.

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
