// The checks of values the commands share (ports, addresses to listen on, URLs), each a UsageError
// naming where the value came from and what it must be. Text in, value out: no I/O.
import { UsageError } from './usage-error.ts';

/**
 * A TCP port: an integer 0-65535 (0 picks a free one). `name` is what the person typed or set:
 * `--port`, or an environment variable's name.
 */
export function portFromOption(name: string, raw: string): number {
  const port = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`${name} must be a port number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

/** `portFromOption` for the flag `--<flag>`. */
export function portFromFlag(flag: string, raw: string): number {
  return portFromOption(`--${flag}`, raw);
}

/**
 * An interface to listen on: a host name or an IP address, nothing more (no scheme, port or path).
 * An empty value would make Node listen on every interface, which nobody asks for that way.
 * `name` is what the person typed or set: `--host`, or an environment variable's name.
 */
export function hostFromOption(name: string, raw: string): string {
  const host = raw.trim().replace(/^\[(.*)\]$/, '$1');
  let parsed: URL | undefined;
  try {
    if (host !== '' && !/[/?#@\s[\]]/.test(host))
      // An IPv6 literal in brackets, its zone (`%eth0`), which URLs do not carry, left out.
      parsed = new URL(`http://${host.includes(':') ? `[${host.replace(/%[\w.-]+$/, '')}]` : host}`);
  } catch {
    parsed = undefined;
  }
  if (parsed?.port !== '')
    throw new UsageError(`${name} must be a host name or an IP address to listen on, got "${raw}"`);
  return host;
}

/**
 * An absolute URL with one of `schemes` (`['smtp:', 'smtps:']`). `name` is what the person typed
 * or set (`--smtp-url`, `TRACKER_EMULATOR_SMTP_URL`); `example` goes in the message.
 */
export function urlFromOption(
  name: string,
  raw: string,
  schemes: readonly string[],
  example: string,
): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  const kinds = schemes.map((scheme) => `${scheme}//`).join(' or ');
  if (!url || !schemes.includes(url.protocol) || url.host === '')
    throw new UsageError(`${name} must be a URL starting with ${kinds}, such as ${example}, got "${raw}"`);
  return raw;
}
