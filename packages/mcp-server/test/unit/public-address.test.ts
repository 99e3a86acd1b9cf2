// The rule upload_vault_data applies to every address a URL's host resolves to.
import { describe, expect, it } from 'vitest';
import { isPublicAddress, specialAddressKind } from '../../src/files/public-address.ts';

describe('specialAddressKind', () => {
  it.each([
    // Public IPv4 (every one was refused while ::ffff:0:0/96 sat in a BlockList).
    ['a public resolver', { given: '8.8.8.8', want: undefined }],
    ['a public web address', { given: '93.184.215.14', want: undefined }],
    ['just below 10/8', { given: '9.255.255.255', want: undefined }],
    ['just above 10/8', { given: '11.0.0.0', want: undefined }],
    ['just below CGNAT', { given: '100.63.255.255', want: undefined }],
    ['just above CGNAT', { given: '100.128.0.0', want: undefined }],
    ['just below 172.16/12', { given: '172.15.255.255', want: undefined }],
    ['just above 172.16/12', { given: '172.32.0.0', want: undefined }],
    ['just below multicast', { given: '223.255.255.255', want: undefined }],
    // Special IPv4.
    ['unspecified', { given: '0.0.0.0', want: 'unspecified' }],
    ['this network', { given: '0.1.2.3', want: 'reserved' }],
    ['RFC 1918 10/8', { given: '10.1.2.3', want: 'private' }],
    ['RFC 1918 172.16/12', { given: '172.31.255.255', want: 'private' }],
    ['RFC 1918 192.168/16', { given: '192.168.0.1', want: 'private' }],
    ['CGNAT', { given: '100.64.0.1', want: 'shared (carrier-grade NAT)' }],
    ['CGNAT top', { given: '100.127.255.255', want: 'shared (carrier-grade NAT)' }],
    ['loopback', { given: '127.0.0.1', want: 'loopback' }],
    ['loopback anywhere in 127/8', { given: '127.255.0.9', want: 'loopback' }],
    ['cloud metadata', { given: '169.254.169.254', want: 'link-local' }],
    ['IETF protocol assignments', { given: '192.0.0.8', want: 'IETF protocol' }],
    ['TEST-NET-1', { given: '192.0.2.1', want: 'documentation' }],
    ['6to4 relay anycast', { given: '192.88.99.1', want: 'reserved' }],
    ['benchmarking', { given: '198.19.0.1', want: 'benchmarking' }],
    ['TEST-NET-2', { given: '198.51.100.7', want: 'documentation' }],
    ['TEST-NET-3', { given: '203.0.113.7', want: 'documentation' }],
    ['multicast', { given: '224.0.0.1', want: 'multicast' }],
    ['reserved class E', { given: '240.0.0.1', want: 'reserved' }],
    ['broadcast', { given: '255.255.255.255', want: 'broadcast' }],
    // Public IPv6.
    ['a public IPv6 resolver', { given: '2001:4860:4860::8888', want: undefined }],
    ['a public IPv6 address', { given: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', want: undefined }],
    ['in brackets', { given: '[2a00:1450:4001:80e::200e]', want: undefined }],
    // IPv4 carried in IPv6: judged as the IPv4 address.
    ['IPv4-mapped public', { given: '::ffff:8.8.8.8', want: undefined }],
    ['IPv4-mapped public, hex', { given: '::ffff:808:808', want: undefined }],
    ['IPv4-mapped loopback', { given: '::ffff:127.0.0.1', want: 'loopback' }],
    ['IPv4-mapped loopback, hex', { given: '::ffff:7f00:1', want: 'loopback' }],
    ['IPv4-mapped metadata', { given: '::ffff:a9fe:a9fe', want: 'link-local' }],
    ['IPv4-mapped private, long form', { given: '0:0:0:0:0:ffff:10.0.0.1', want: 'private' }],
    ['NAT64 of a public address', { given: '64:ff9b::8.8.8.8', want: undefined }],
    ['NAT64 of loopback', { given: '64:ff9b::7f00:1', want: 'loopback' }],
    ['NAT64 of a private address', { given: '64:ff9b::192.168.1.1', want: 'private' }],
    ['NAT64 local-use prefix', { given: '64:ff9b:1::a00:1', want: 'reserved' }],
    ['6to4 of a public address', { given: '2002:808:808::1', want: undefined }],
    ['6to4 of loopback', { given: '2002:7f00:1::1', want: 'loopback' }],
    ['6to4 of a private address', { given: '2002:c0a8:101::1', want: 'private' }],
    ['IPv4-compatible (deprecated)', { given: '::127.0.0.1', want: 'reserved' }],
    // Special IPv6.
    ['unspecified IPv6', { given: '::', want: 'unspecified' }],
    ['IPv6 loopback', { given: '::1', want: 'loopback' }],
    ['IPv6 loopback in brackets', { given: '[::1]', want: 'loopback' }],
    ['unique local fc00::/7', { given: 'fd12:3456:789a::1', want: 'unique local' }],
    ['unique local, low half', { given: 'fc00::1', want: 'unique local' }],
    ['link-local', { given: 'fe80::1', want: 'link-local' }],
    ['link-local, upper case', { given: 'FEBF::1', want: 'link-local' }],
    ['link-local with a zone', { given: 'fe80::1%eth0', want: 'link-local' }],
    ['a global address with a zone', { given: '2001:4860:4860::8888%eth0', want: 'reserved' }],
    ['site-local (deprecated)', { given: 'fec0::1', want: 'site-local' }],
    ['multicast IPv6', { given: 'ff02::1', want: 'multicast' }],
    ['discard-only', { given: '100::1', want: 'reserved' }],
    ['Teredo', { given: '2001:0:4136:e378:8000:63bf:3fff:fdd2', want: 'IETF protocol' }],
    ['documentation 2001:db8::/32', { given: '2001:db8::1', want: 'documentation' }],
    ['documentation 3fff::/20', { given: '3fff:0fff::1', want: 'documentation' }],
    ['outside global unicast', { given: '4000::1', want: 'reserved' }],
    // Not an address at all.
    ['a name', { given: 'localhost', want: 'not an IP address' }],
    ['a shortened IPv4 form', { given: '127.1', want: 'not an IP address' }],
    ['an empty string', { given: '', want: 'not an IP address' }],
  ])('%s', (_name, { given, want }) => {
    expect(specialAddressKind(given)).toBe(want);
    expect(isPublicAddress(given)).toBe(want === undefined);
  });
});
