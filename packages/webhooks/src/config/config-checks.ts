// The rules across fields of a parsed configuration that its schema cannot state: names unique,
// every reference resolving, retention longer than a duplicate can arrive. Each returns its
// problems, so that loadConfig reports every problem of a file in one run.

import { dedupeWindowMs } from '@trackerkit/core/signing';
import { parseDuration } from '../config-common/parse-duration.ts';
import { ROOT_MATCHERS } from '../router/create-router.ts';
import type { MuteWindow } from '../router/types.ts';
import type { ParsedConfig } from './config-schema.ts';
import type { Words } from './config-words.ts';
import { routeDestinations, routeIntervalNames, toWindow } from './normalize-route.ts';

type SourceInput = NonNullable<ParsedConfig['sources']>[number];
/** A configuration whose sources are settled (from the file or the environment). */
type WithSources = ParsedConfig & { sources: SourceInput[] };

/** Destinations and source paths named once, each source's scheme with secrets only if it verifies. */
export function namingProblems(c: WithSources): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  (c.destinations ?? []).forEach((d, i) => {
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
  return problems;
}

/** Every receiver or destination a route or `catch_all` names is defined. */
export function referenceProblems(c: ParsedConfig, words: Words, catchAll: readonly string[]): string[] {
  const names = new Set([...(c.destinations ?? []), ...(c.receivers ?? [])].map((d) => d.name));
  const key = words === 'alertmanager' ? 'receiver' : 'destination';
  const refs = [...routeDestinations(c.route, key), ...catchAll.map((name) => ({ path: 'catch_all', name }))];
  return refs
    .filter((ref) => !names.has(ref.name))
    .map((ref) =>
      words === 'alertmanager'
        ? `${ref.path}: undefined receiver "${ref.name}" used in route`
        : `${ref.path}: unknown destination ${ref.name}`,
    );
}

/** The named time intervals (both of Alertmanager's lists), each name once and every use defined. */
export function timeIntervals(c: ParsedConfig, problems: string[]): Map<string, MuteWindow[]> {
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
  return intervals;
}

/**
 * Alerts kept at least as long as a copy of their delivery can arrive. Dedupe is the stored
 * alert's (source, webhook-id) key: an alert pruned while a copy can still arrive and verify would
 * let that copy in again (the core's window, the one the n8n Alert Trigger keeps ids for). Schemes
 * without a timestamp: the retry span only.
 */
export function retentionProblems(c: WithSources): string[] {
  if (c.retention.alerts === 'forever') return [];
  const keptMs = parseDuration(c.retention.alerts);
  return c.sources.flatMap((s) => {
    const timestamped = s.scheme === 'standard-webhooks' || s.scheme === 'stripe';
    const windowMs = dedupeWindowMs(timestamped ? parseDuration(s.tolerance) / 1000 : 0);
    if (keptMs >= windowMs) return [];
    return [
      `retention.alerts: ${c.retention.alerts} is shorter than the ${windowMs / 1000} s in which source ${s.name}${timestamped ? ` (tolerance ${s.tolerance})` : ''} may receive a copy of a delivery; keep alerts at least that long, or a duplicate is routed again`,
    ];
  });
}

/** The root route names where everything goes, and matches everything. */
export function rootRouteProblems(c: ParsedConfig, words: Words): string[] {
  const problems: string[] = [];
  if (words === 'trackerkit' && c.route.destination === undefined)
    problems.push('route.destination: required on the root route');
  for (const m of ['matchers', 'match', 'match_re'] as const) {
    const given = c.route[m];
    if (given !== undefined && Object.keys(given).length > 0) problems.push(`route.${m}: ${ROOT_MATCHERS}`);
  }
  return problems;
}

export interface SecretAt {
  ref: NonNullable<SourceInput['secret']>;
  /** Where it was written (`sources.0.secrets.1`), which errors name. */
  path: string;
  listed: boolean;
}

/**
 * Each source's secrets with where they were written: `secret` first, then the `secrets` list.
 * An unset variable in the `secrets` list is a rotation not under way (the previous secret's
 * variable is set only while one is): it is left out, as the library's verifyWithFallback does,
 * as long as one secret of the source remains.
 */
export function sourceSecretRefs(c: WithSources, env: NodeJS.ProcessEnv, problems: string[]): SecretAt[][] {
  return c.sources.map((s, i) => {
    const all: SecretAt[] = [
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
}
