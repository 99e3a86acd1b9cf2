import type { RouteNode } from '../router/types.ts';
import type { InhibitRule } from '../silences/inhibit.ts';
import type { VerifyOptions } from '../verify/types.ts';

export interface RetryPolicy {
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
  factor: number;
}

interface Common {
  name: string;
  timeoutMs: number;
  retry: RetryPolicy;
}

/** A destination with every secret reference resolved. */
export type DestinationConfig = Common &
  (
    | { type: 'forward'; url: string; secret: string; headers?: Record<string, string> }
    | { type: 'n8n'; url: string; secret: string }
    | { type: 'slack' | 'teams'; url: string }
    | { type: 'discord'; url: string; username?: string }
    | { type: 'ntfy'; url: string; topic: string; token?: string; priority?: number }
    | { type: 'pagerduty'; url: string; routingKey: string; source?: string }
    | {
        type: 'email';
        smtp: {
          host: string;
          port: number;
          secure: boolean;
          requireTls: boolean;
          user?: string;
          pass?: string;
        };
        from: string;
        to: string[];
      }
    | {
        type: 'alertmanager';
        url: string;
        alertname?: string;
        resolveTimeoutMs?: number;
        basicAuth?: { username: string; password: string };
        bearerToken?: string;
      }
    | { type: 'file'; path: string }
    | { type: 'stdout' }
  );

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
