// The two seams of upload_vault_data's URL fetching that a server's options may replace (tests
// and embedders do): how a host name resolves, and how a connection to one checked address opens.
// Declared with the tools' options (tool-context.ts); files/url-check.ts and files/url-fetch.ts
// hold the real ones.
import type { Duplex } from 'node:stream';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (an injectable seam: tests answer with their own). */
export type HostLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** One checked address of a URL's host, to connect to. */
export interface ConnectTarget {
  /** The checked IP address: the only place the connection may go. */
  address: string;
  family: 4 | 6;
  port: number;
  /** https: TLS, verified against `hostname`. */
  tls: boolean;
  /** The URL's host name, for TLS (SNI and the certificate check); the address is not re-resolved. */
  hostname: string;
}

/** Opens a connection (TLS for https) to `target.address`; the seam tests substitute. */
export type ConnectAddress = (target: ConnectTarget, signal: AbortSignal) => Promise<Duplex>;
