// upload_vault_data's URL guard, proved at the resolver/connection seam: the test's resolver
// answers public addresses for made-up names, and the test's connector records the checked
// address it is asked for and keeps the TCP connection itself on loopback (a server standing in
// for "the internet"). No connection leaves loopback and no name reaches a real resolver.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect as netConnect } from 'node:net';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectAddress, ConnectTarget, HostLookup, ResolvedAddress } from '../../src/index.ts';
import { call, connectInMemory, startTestEmulator, structured, textOf, trackerArgs } from './harness.ts';

const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_CSV = 'sku,origin\nP-1,public\nP-2,public\n';
const SECRET_CSV = 'sku,origin\nS-1,loopback-secret\n';

let emulator: RunningEmulator;
let trackerId: string;
/** Stands in for every public address: its port is where "the internet" is reached. */
let internet: Server;
let internetPort: number;
/** A loopback-only service the server must not be tricked into reading. */
let secret: Server;
let secretPort: number;

const listen = async (server: Server) => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  emulator = await startTestEmulator();
  internet = createServer((req, res) => {
    const [path = '', query = ''] = (req.url ?? '/').split('?');
    if (path === '/rows.csv') return void res.writeHead(200, { 'content-type': 'text/csv' }).end(PUBLIC_CSV);
    if (path === '/redirect') {
      const to = new URLSearchParams(query).get('to') ?? '/rows.csv';
      return void res.writeHead(302, { location: to }).end();
    }
    if (path === '/loop') return void res.writeHead(301, { location: '/loop' }).end();
    res.writeHead(404).end('no such file');
  });
  secret = createServer(
    (_req, res) => void res.writeHead(200, { 'content-type': 'text/csv' }).end(SECRET_CSV),
  );
  [internetPort, secretPort] = await Promise.all([listen(internet), listen(secret)]);
  const setup = await connectInMemory(emulator);
  trackerId = structured<{ tracker_id: string }>(
    await call(setup.client, 'create_tracker', trackerArgs(emulator.spaceId)),
  ).tracker_id;
  await setup.close();
});
afterAll(async () => {
  internet?.close();
  secret?.close();
  await emulator?.close();
});

/** A resolver for made-up names: each name answers its lists in turn (the last one repeats). */
function testResolver(answers: Record<string, string[][]>) {
  const asked: string[] = [];
  const lookup: HostLookup = async (hostname) => {
    const turn = asked.filter((name) => name === hostname).length;
    asked.push(hostname);
    const lists = answers[hostname];
    if (!lists) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const list = lists[Math.min(turn, lists.length - 1)] as string[];
    return list.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, asked };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1)$/;

/**
 * Records each checked address it is asked to connect to. A loopback address is connected to as
 * asked; any other address is "the internet", reached at the stand-in server on 127.0.0.1.
 */
function loopbackConnector() {
  const targets: ConnectTarget[] = [];
  const connect: ConnectAddress = async (target) => {
    targets.push(target);
    if (target.tls) throw new Error('the tests speak plain http');
    const socket = LOOPBACK.test(target.address)
      ? netConnect({ host: target.address, port: target.port })
      : netConnect({ host: '127.0.0.1', port: internetPort });
    await once(socket, 'connect');
    return socket;
  };
  return { connect, targets };
}

let connector: ReturnType<typeof loopbackConnector>;
beforeEach(() => {
  connector = loopbackConnector();
});

async function upload(
  url: string,
  options: { lookup?: HostLookup; allowPrivateUrls?: boolean } = {},
  source = 'from a URL',
) {
  const mcp = await connectInMemory(emulator, { connect: connector.connect, ...options });
  try {
    return await call(mcp.client, 'upload_vault_data', { tracker_id: trackerId, source_name: source, url });
  } finally {
    await mcp.close();
  }
}

const rowsOf = (result: Awaited<ReturnType<typeof upload>>) =>
  structured<{ rows_processed: number }>(result).rows_processed;

describe('upload_vault_data: public addresses are fetched, at the checked address', () => {
  it.each([
    ['a public IPv4 address', 'http://8.8.8.8/rows.csv', '8.8.8.8'],
    ['another public IPv4 address', `http://${PUBLIC_V4}/rows.csv`, PUBLIC_V4],
    ['an IPv4-mapped public address', 'http://[::ffff:8.8.8.8]/rows.csv', '::ffff:808:808'],
  ])('%s', async (_name, url, address) => {
    expect(rowsOf(await upload(url))).toBe(2);
    expect(connector.targets.map((t) => [t.address, t.port])).toEqual([[address, 80]]);
  });

  it('a public IPv6 address', async () => {
    expect(rowsOf(await upload('http://[2001:4860:4860::8888]:8080/rows.csv'))).toBe(2);
    expect(connector.targets).toMatchObject([{ address: '2001:4860:4860::8888', family: 6, port: 8080 }]);
  });

  it('a name that resolves to a public address, resolved once', async () => {
    const resolver = testResolver({ 'public.test': [[PUBLIC_V4]] });
    expect(rowsOf(await upload('http://public.test/rows.csv', { lookup: resolver.lookup }))).toBe(2);
    expect(resolver.asked).toEqual(['public.test']);
    expect(connector.targets).toMatchObject([{ address: PUBLIC_V4, hostname: 'public.test' }]);
  });

  it('DNS rebinding: a public answer for the check and 127.0.0.1 after it never reaches loopback', async () => {
    // The URL names the secret service's port: a second resolution would land on it.
    const resolver = testResolver({ 'rebind.test': [[PUBLIC_V4], ['127.0.0.1']] });
    const result = await upload(
      `http://rebind.test:${secretPort}/rows.csv`,
      { lookup: resolver.lookup },
      'rebinding',
    );
    expect(rowsOf(result)).toBe(2);
    expect(resolver.asked).toEqual(['rebind.test']);
    expect(connector.targets.map((t) => t.address)).toEqual([PUBLIC_V4]);
    const mcp = await connectInMemory(emulator);
    try {
      const recent = textOf(
        await call(mcp.client, 'get_vault_recent', { tracker_id: trackerId, limit: 100, max_chars: 500 }),
      );
      expect(recent).toContain('P-1');
      expect(recent).not.toContain('loopback-secret');
    } finally {
      await mcp.close();
    }
  });

  it('follows a redirect to a public name, checking the new host', async () => {
    const resolver = testResolver({ 'public.test': [[PUBLIC_V4]], 'cdn.test': [['8.8.4.4']] });
    const url = `http://public.test/redirect?to=${encodeURIComponent('http://cdn.test/rows.csv')}`;
    expect(rowsOf(await upload(url, { lookup: resolver.lookup }))).toBe(2);
    expect(resolver.asked).toEqual(['public.test', 'cdn.test']);
    expect(connector.targets.map((t) => t.address)).toEqual([PUBLIC_V4, '8.8.4.4']);
  });
});

describe('upload_vault_data: special addresses are refused before any connection', () => {
  it.each([
    ['loopback', 'http://127.0.0.1:9/rows.csv', /127\.0\.0\.1 is a loopback address/],
    ['loopback as a decimal number', 'http://2130706433/rows.csv', /is a loopback address/],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/rows.csv', /is a loopback address/],
    ['IPv6 loopback', 'http://[::1]/rows.csv', /\[::1\] is a loopback address/],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data', /is a link-local address/],
    ['a private network', 'http://10.1.2.3/rows.csv', /is a private address/],
    ['carrier-grade NAT', 'http://100.64.0.1/rows.csv', /is a shared \(carrier-grade NAT\) address/],
    ['the unspecified address', 'http://0.0.0.0/rows.csv', /is an unspecified address/],
    ['a unique local IPv6 address', 'http://[fd00::1]/rows.csv', /is a unique local address/],
    ['NAT64 of loopback', 'http://[64:ff9b::7f00:1]/rows.csv', /is a loopback address/],
  ])('%s', async (_name, url, want) => {
    const result = await upload(url);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/`url`: /);
    expect(textOf(result)).toMatch(want);
    expect(textOf(result)).toMatch(/--allow-private-urls/);
    expect(connector.targets).toEqual([]);
  });

  it.each([
    ['localhost', { 'localhost.test': [['127.0.0.1']] }, /resolves to a loopback address/],
    ['a private network', { 'localhost.test': [['192.168.1.20']] }, /resolves to a private address/],
    [
      'one loopback address among public ones',
      { 'localhost.test': [[PUBLIC_V4, '::1']] },
      /resolves to a loopback address/,
    ],
    ['a link-local IPv6 address', { 'localhost.test': [['fe80::1']] }, /resolves to a link-local address/],
  ])('a name that resolves to %s', async (_name, answers, want) => {
    const resolver = testResolver(answers);
    const result = await upload('http://localhost.test/rows.csv', { lookup: resolver.lookup });
    expect(textOf(result)).toMatch(want);
    expect(connector.targets).toEqual([]);
  });

  it('a name the resolver does not know', async () => {
    const resolver = testResolver({});
    const result = await upload('http://nowhere.test/rows.csv', { lookup: resolver.lookup });
    expect(textOf(result)).toMatch(/`url`: cannot resolve nowhere\.test/);
  });

  it.each([
    ['to loopback by address', () => `http://127.0.0.1:${secretPort}/rows.csv`, /is a loopback address/],
    [
      'to a name that resolves to a private address',
      () => 'http://intranet.test/rows.csv',
      /resolves to a private address/,
    ],
    ['to an ftp URL', () => 'ftp://public.test/rows.csv', /only http and https URLs are fetched, not ftp:/],
    ['to a URL with a password', () => 'http://u:p@public.test/rows.csv', /with a user name or password/],
  ])('a redirect %s is refused', async (_name, target, want) => {
    const resolver = testResolver({ 'public.test': [[PUBLIC_V4]], 'intranet.test': [['10.0.0.7']] });
    const url = `http://public.test/redirect?to=${encodeURIComponent(target())}`;
    const result = await upload(url, { lookup: resolver.lookup });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/`url`: http:\/\/public\.test\/redirect\?to=\S+ redirects to /);
    expect(textOf(result)).toMatch(want);
    expect(connector.targets.map((t) => t.address)).toEqual([PUBLIC_V4]);
  });

  it('a redirect loop ends after a bounded number of hops', async () => {
    const result = await upload('http://8.8.8.8/loop');
    expect(textOf(result)).toMatch(/`url`: http:\/\/8\.8\.8\.8\/loop redirects more than 5 times/);
    expect(connector.targets).toHaveLength(6);
  });
});

describe('upload_vault_data with --allow-private-urls', () => {
  it('fetches loopback, still at the checked address', async () => {
    const resolver = testResolver({ 'box.test': [['127.0.0.1'], [PUBLIC_V4]] });
    const url = `http://box.test:${secretPort}/rows.csv`;
    expect(rowsOf(await upload(url, { lookup: resolver.lookup, allowPrivateUrls: true }))).toBe(1);
    expect(resolver.asked).toEqual(['box.test']);
    expect(connector.targets.map((t) => t.address)).toEqual(['127.0.0.1']);
  });

  it('still bounds redirects and refuses other schemes', async () => {
    const loop = await upload('http://8.8.8.8/loop', { allowPrivateUrls: true });
    expect(textOf(loop)).toMatch(/redirects more than 5 times/);
    const ftp = await upload(`http://8.8.8.8/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, {
      allowPrivateUrls: true,
    });
    expect(textOf(ftp)).toMatch(/redirects to file:\/\/\/etc\/passwd: only http and https URLs are fetched/);
  });
});
