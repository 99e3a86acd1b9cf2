import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { WEBHOOK_DELIVERY } from '@trackerkit/core';
import type { z } from 'zod';
import { parseDuration, parseSize } from '../config-common/parse-duration.ts';
import type { RetryPolicy } from '../config-common/types.ts';
import { invalidConfig as invalid, WebhooksError } from '../errors.ts';
import { newMatcher, parseMatchers } from '../router/label-matcher.ts';
import { resolveRouteTree } from '../router/resolve-route-tree.ts';
import {
  namingProblems,
  referenceProblems,
  retentionProblems,
  rootRouteProblems,
  type SecretAt,
  sourceSecretRefs,
  timeIntervals,
} from './config-checks.ts';
import { configSchema, type InhibitRuleInput, type ParsedConfig, sourceSchema } from './config-schema.ts';
import { labelMapsAsText, parseConfigText } from './config-text.ts';
import { alertmanagerRules, configWords, type Words, withoutNulls } from './config-words.ts';
import { envSource, NO_SOURCE, SECRET_ENV } from './env-source.ts';
import { missingEnvProblems } from './missing-env.ts';
import { normalizeDestination, normalizeRetry } from './normalize-destination.ts';
import { globalProblems, normalizeReceivers } from './normalize-receivers.ts';
import { normalizeRoute } from './normalize-route.ts';
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

/** The settings read as they are written, durations and sizes in their units, secrets resolved. */
function settings(
  c: ParsedConfig & { sources: NonNullable<ParsedConfig['sources']> },
  env: NodeJS.ProcessEnv,
  destinations: readonly DestinationConfig[],
  sourceSecrets: SecretAt[][],
  retry: RetryPolicy,
): Omit<Config, 'destinations' | 'route' | 'catchAll' | 'words' | 'parsed' | 'inhibitRules'> {
  const maxTimeoutMs = Math.max(
    WEBHOOK_DELIVERY.timeout_seconds * 1000,
    ...destinations.map((d) => d.timeoutMs),
  );
  const kept = (value: number | string) => (value === 'forever' ? null : parseDuration(value));
  return {
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
      alertsMs: kept(c.retention.alerts),
      deliveriesMs: kept(c.retention.deliveries),
      silencesMs: kept(c.retention.silences),
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
    resolveTimeoutMs: parseDuration(c.global?.resolve_timeout ?? '5m'),
    delivery: {
      concurrency: c.delivery.concurrency,
      retry,
      pollIntervalMs: parseDuration(c.delivery.poll_interval),
      breaker: {
        failureThreshold: c.delivery.breaker.failure_threshold,
        cooldownMs: parseDuration(c.delivery.breaker.cooldown),
      },
    },
    log: c.log,
  };
}

/** The file (or object) read, its words told, and checked against the schema. */
function readParsed(source: string | object): { c: ParsedConfig; words: Words } {
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
    raw = parseConfigText(text, source);
  }
  raw = labelMapsAsText(raw);
  const { words, problems: wordProblems } = configWords(raw);
  if (words === 'alertmanager') raw = withoutNulls(raw);
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success)
    throw invalid([...wordProblems, ...parsed.error.issues.map((issue) => describe(issue, raw))]);
  if (wordProblems.length > 0) throw invalid(wordProblems);
  return { c: parsed.data, words };
}

/**
 * Loads a configuration from a YAML or JSON file path, or from an already-parsed object.
 * Errors name each path and the rule broken; secrets come from `{ env: NAME }` references and
 * never appear in an error or a log. Every problem found before the destinations are made is
 * reported together, so one run names them all.
 */
export function loadConfig(source: string | object, options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  // Relative `*_file` and `templates` paths are the file's directory's, as Alertmanager's.
  const baseDir = typeof source === 'string' ? dirname(resolve(source)) : process.cwd();
  const { c, words } = readParsed(source);
  const problems: string[] = [];
  if (words === 'alertmanager') problems.push(...alertmanagerRules(c), ...globalProblems(c.global ?? {}));
  else if (c.destinations === undefined) problems.push('destinations: required');
  // Without `sources`, the tracker source from the environment (alertmanager.yml has none).
  const fromEnv = c.sources === undefined ? envSource(env) : undefined;
  if (c.sources === undefined && fromEnv === undefined) problems.push(NO_SOURCE);
  c.sources ??= fromEnv ? [sourceSchema.parse(fromEnv)] : [];
  const settled = c as ParsedConfig & { sources: NonNullable<ParsedConfig['sources']> };
  const catchAll = c.catch_all === undefined ? [] : Array.isArray(c.catch_all) ? c.catch_all : [c.catch_all];
  problems.push(...namingProblems(settled), ...referenceProblems(c, words, catchAll));
  const intervals = timeIntervals(c, problems);
  problems.push(...retentionProblems(settled), ...rootRouteProblems(c, words));
  const sourceSecrets = sourceSecretRefs(settled, env, problems);
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
  const destinations: DestinationConfig[] = [
    ...(c.destinations ?? []).map((d, i) =>
      normalizeDestination(d, `destinations.${i}`, env, retryDefaults, timeoutMs),
    ),
    ...fromReceivers.destinations,
  ].map((d) => ({ ...d, consoleOrigins: c.links.console_origins }));
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
  const config: Config = {
    ...settings(settled, env, destinations, sourceSecrets, retryDefaults),
    destinations,
    route,
    catchAll:
      words === 'alertmanager'
        ? catchAll.flatMap((name) => fromReceivers.byReceiver.get(name) ?? [])
        : catchAll,
    words,
    parsed: c,
    inhibitRules: (c.inhibit_rules ?? []).map(inhibitRule),
  };
  // Guessable tokens would make the reload endpoint an open door beyond loopback.
  if (config.server.adminToken !== undefined && config.server.adminToken.length < 16) {
    throw invalid(['server.admin_token: must be at least 16 characters']);
  }
  const destinationPaths = [
    ...(c.destinations ?? []).map((_, i) => `destinations.${i}`),
    ...fromReceivers.paths,
  ];
  const secretPath = (i: number, j: number): string => (fromEnv ? SECRET_ENV : sourceSecrets[i]![j]!.path);
  const secretProblems = signingSecretProblems(config, secretPath, (i) => destinationPaths[i]!);
  if (secretProblems.length > 0) throw invalid(secretProblems);
  return config;
}
