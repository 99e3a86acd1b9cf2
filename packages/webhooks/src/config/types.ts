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
  /**
   * The Alertmanager receiver this destination is an integration of (`receivers[].name`): the
   * `receiver` of Alertmanager's webhook payload. Absent in a configuration that names
   * destinations: the destination's own name stands for it.
   */
  receiver?: string;
  /**
   * Alertmanager's `send_resolved`: whether resolved alerts are notified. Absent: they are (the
   * destinations named in our words always notify them).
   */
  sendResolved?: boolean;
}

/** A destination with every secret reference resolved. */
export type DestinationConfig = Common &
  (
    | { type: 'forward'; url: string; secret: string; headers?: Record<string, string> }
    | { type: 'n8n'; url: string; secret: string }
    | {
        /**
         * Alertmanager's webhook: its version-4 payload POSTed to `url`. `maxAlerts` 0 sends every
         * alert of the group (else the first that many, the rest counted in `truncatedAlerts`);
         * `headers` carries the `Authorization` of `http_config` (a credential: redacted in logs).
         */
        type: 'webhook';
        url: string;
        sendResolved: boolean;
        maxAlerts: number;
        headers: Record<string, string>;
      }
    | { type: 'slack'; url: string; channel?: string; username?: string }
    | { type: 'teams'; url: string }
    | { type: 'discord'; url: string; username?: string }
    | { type: 'ntfy'; url: string; topic: string; token?: string; priority?: number }
    | {
        type: 'pagerduty';
        url: string;
        routingKey: string;
        source?: string;
        /**
         * `v1`: Alertmanager's `service_key`, PagerDuty's Events API v1 (`url` is then its
         * create_event endpoint and `routingKey` the service key). Absent: Events API v2.
         */
        events?: 'v1';
      }
    | {
        type: 'email';
        smtp: {
          host: string;
          port: number;
          secure: boolean;
          requireTls: boolean;
          user?: string;
          pass?: string;
          /** The name given in EHLO/HELO (Alertmanager's `hello`, default `localhost`). */
          hello?: string;
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
