// Whether an IP address is on the public internet: the rule upload_vault_data applies to every
// address a URL's host resolves to, so the server never fetches what only it can reach (loopback
// services, the cloud metadata address, the private network). Pure: no I/O, no DNS.
//
// An address that carries an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4
// 2002::/16) is judged as the IPv4 address it carries: ::ffff:127.0.0.1 is loopback, and a
// mapped public address is public. (Node's BlockList, given ::ffff:0:0/96, matched every IPv4
// address, which is how every public IPv4 URL came to be refused.)
import { isIP } from 'node:net';

/** Why an address is not fetched; `undefined` from `specialAddressKind` means it is public. */
export type SpecialAddressKind =
  | 'not an IP address'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared (carrier-grade NAT)'
  | 'link-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'unique local'
  | 'site-local'
  | 'IETF protocol';

type Range4 = readonly [network: string, bits: number, kind: SpecialAddressKind];
type Range6 = readonly [network: string, bits: number, kind: SpecialAddressKind];

// The IANA IPv4 special-purpose registry's ranges that are not globally reachable.
const IPV4_RANGES: readonly Range4[] = [
  ['255.255.255.255', 32, 'broadcast'],
  ['0.0.0.0', 32, 'unspecified'],
  ['0.0.0.0', 8, 'reserved'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'], // the retired 6to4 relay anycast
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

// IPv6: only global unicast (2000::/3) can be public; within it these are not. Outside it the
// common ranges get their own name, everything else is reserved.
const IPV6_OUTSIDE_GLOBAL: readonly Range6[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fc00::', 7, 'unique local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];
const IPV6_SPECIAL_GLOBAL: readonly Range6[] = [
  ['2001::', 23, 'IETF protocol'], // includes Teredo 2001::/32, whose embedded addresses are obfuscated
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
];

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address that `isIP` accepted (a dotted IPv4 tail allowed). */
function ipv6Bytes(address: string): number[] {
  let text = address;
  let tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail = ipv4Bytes(dotted[1] as string);
    text = `${text.slice(0, dotted.index)}0:0`;
  }
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const before = groups(head);
  const after = rest === undefined ? [] : groups(rest);
  const words = [...before, ...Array(8 - before.length - after.length).fill(0), ...after];
  const bytes = words.flatMap((word: number) => [word >> 8, word & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function within(bytes: readonly number[], network: readonly number[], bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const mask = bits - i >= 8 ? 0xff : (0xff << (8 - (bits - i))) & 0xff;
    if (((bytes[i / 8] as number) & mask) !== ((network[i / 8] as number) & mask)) return false;
  }
  return true;
}

function kind4(bytes: readonly number[]): SpecialAddressKind | undefined {
  return IPV4_RANGES.find(([network, bits]) => within(bytes, ipv4Bytes(network), bits))?.[2];
}

function kind6(bytes: readonly number[]): SpecialAddressKind | undefined {
  const zero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // IPv4-mapped ::ffff:0:0/96: the IPv4 address itself, as the socket layer treats it.
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return kind4(bytes.slice(12));
  // NAT64 well-known prefix 64:ff9b::/96: the gateway connects to the embedded IPv4 address.
  if (within(bytes, ipv6Bytes('64:ff9b::'), 96)) return kind4(bytes.slice(12));
  // 6to4 2002::/16: the embedded IPv4 address (bytes 2-5) is where the packets go.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return kind4(bytes.slice(2, 6));
  const outside = IPV6_OUTSIDE_GLOBAL.find(([network, bits]) => within(bytes, ipv6Bytes(network), bits));
  if (outside) return outside[2];
  if (((bytes[0] as number) & 0xe0) !== 0x20) return 'reserved';
  return IPV6_SPECIAL_GLOBAL.find(([network, bits]) => within(bytes, ipv6Bytes(network), bits))?.[2];
}

/**
 * Why `address` (an IP literal, as a resolver answers it, brackets allowed) is not a public
 * internet address, or `undefined` when it is. A name is not an IP address; an address with a
 * zone index (fe80::1%eth0) is scoped to one link, so never public.
 */
export function specialAddressKind(address: string): SpecialAddressKind | undefined {
  const plain = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(plain);
  if (family === 4) return kind4(ipv4Bytes(plain));
  if (family !== 6) return 'not an IP address';
  const [bare = '', zone] = plain.toLowerCase().split('%');
  const kind = kind6(ipv6Bytes(bare));
  return zone === undefined ? kind : (kind ?? 'reserved');
}

export function isPublicAddress(address: string): boolean {
  return specialAddressKind(address) === undefined;
}
