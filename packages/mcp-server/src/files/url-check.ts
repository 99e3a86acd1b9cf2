// upload_vault_data may fetch an http(s) URL: the server must not become a way to reach what
// only it can reach (loopback services, the cloud metadata address, the private network) unless
// the operator allows it (--allow-private-urls).
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ToolInputError } from '../tool-errors.ts';

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

const isPrivate = (address: string) => PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** The URL, if http(s) and (unless `allowPrivate`) resolving only to public addresses. */
export async function checkFetchUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ToolInputError('url', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolInputError('url', `only http and https URLs are fetched, not ${url.protocol}`);
  }
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true }).catch(() => [])).map((entry) => entry.address);
  if (addresses.length === 0) throw new ToolInputError('url', `cannot resolve ${url.hostname}`);
  if (addresses.some(isPrivate)) {
    throw new ToolInputError(
      'url',
      `${url.hostname} is a loopback, link-local or private address, which this server does not fetch (its operator can allow it with --allow-private-urls)`,
    );
  }
  return url;
}
