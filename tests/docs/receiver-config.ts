// A README's receiver configuration as a reader deploys it: each `{ env: NAME }` it uses set to a
// plausible value, then the real `trackerkit-webhooks check`. Shared by the README checks.
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { compileCacheIn } from '../helpers/compile-cache.ts';
import { run } from './block-processes.ts';

/** The `{ env: NAME }` references of a parsed configuration (comments are not part of it). */
export function envNames(config: unknown): string[] {
  const names = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      if (entries.length === 1 && entries[0]![0] === 'env' && typeof entries[0]![1] === 'string') {
        names.add(entries[0]![1]);
      } else for (const [, child] of entries) walk(child);
    }
  };
  walk(config);
  return [...names].sort();
}

/** What an operator would put in the variable, judged by its name. */
export function plausibleValue(name: string): string {
  if (/SECRET/.test(name)) return `whsec_${Buffer.from(`${name}-docs-check-secret`).toString('base64')}`;
  if (/DATABASE/.test(name)) return 'postgres://trackerkit@127.0.0.1:5432/trackerkit';
  if (/URL/.test(name)) return 'https://hooks.example.test/services/T0/B0/docs-check';
  return `${name.toLowerCase()}-docs-check-value-0123456789`;
}

/** The variable a configuration without `sources` takes the tracker's secret from. */
const SOURCE_SECRET = 'TRACKERKIT_WEBHOOKS_SECRET';

/**
 * Every variable the configuration uses, set, except a rotation's previous secret (`*_PREVIOUS`,
 * `*_OLD`): outside a rotation it stays unset, and the example must hold then too. A file without
 * `sources` (an alertmanager.yml) is deployed with TRACKERKIT_WEBHOOKS_SECRET set: so is it here.
 */
export function plausibleEnv(config: unknown): Record<string, string> {
  const withoutSources = typeof config === 'object' && config !== null && !('sources' in config);
  return Object.fromEntries(
    [...envNames(config), ...(withoutSources ? [SOURCE_SECRET] : [])]
      .filter((name) => !/_(PREVIOUS|OLD)$/.test(name))
      .map((name) => [name, plausibleValue(name)]),
  );
}

/** Enough of a configuration for a fragment (`storage:`, `inhibit_rules:` ...) to be checked in. */
const BASE = {
  sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'TRACKER_WEBHOOK_SECRET' } }],
  destinations: [{ name: 'out', type: 'stdout' }],
  route: { destination: 'out' },
};

/** The YAML to check: the block itself, or a fragment's keys over a minimal configuration. */
export function configText(block: string, fragment: boolean): string {
  return fragment ? stringify({ ...BASE, ...(parse(block) as object) }) : block;
}

const BIN = fileURLToPath(new URL('../../packages/webhooks/src/bin.ts', import.meta.url));

/** `trackerkit-webhooks check --config FILE`: undefined when it passes, else what it said. */
export async function checkReceiverConfig(
  file: string,
  text: string,
  cwd: string,
): Promise<string | undefined> {
  const env = plausibleEnv(parse(text));
  const finished = await run(
    process.execPath,
    ['--conditions=trackerkit-source', BIN, 'check', '--config', file],
    {
      cwd,
      env: { PATH: process.env.PATH, ...compileCacheIn(cwd), ...env },
      timeoutMs: 30_000,
    },
  );
  if (finished.code === 0 && finished.stderr === '') return undefined;
  const set = Object.keys(env).join(', ') || 'none';
  return `trackerkit-webhooks check exited ${finished.code} (variables set: ${set}):\n${finished.stderr}${finished.stdout}`;
}
