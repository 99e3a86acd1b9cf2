// upload_vault_data may fetch an http(s) URL: the server must not become a way to reach what
// only it can reach (loopback services, the cloud metadata address, the private network) unless
// the operator allows it (--allow-private-urls). The host is resolved here once per hop; the
// connection then goes to one of exactly these addresses (url-fetch.ts), so a resolver that
// answers differently the second time (DNS rebinding) is never asked a second time.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ToolInputError } from '../tool-api/tool-errors.ts';
import type { HostLookup, ResolvedAddress } from '../tool-api/url-seams.ts';
import { specialAddressKind } from './public-address.ts';

/** The operating system's resolver (getaddrinfo), every answer, in its order. */
export const systemLookup: HostLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, order: 'verbatim' })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * `raw` as a URL this server may ask for: http or https, without a user name or password (they
 * would travel to the host and sit in the transcript). `via` says which URL redirected here.
 */
export function parseFetchUrl(raw: string, via?: URL): URL {
  const from = via ? `${via.href} redirects to ${raw}: ` : '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ToolInputError('url', `${from}not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolInputError('url', `${from}only http and https URLs are fetched, not ${url.protocol}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new ToolInputError('url', `${from}a URL with a user name or password is not fetched`);
  }
  return url;
}

// "an unspecified", "an IETF protocol", but "a unique local".
const article = (word: string) => (/^(?:[aeio]|un(?!i)|IETF)/i.test(word) ? 'an' : 'a');

/**
 * The addresses `url`'s host resolves to, every one of them public unless `allowPrivate`:
 * one special address among the answers refuses the URL (the next lookup could prefer it).
 */
export async function checkedAddresses(
  url: URL,
  policy: { allowPrivate: boolean; lookup: HostLookup },
  via?: URL,
): Promise<ResolvedAddress[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses: ResolvedAddress[] =
    family === 0
      ? [...(await policy.lookup(host).catch(() => []))]
      : [{ address: host, family: family === 6 ? 6 : 4 }];
  const named = via ? `${via.href} redirects to ${url.hostname}, which` : url.hostname;
  if (addresses.length === 0) {
    throw new ToolInputError(
      'url',
      `${via ? `${via.href} redirects to ${url.hostname}: ` : ''}cannot resolve ${url.hostname}`,
    );
  }
  for (const { address } of addresses) {
    // Only an IP address is connected to, even when private ones are allowed: a name here would
    // be resolved again by the socket layer.
    if (isIP(address) === 0) {
      throw new ToolInputError('url', `${named} resolves to "${address}", which is not an IP address`);
    }
    const kind = specialAddressKind(address);
    if (kind === undefined || policy.allowPrivate) continue;
    const is = family === 0 ? 'resolves to' : 'is';
    throw new ToolInputError(
      'url',
      `${named} ${is} ${article(kind)} ${kind} address; this server fetches only public internet addresses (its operator can allow others with --allow-private-urls)`,
    );
  }
  return addresses.map(({ address }) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
}
