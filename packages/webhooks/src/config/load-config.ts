import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { WEBHOOK_DELIVERY } from '@trackerkit/core';
import { dedupeWindowMs } from '@trackerkit/core/signing';
import type { z } from 'zod';
import { invalidConfig as invalid, WebhooksError } from '../errors.ts';
import { ROOT_MATCHERS } from '../router/create-router.ts';
import { newMatcher, parseMatchers } from '../router/label-matcher.ts';
import { resolveRouteTree } from '../router/resolve-route-tree.ts';
import type { MuteWindow } from '../router/types.ts';
import { configSchema, type InhibitRuleInput, type ParsedConfig, sourceSchema } from './config-schema.ts';
import { labelMapsAsText, parseConfigText } from './config-text.ts';
import { alertmanagerRules, configWords, withoutNulls } from './config-words.ts';
import { envSource, NO_SOURCE, SECRET_ENV } from './env-source.ts';
import { missingEnvProblems } from './missing-env.ts';
import { normalizeDestination, normalizeRetry } from './normalize-destination.ts';
import { globalProblems, normalizeReceivers } from './normalize-receivers.ts';
import { normalizeRoute, routeDestinations, routeIntervalNames, toWindow } from './normalize-route.ts';
import { parseDuration, parseSize } from './parse-duration.ts';
import { resolveSecret } from './resolve-secret.ts';
import { signingSecretProblems } from './signing-secrets.ts';
import { templateProblems } from './templates.ts';
import type { Config, DestinationConfig } from './types.ts';

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
  if (issue.code !== 'custom' && valueAt(raw, issue.path) === undefined) return `${path}: required`;
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

/** Alertmanager's inhibit rule → the receiver's: each side its `*_match`, `*_match_re` and `*_matchers`. */
function inhibitRule(rule: InhibitRuleInput) {
  const side = (match?: Record<string, string>, matchRe?: Record<string, string>, strings?: string[]) => [
    ...Object.entries(match ?? {}).map(([name, value]) => newMatcher('=', name, value)),
    ...Object.entries(matchRe ?? {}).map(([name, value]) => newMatcher('=~', name, value)),
    ...(strings ?? []).flatMap(parseMatchers),
  ];
  return {
    sourceMatchers: side(rule.source_match, rule.source_match_re, rule.source_matchers),
    targetMatchers: side(rule.target_match, rule.target_match_re, rule.target_matchers),
    equal: rule.equal ?? [],
  };
}

/** Alertmanager's defaults for a tree it loads: one group per route, repeats every 4 h. */
const ALERTMANAGER_ROOT = { groupBy: [] as string[], repeatIntervalMs: 4 * 3_600_000 };

/**
 * Loads a configuration from a YAML or JSON file path, or from an already-parsed object.
 * Errors name each path and the rule broken; secrets come from `{ env: NAME }` references and
 * never appear in an error or a log.
 */
export function loadConfig(source: string | object, options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  let raw: unknown = source;
  // Relative `*_file` and `templates` paths are the file's directory's, as Alertmanager's.
  const baseDir = typeof source === 'string' ? dirname(resolve(source)) : process.cwd();
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
    raw = parseConfigText(text, source);
  }
  raw = labelMapsAsText(raw);
  const { words, problems: wordProblems } = configWords(raw);
  if (words === 'alertmanager') raw = withoutNulls(raw);
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success)
    throw invalid([...wordProblems, ...parsed.error.issues.map((issue) => describe(issue, raw))]);
  if (wordProblems.length > 0) throw invalid(wordProblems);
  const c: ParsedConfig = parsed.data;

  const problems: string[] = [];
  if (words === 'alertmanager') problems.push(...alertmanagerRules(c), ...globalProblems(c.global ?? {}));
  else if (c.destinations === undefined) problems.push('destinations: required');
  // Without `sources`, the tracker source from the environment (alertmanager.yml has none).
  const fromEnv = c.sources === undefined ? envSource(env) : undefined;
  if (c.sources === undefined && fromEnv === undefined) problems.push(NO_SOURCE);
  c.sources ??= fromEnv ? [sourceSchema.parse(fromEnv)] : [];
  const names = new Set<string>();
  (c.destinations ?? []).forEach((d, i) => {
    if (names.has(d.name)) problems.push(`destinations.${i}.name: duplicate destination name ${d.name}`);
    names.add(d.name);
  });
  for (const r of c.receivers ?? []) names.add(r.name);
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
  const key = words === 'alertmanager' ? 'receiver' : 'destination';
  const refs = [...routeDestinations(c.route, key), ...catchAll.map((name) => ({ path: 'catch_all', name }))];
  for (const ref of refs) {
    if (!names.has(ref.name))
      problems.push(
        words === 'alertmanager'
          ? `${ref.path}: undefined receiver "${ref.name}" used in route`
          : `${ref.path}: unknown destination ${ref.name}`,
      );
  }
  const intervals = new Map<string, MuteWindow[]>();
  for (const list of ['mute_time_intervals', 'time_intervals'] as const) {
    (c[list] ?? []).forEach((t, i) => {
      if (intervals.has(t.name)) problems.push(`${list}.${i}.name: duplicate time interval name ${t.name}`);
      intervals.set(t.name, (t.time_intervals ?? []).map(toWindow));
    });
  }
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
  if (words === 'trackerkit' && c.route.destination === undefined)
    problems.push('route.destination: required on the root route');
  for (const m of ['matchers', 'match', 'match_re'] as const) {
    const given = c.route[m];
    if (given !== undefined && Object.keys(given).length > 0) problems.push(`route.${m}: ${ROOT_MATCHERS}`);
  }
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
    ...missingEnvProblems(fromEnv ? { ...c, sources: undefined } : c, env).filter(
      (problem) => !listedSecret.test(problem.split(':')[0]!),
    ),
  );
  const retryDefaults = normalizeRetry(c.delivery.retry);
  const timeoutMs = WEBHOOK_DELIVERY.timeout_seconds * 1000;
  // Alertmanager's receivers are read whatever else is wrong, so one run names every problem.
  const fromReceivers = normalizeReceivers(c.receivers ?? [], c.global ?? {}, {
    env,
    baseDir,
    retry: retryDefaults,
    timeoutMs,
  });
  problems.push(...fromReceivers.problems);
  if (problems.length > 0) throw invalid(problems);
  const secretPath = (i: number, j: number): string => (fromEnv ? SECRET_ENV : sourceSecrets[i]![j]!.path);
  const destinations: DestinationConfig[] = [
    ...(c.destinations ?? []).map((d, i) =>
      normalizeDestination(d, `destinations.${i}`, env, retryDefaults, timeoutMs),
    ),
    ...fromReceivers.destinations,
  ].map((d) => ({ ...d, consoleOrigins: c.links.console_origins }));
  const destinationPaths = [
    ...(c.destinations ?? []).map((_, i) => `destinations.${i}`),
    ...fromReceivers.paths,
  ];
  problems.push(...templateProblems(c.templates, destinations, baseDir));
  if (problems.length > 0) throw invalid(problems);
  const route = normalizeRoute(
    c.route,
    intervals,
    words === 'alertmanager' ? fromReceivers.byReceiver : undefined,
  );
  if (words === 'alertmanager') {
    route.groupBy ??= ALERTMANAGER_ROOT.groupBy;
    route.repeatIntervalMs ??= ALERTMANAGER_ROOT.repeatIntervalMs;
  }
  // The tree is resolved here, once: the router and the repeat pass use this resolution.
  resolveRouteTree(route);
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
      ...(c.server.external_url === undefined ? {} : { externalUrl: c.server.external_url }),
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
    route,
    catchAll:
      words === 'alertmanager'
        ? catchAll.flatMap((name) => fromReceivers.byReceiver.get(name) ?? [])
        : catchAll,
    words,
    parsed: c,
    resolveTimeoutMs: parseDuration(c.global?.resolve_timeout ?? '5m'),
    inhibitRules: (c.inhibit_rules ?? []).map(inhibitRule),
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
  const secretProblems = signingSecretProblems(config, secretPath, (i) => destinationPaths[i]!);
  if (secretProblems.length > 0) throw invalid(secretProblems);
  return config;
}
