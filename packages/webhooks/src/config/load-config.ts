import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { dedupeWindowMs, WEBHOOK_DELIVERY } from '@trackerkit/core';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { invalidConfig as invalid, WebhooksError } from '../errors.ts';
import { ROOT_MATCHERS } from '../router/create-router.ts';
import { parseMatchers } from '../router/label-matcher.ts';
import type { MuteWindow } from '../router/types.ts';
import { configSchema } from './config-schema.ts';
import { missingEnvProblems } from './missing-env.ts';
import { normalizeDestination, normalizeRetry } from './normalize-destination.ts';
import { normalizeRoute, routeDestinations, routeIntervalNames, toWindow } from './normalize-route.ts';
import { parseDuration, parseSize } from './parse-duration.ts';
import { resolveSecret } from './resolve-secret.ts';
import { signingSecretProblems } from './signing-secrets.ts';
import type { Config } from './types.ts';

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    value =
      typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return value;
}

function describe(issue: z.core.$ZodIssue, raw: unknown): string {
  const path = issue.path.join('.') || '(root)';
  if (issue.code === 'unrecognized_keys') return `${path}: unknown key(s) ${issue.keys.join(', ')}`;
  if (valueAt(raw, issue.path) === undefined) return `${path}: required`;
  return `${path}: ${issue.message}`;
}

/** The variable that names a PostgreSQL store when the configuration does not. */
export const DATABASE_URL_ENV = 'TRACKERKIT_WEBHOOKS_DATABASE_URL';

/** `storage`, resolved: a PostgreSQL URL (from the file or the environment) is checked here, not at start. */
function storageOf(
  s: z.infer<typeof configSchema>['storage'],
  env: NodeJS.ProcessEnv,
  maxTimeoutMs: number,
): Config['storage'] {
  const url = s.url !== undefined ? resolveSecret(s.url, 'storage.url', env) : env[DATABASE_URL_ENV] || null;
  const where = s.url !== undefined ? 'storage.url' : DATABASE_URL_ENV;
  if (url !== null && !/^postgres(ql)?:\/\/[^\s]+$/.test(url))
    throw invalid([`${where}: must be a postgres:// or postgresql:// URL`]);
  const leaseMs = parseDuration(s.lease);
  // A claim that ran out while its delivery is still running lets another replica send it too.
  if (url !== null && leaseMs < 2 * maxTimeoutMs)
    throw invalid([
      `storage.lease: ${s.lease} is shorter than twice the longest destination timeout (${maxTimeoutMs} ms)`,
    ]);
  return { path: s.path, synchronous: s.synchronous, url, schema: s.schema ?? null, leaseMs };
}

export interface LoadConfigOptions {
  env?: NodeJS.ProcessEnv;
}

/**
 * Loads a configuration from a YAML or JSON file path, or from an already-parsed object.
 * Errors name each path and the rule broken; secrets come from `{ env: NAME }` references and
 * never appear in an error or a log.
 */
export function loadConfig(source: string | object, options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  let raw: unknown = source;
  if (typeof source === 'string') {
    let text: string;
    try {
      text = readFileSync(source, 'utf8');
    } catch (error) {
      throw new WebhooksError(`cannot read configuration ${source}: ${(error as Error).message}`, {
        status: 500,
        reason: 'invalid_config',
      });
    }
    try {
      raw = extname(source) === '.json' ? JSON.parse(text) : parseYaml(text);
    } catch (error) {
      throw invalid([
        `(file): not valid ${extname(source) === '.json' ? 'JSON' : 'YAML'}: ${(error as Error).message}`,
      ]);
    }
  }
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error.issues.map((issue) => describe(issue, raw)));
  const c = parsed.data;

  const problems: string[] = [];
  const names = new Set<string>();
  c.destinations.forEach((d, i) => {
    if (names.has(d.name)) problems.push(`destinations.${i}.name: duplicate destination name ${d.name}`);
    names.add(d.name);
  });
  const paths = new Set<string>();
  c.sources.forEach((s, i) => {
    if (paths.has(s.path)) problems.push(`sources.${i}.path: duplicate path ${s.path}`);
    paths.add(s.path);
    if (s.scheme === 'none' && (s.secret || s.secrets)) {
      problems.push(
        `sources.${i}.scheme: none verifies nothing, yet secrets are configured (choose the scheme they belong to)`,
      );
    }
    if (s.scheme !== 'none' && !s.secret && !s.secrets) {
      problems.push(
        `sources.${i}.secret: required for scheme ${s.scheme} (only scheme none takes no secret)`,
      );
    }
  });
  const catchAll = c.catch_all === undefined ? [] : Array.isArray(c.catch_all) ? c.catch_all : [c.catch_all];
  const refs = [...routeDestinations(c.route), ...catchAll.map((name) => ({ path: 'catch_all', name }))];
  for (const ref of refs) {
    if (!names.has(ref.name)) problems.push(`${ref.path}: unknown destination ${ref.name}`);
  }
  const intervals = new Map<string, MuteWindow[]>();
  (c.time_intervals ?? []).forEach((t, i) => {
    if (intervals.has(t.name))
      problems.push(`time_intervals.${i}.name: duplicate time interval name ${t.name}`);
    intervals.set(t.name, t.time_intervals.map(toWindow));
  });
  for (const ref of routeIntervalNames(c.route)) {
    if (!intervals.has(ref.name)) problems.push(`${ref.path}: unknown time interval ${ref.name}`);
  }
  // Dedupe is the stored alert's (source, webhook-id) key: an alert pruned while a copy of its
  // delivery can still arrive and verify would let that copy in again (the core's window, the
  // one the n8n Alert Trigger keeps ids for). Schemes without a timestamp: the retry span only.
  if (c.retention.alerts !== 'forever') {
    const keptMs = parseDuration(c.retention.alerts);
    c.sources.forEach((s) => {
      const timestamped = s.scheme === 'standard-webhooks' || s.scheme === 'stripe';
      const windowMs = dedupeWindowMs(timestamped ? parseDuration(s.tolerance) / 1000 : 0);
      if (keptMs < windowMs) {
        problems.push(
          `retention.alerts: ${c.retention.alerts} is shorter than the ${windowMs / 1000} s in which source ${s.name}${timestamped ? ` (tolerance ${s.tolerance})` : ''} may receive a copy of a delivery; keep alerts at least that long, or a duplicate is routed again`,
        );
      }
    });
  }
  if (c.route.destination === undefined) problems.push('route.destination: required on the root route');
  if (c.route.matchers !== undefined) problems.push(`route.matchers: ${ROOT_MATCHERS}`);
  // Each source's secrets with where they were written: `secret` first, then the `secrets` list.
  // An unset variable in the `secrets` list is a rotation not under way (the previous secret's
  // variable is set only while one is): it is left out, as the library's verifyWithFallback does,
  // as long as one secret of the source remains.
  const sourceSecrets = c.sources.map((s, i) => {
    const all = [
      ...(s.secret ? [{ ref: s.secret, path: `sources.${i}.secret`, listed: false }] : []),
      ...(s.secrets ?? []).map((ref, j) => ({ ref, path: `sources.${i}.secrets.${j}`, listed: true })),
    ];
    const kept = all.filter(({ ref, listed }) => !listed || typeof ref === 'string' || !!env[ref.env]);
    if (all.length > 0 && kept.length === 0) {
      const names = all.map(({ ref }) => (typeof ref === 'string' ? '' : ref.env)).join(', ');
      problems.push(`sources.${i}.secrets: environment variables ${names} are not set (one is needed)`);
    }
    return kept;
  });
  const listedSecret = /^sources\.\d+\.secrets\.\d+$/;
  problems.push(
    ...missingEnvProblems(c, env).filter((problem) => !listedSecret.test(problem.split(':')[0]!)),
  );
  if (problems.length > 0) throw invalid(problems);
  const secretPath = (i: number, j: number): string => sourceSecrets[i]![j]!.path;
  const retryDefaults = normalizeRetry(c.delivery.retry);
  const destinations = c.destinations.map((d, i) =>
    normalizeDestination(d, i, env, retryDefaults, WEBHOOK_DELIVERY.timeout_seconds * 1000),
  );
  const maxTimeoutMs = Math.max(
    WEBHOOK_DELIVERY.timeout_seconds * 1000,
    ...destinations.map((d) => d.timeoutMs),
  );
  const config: Config = {
    server: {
      host: c.server.host,
      port: c.server.port,
      bodyLimitBytes: parseSize(c.server.body_limit),
      shutdownGraceMs: parseDuration(c.server.shutdown_grace),
      allowedHosts: c.server.allowed_hosts,
      ...(c.server.admin_token === undefined
        ? {}
        : { adminToken: resolveSecret(c.server.admin_token, 'server.admin_token', env) }),
    },
    retention: {
      alertsMs: c.retention.alerts === 'forever' ? null : parseDuration(c.retention.alerts),
      deliveriesMs: c.retention.deliveries === 'forever' ? null : parseDuration(c.retention.deliveries),
      silencesMs: c.retention.silences === 'forever' ? null : parseDuration(c.retention.silences),
    },
    storage: storageOf(c.storage, env, maxTimeoutMs),
    sources: c.sources.map((s, i) => ({
      name: s.name,
      path: s.path,
      secrets: sourceSecrets[i]!.map(({ ref, path }) => resolveSecret(ref, path, env)),
      verify: {
        scheme: s.scheme,
        toleranceSeconds: parseDuration(s.tolerance) / 1000,
        ...(s.header ? { header: s.header } : {}),
        ...(s.id_header ? { idHeader: s.id_header } : {}),
      },
    })),
    destinations,
    route: normalizeRoute(c.route, intervals),
    catchAll,
    inhibitRules: (c.inhibit_rules ?? []).map((rule) => ({
      sourceMatchers: rule.source_matchers.flatMap(parseMatchers),
      targetMatchers: rule.target_matchers.flatMap(parseMatchers),
      equal: rule.equal ?? [],
    })),
    delivery: {
      concurrency: c.delivery.concurrency,
      retry: retryDefaults,
      pollIntervalMs: parseDuration(c.delivery.poll_interval),
      breaker: {
        failureThreshold: c.delivery.breaker.failure_threshold,
        cooldownMs: parseDuration(c.delivery.breaker.cooldown),
      },
    },
    log: c.log,
  };
  // Guessable tokens would make the reload endpoint an open door beyond loopback.
  if (config.server.adminToken !== undefined && config.server.adminToken.length < 16) {
    throw invalid(['server.admin_token: must be at least 16 characters']);
  }
  const secretProblems = signingSecretProblems(config, secretPath);
  if (secretProblems.length > 0) throw invalid(secretProblems);
  return config;
}
