import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SIGNALS } from '@trackerkit/core';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type RouteInput, routeSchema } from '../../src/config/config-schema.ts';
import { normalizeRoute } from '../../src/config/normalize-route.ts';
import type { AlertEvent } from '../../src/events/types.ts';
import { alertLabels } from '../../src/router/label-matcher.ts';
import { matchRouteTree } from '../../src/router/match-route-tree.ts';
import { exampleAlert, exampleResolved } from '../helpers/alerts.ts';

// Alertmanager's own routing (Debian's prometheus-alertmanager ships amtool) against the
// receiver's, on random trees and alerts: same receivers, same order.
const AMTOOL = spawnSync('amtool', ['--version'], { stdio: 'ignore' }).status === 0;
const CASES = 1000;
const SEED = 20_260_610;
const run = promisify(execFile);

const RECEIVERS = ['r0', 'r1', 'r2', 'r3', 'r4'];
// Values the alerts take, tricky ones included: spaces, quotes, a backslash, a comma, non-ASCII.
const VALUES = {
  tracker_id: ['trk_a', 'trk_b', 'trk_c1'],
  tracker_name: ['ACME supplier risk', 'ACME "quoted" name', 'Zürich ops', 'Acme, Inc.', 'back\\slash'],
  space_id: ['spc_1', 'spc_2'],
  signal: [...SIGNALS],
  bound: ['lower', 'upper', 'none'],
  event: ['tracker.alert', 'tracker.alert.resolved'],
  score: ['0', '3', '7', '10'],
} as const;
type LabelName = keyof typeof VALUES;
const LABEL_NAMES = Object.keys(VALUES) as LabelName[];

const escapeValue = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const regexEscape = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regex over a label's values: literal, alternation, prefix, class, or one that matches any. */
const regexFor = (name: LabelName) =>
  fc.oneof(
    fc.constantFrom(...VALUES[name]).map(regexEscape),
    fc
      .tuple(fc.constantFrom(...VALUES[name]), fc.constantFrom(...VALUES[name]))
      .map(([a, b]) => `${regexEscape(a)}|${regexEscape(b)}`),
    fc.constantFrom(...VALUES[name]).map((v) => `${regexEscape(v.slice(0, 2))}.*`),
    fc.constantFrom('.*', '.+', '[A-Z].*', '[a-z_]+', 't.*', '.*e.*', '[0-9]'),
  );

const matcherArb = fc.constantFrom(...LABEL_NAMES, 'nothing' as const).chain((name) =>
  fc.constantFrom('=', '!=', '=~', '!~').chain((op) => {
    const value =
      name === 'nothing'
        ? fc.constantFrom('', 'x')
        : op === '=' || op === '!='
          ? fc.oneof(fc.constantFrom(...VALUES[name]), fc.constant('other'))
          : regexFor(name);
    return fc.tuple(value, fc.boolean()).map(([v, quote]) =>
      // Unquoted only where Alertmanager's grammar allows it unchanged.
      quote || !/^[\w.|*+-]+$/.test(v) ? `${name}${op}"${escapeValue(v)}"` : `${name}${op}${v}`,
    );
  }),
);

const routeArb = (depth: number): fc.Arbitrary<RouteInput> =>
  fc
    .record({
      destination: fc.option(fc.constantFrom(...RECEIVERS), { nil: undefined }),
      matchers: fc.array(matcherArb, { maxLength: 3 }),
      continue: fc.boolean(),
      routes: depth >= 3 ? fc.constant<RouteInput[]>([]) : fc.array(routeArb(depth + 1), { maxLength: 3 }),
    })
    .map(({ destination, matchers, routes, ...rest }) => ({
      ...rest,
      ...(destination ? { destination } : {}),
      ...(matchers.length ? { matchers } : {}),
      ...(routes.length ? { routes } : {}),
    }));

const treeArb = fc
  .record({
    destination: fc.constantFrom(...RECEIVERS),
    routes: fc.array(routeArb(1), { minLength: 1, maxLength: 4 }),
  })
  .map((root): RouteInput => root);

const alertArb: fc.Arbitrary<AlertEvent> = fc
  .record({
    resolved: fc.boolean(),
    tracker_id: fc.constantFrom(...VALUES.tracker_id),
    tracker_name: fc.constantFrom(...VALUES.tracker_name),
    space_id: fc.constantFrom(...VALUES.space_id),
    signal: fc.constantFrom(...SIGNALS),
    bound: fc.constantFrom('lower' as const, 'upper' as const, null),
    score: fc.constantFrom(0, 3, 7, 10),
  })
  .map(({ resolved, ...data }) =>
    resolved ? exampleResolved({ ...data, bound: null }) : exampleAlert(data),
  );

/** Alertmanager's configuration for the same tree: `destination` is its `receiver`. */
function toAlertmanager(route: RouteInput): Record<string, unknown> {
  return {
    ...(route.destination ? { receiver: route.destination } : {}),
    ...(route.matchers ? { matchers: route.matchers } : {}),
    ...(route.continue ? { continue: true } : {}),
    ...(route.routes ? { routes: route.routes.map(toAlertmanager) } : {}),
  };
}

async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

const dir = mkdtempSync(join(tmpdir(), 'tk-amtool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!AMTOOL)(
  `routing agrees with Alertmanager's amtool${AMTOOL ? '' : ' (skipped: amtool not found; apt-get install prometheus-alertmanager)'}`,
  () => {
    it(`${CASES} random route trees and alerts: amtool config routes test picks the same receivers in the same order`, async () => {
      const cases = fc.sample(fc.tuple(treeArb, alertArb), { numRuns: CASES, seed: SEED });
      const nowMs = Date.UTC(2026, 0, 5, 12);
      const started = performance.now();
      let multiple = 0;
      let beyondRoot = 0;
      const disagreements = await pool(
        cases.map((c, i) => ({ i, tree: c[0], event: c[1] })),
        Math.max(2, Math.min(8, availableParallelism())),
        async ({ i, tree, event }) => {
          const node = normalizeRoute(routeSchema.parse(tree));
          const ours = matchRouteTree(node, event, nowMs)
            .flatMap((m) => m.destinations)
            .join(',');
          const file = join(dir, `case-${i}.yml`);
          writeFileSync(
            file,
            stringify({ route: toAlertmanager(tree), receivers: RECEIVERS.map((name) => ({ name })) }),
          );
          const labels = Object.entries(alertLabels(event)).map(([k, v]) => `${k}="${escapeValue(v)}"`);
          const args = ['config', 'routes', 'test', `--config.file=${file}`, `--verify.receivers=${ours}`];
          const answer = await run('amtool', [...args, '--', ...labels]).then(
            (r) => ({ ok: true, out: r.stdout }),
            (e: { stdout?: string; stderr?: string }) => ({ ok: false, out: `${e.stdout}${e.stderr}` }),
          );
          const theirs = answer.out.split('\n')[0]!.trim();
          if (ours.includes(',')) multiple++;
          if (ours !== tree.destination) beyondRoot++;
          return answer.ok && theirs === ours
            ? null
            : { case: i, ours, theirs: answer.out.trim(), labels, config: stringify(toAlertmanager(tree)) };
        },
      );
      const failed = disagreements.filter((d) => d !== null);
      const seconds = (performance.now() - started) / 1000;
      console.info(
        `amtool differential: ${CASES} cases in ${seconds.toFixed(1)} s, ${failed.length} disagreements ` +
          `(${multiple} routed to several receivers, ${beyondRoot} not just to the root's)`,
      );
      // The generator must exercise continue and nested routes, not only the root.
      expect(multiple).toBeGreaterThan(CASES / 10);
      expect(beyondRoot).toBeGreaterThan(CASES / 4);
      expect(failed.slice(0, 3)).toEqual([]);
      // 1,000 amtool processes: about 16 s on an idle machine, several times that on a busy one.
    }, 300_000);
  },
);
