import type { RetryPolicy } from '../config-common/types.ts';
import type { DestinationConfig } from '../delivery/destinations/index.ts';
import type { RouteNode } from '../router/types.ts';
import type { InhibitRule } from '../silences/inhibit.ts';
import type { VerifyOptions } from '../verify/types.ts';
import type { ParsedConfig } from './config-schema.ts';

/**
 * A destination with every secret reference resolved: derived from the list of destination types
 * (delivery/destinations/index.ts), each type's fields declared in its own module.
 */
export type { DestinationConfig };

export interface SourceConfig {
  name: string;
  path: string;
  secrets: string[];
  verify: VerifyOptions;
}

export interface Config {
  server: {
    host: string;
    port: number;
    bodyLimitBytes: number;
    /** How long a stop waits for deliveries in flight. */
    shutdownGraceMs: number;
    /** Bearer token for `POST /-/reload`. */
    adminToken?: string;
    /** Host names the API, reload and UI answer to besides loopback names and the bound address. */
    allowedHosts?: string[];
    /** This receiver's public URL: the webhook payload's `externalURL`. Absent: the address it listens on. */
    externalUrl?: string;
  };
  /** Milliseconds; null keeps rows forever. */
  retention: { alertsMs: number | null; deliveriesMs: number | null; silencesMs: number | null };
  storage: {
    path: string;
    synchronous: 'full' | 'normal';
    /** PostgreSQL connection URL: the store of several replicas. Null: the SQLite file at `path`. */
    url: string | null;
    schema: string | null;
    /** A replica's claim on an outbox row (PostgreSQL). */
    leaseMs: number;
  };
  sources: SourceConfig[];
  destinations: DestinationConfig[];
  route: RouteNode;
  catchAll: string[];
  /**
   * The words the file was written in: `alertmanager` (`receivers`, a route's `receiver`) or
   * `trackerkit` (`destinations`, a route's `destination`).
   */
  words?: 'alertmanager' | 'trackerkit';
  /**
   * The file as read (checked, its secret references unresolved): `/api/v2/status` prints it as
   * Alertmanager would, `/api/v2/receivers` lists its receivers. Absent for a configuration built
   * in code.
   */
  parsed?: ParsedConfig;
  /**
   * Alertmanager's `global.resolve_timeout`: an alert received without an end (API v2) is
   * resolved this long after it was last received. Default 5 minutes.
   */
  resolveTimeoutMs?: number;
  /** Alertmanager's inhibit_rules; absent or empty inhibits nothing. */
  inhibitRules?: InhibitRule[];
  delivery: {
    concurrency: number;
    pollIntervalMs: number;
    /** The default retry policy (each destination may override it); also that of code handlers. */
    retry: RetryPolicy;
    breaker: { failureThreshold: number; cooldownMs: number };
  };
  log: { level: 'debug' | 'info' | 'warn' | 'error' | 'silent'; stream: 'stderr' | 'stdout' };
}
