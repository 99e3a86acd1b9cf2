// The GET behind upload_vault_data's `url`: each hop's host is resolved and checked once
// (url-check.ts) and the connection is opened to one of exactly those checked addresses, so a
// resolver cannot answer a public address for the check and a loopback one for the connection
// (DNS rebinding). Redirects are followed here, a bounded number of times, each hop checked
// like the first; fetch() would resolve each hop itself and follow redirects unchecked.
import type { IncomingMessage } from 'node:http';
import { request } from 'node:http';
import { isIP, connect as netConnect } from 'node:net';
import type { Duplex, Transform } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { SERVER_NAME, SERVER_VERSION } from '../config/version.ts';
import { ToolInputError } from '../tool-api/tool-errors.ts';
import type { ConnectAddress, HostLookup } from '../tool-api/url-seams.ts';
import { checkedAddresses, parseFetchUrl, systemLookup } from './url-check.ts';

/** Redirects followed before the URL is refused (browsers allow 20; a data file needs few). */
export const MAX_URL_REDIRECTS = 5;

/** How long one address may take to accept the connection (fetch()'s own default). */
const CONNECT_TIMEOUT_MS = 10_000;

/** TCP, with TLS for https, to exactly the checked address: no name is resolved here. */
export const connectDirect: ConnectAddress = (target, signal) =>
  new Promise((resolve, reject) => {
    const socket = target.tls
      ? tlsConnect({
          host: target.address,
          port: target.port,
          // SNI takes names only; an IP-literal URL is verified against the address itself.
          ...(isIP(target.hostname) ? {} : { servername: target.hostname }),
          ALPNProtocols: ['http/1.1'],
        })
      : netConnect({ host: target.address, port: target.port });
    const abort = () => socket.destroy(signal.reason as Error);
    // As fetch() does: an address that never answers gives way to the next one.
    const timer = setTimeout(
      () => socket.destroy(new Error(`no connection within ${CONNECT_TIMEOUT_MS / 1000} s`)),
      CONNECT_TIMEOUT_MS,
    );
    const settle = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
    };
    signal.addEventListener('abort', abort, { once: true });
    socket.once('error', (error) => {
      settle();
      reject(error);
    });
    socket.once(target.tls ? 'secureConnect' : 'connect', () => {
      settle();
      resolve(socket);
    });
  });

export interface UrlFetchPolicy {
  /** Fetch loopback, link-local and private addresses too (--allow-private-urls). */
  allowPrivate: boolean;
  lookup?: HostLookup | undefined;
  connect?: ConnectAddress | undefined;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

async function connectToOne(url: URL, policy: UrlFetchPolicy, signal: AbortSignal, via?: URL) {
  const lookup = policy.lookup ?? systemLookup;
  const connect = policy.connect ?? connectDirect;
  const addresses = await checkedAddresses(url, { allowPrivate: policy.allowPrivate, lookup }, via);
  const tls = url.protocol === 'https:';
  const port = Number(url.port || (tls ? 443 : 80));
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let failure: unknown;
  // Each checked address in the resolver's order, until one answers.
  for (const { address, family } of addresses) {
    if (signal.aborted) break;
    try {
      return await connect({ address, family, port, tls, hostname }, signal);
    } catch (error) {
      failure = error;
    }
  }
  throw signal.aborted ? signal.reason : failure;
}

function get(url: URL, socket: Duplex, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request({
      method: 'GET',
      path: `${url.pathname}${url.search}`,
      setHost: false,
      headers: {
        host: url.host,
        accept: '*/*',
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': `${SERVER_NAME}-mcp/${SERVER_VERSION}`,
      },
      // The already connected socket: the request never resolves or connects on its own.
      createConnection: () => socket as never,
      signal,
    });
    req.once('response', resolve);
    // Kept for the request's life: a second error after the first must not go unheard.
    req.on('error', reject);
    req.end();
  });
}

/**
 * What decodes the body as fetch() would (the file may be served gzip-compressed); undefined
 * when it is sent as it is. The caller joins it to the response.
 */
function decoderOf(url: URL, response: IncomingMessage): Transform | undefined {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return undefined;
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (!decoder) {
    response.destroy();
    throw new ToolInputError(
      'url',
      `${url.href} is sent with content-encoding ${encoding}, which is not read`,
    );
  }
  return decoder;
}

/** A 2xx answer whose body is not read yet, and what decodes it. */
export interface FetchedUrl {
  /** The URL that answered (after redirects). */
  url: URL;
  response: IncomingMessage;
  decoder: Transform | undefined;
  type: string | null;
}

/**
 * A GET of `raw` (http or https), following up to MAX_URL_REDIRECTS redirects; every hop's host
 * is checked by the policy and connected to only at a checked address. Fails with a
 * ToolInputError on `url` naming the hop and the reason. The body is the caller's to read, at
 * once (url-download.ts joins it to its decoder and the file it goes to).
 */
export async function fetchUrl(
  raw: string,
  policy: UrlFetchPolicy,
  signal: AbortSignal,
): Promise<FetchedUrl> {
  let url = parseFetchUrl(raw);
  let via: URL | undefined;
  for (let hop = 0; ; hop += 1) {
    const response = await connectToOne(url, policy, signal, via)
      .then((socket) => get(url, socket, signal))
      .catch((error: Error) => {
        if (error instanceof ToolInputError) throw error;
        throw new ToolInputError('url', `cannot fetch ${url.href} (${error.message})`);
      });
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location !== undefined) {
      response.destroy();
      if (hop >= MAX_URL_REDIRECTS) {
        throw new ToolInputError(
          'url',
          `${raw} redirects more than ${MAX_URL_REDIRECTS} times; give the final URL instead`,
        );
      }
      via = url;
      url = parseFetchUrl(URL.parse(location, url)?.href ?? location, via);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new ToolInputError(
        'url',
        `fetching ${url.href} answered ${status} ${response.statusMessage ?? ''}`.trimEnd(),
      );
    }
    return {
      url,
      response,
      decoder: decoderOf(url, response),
      type: response.headers['content-type'] ?? null,
    };
  }
}
