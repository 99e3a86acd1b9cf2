import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SIGNALS } from '@trackerkit/core';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadConfig } from '../../src/config/load-config.ts';
import type { AlertEvent } from '../../src/events/types.ts';
import { alertLabels } from '../../src/router/label-matcher.ts';
import { matchRouteTree } from '../../src/router/match-route-tree.ts';
import { exampleAlert, exampleResolved, SECRET } from '../helpers/alerts.ts';
import { RE2_MATCHES, RE2_REFUSED } from '../helpers/re2-cases.ts';

// Alertmanager's own routing (Debian's prometheus-alertmanager ships amtool) against the
// receiver's, on random trees and alerts: the same alertmanager.yml file goes to both, and both
// must pick the same receivers in the same order, or both refuse the file. The matchers use what
// Go's RE2 and JavaScript's RegExp disagree on: inline flags, POSIX classes, ASCII \s \d \w
// against U+00A0 and non-ASCII digits, anchoring, and expressions RE2 refuses.
const AMTOOL = spawnSync('amtool', ['--version'], { stdio: 'ignore' }).status === 0;
const CASES = 1200;
const SEED = 20_260_610;
const run = promisify(execFile);
const env = { TRACKERKIT_WEBHOOKS_SECRET: SECRET };

const RECEIVERS = ['r0', 'r1', 'r2', 'r3', 'r4'];
// Values the alerts take, tricky ones included: spaces (a no-break one and a tab), quotes, a
// backslash, a comma, non-ASCII letters and digits (Arabic-Indic and full-width threes).
const VALUES = {
  tracker_id: ['trk_a', 'trk_b', 'trk_3', 'trk_\u0663', 'trk_\uff13'],
  tracker_name: [
    'ACME supplier risk',
    'acme prod',
    'acme\u00a0prod',
    'acme\tprod',
    'ACME "quoted" name',
    'Zürich ops',
    'Acme, Inc.',
    'back\\slash',
  ],
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

/** Expressions where Go's RE2 and JavaScript part ways, each over the labels it can match. */
const GENERIC = ['(?s).*', '(?U).+', '\\w+', '[[:alpha:]]+', '[^[:space:]]+', '.*\\s.*', '[[:upper:]].*'];
const RE2_CONSTRUCTS: Record<LabelName, string[]> = {
  tracker_name: [
    '(?i)acme.*',
    '(?i)ACME PROD',
    '(?i:A)cme.*',
    '[[:lower:]]+[[:space:]][[:lower:]]+',
    'acme\\sprod',
    'acme\\s+prod',
    'acme\\Sprod',
    'acme[[:space:]]prod',
    'acme.prod',
    '\\pL+ \\pL+',
    '(?i)zürich.*',
    '\\Qacme prod\\E',
    // Anchoring: Alertmanager writes ^(?:value)$, and a value may close that group itself.
    'acme',
    'prod',
    '.*prod',
    'x)|(.*prod',
    ...GENERIC,
  ],
  tracker_id: [
    'trk_\\d',
    'trk_\\d+',
    'trk_[[:digit:]]',
    'trk_\\pN',
    'trk_\\w+',
    'trk_.)|(trk_a',
    '(?P<n>trk)_.*',
    ...GENERIC,
  ],
  signal: ['(?i)poor|negative', '(?i)POOR', '[[:upper:]][[:lower:]]+', ...GENERIC],
  space_id: ['spc_\\d', '(?i)SPC_1', ...GENERIC],
  bound: ['(?i)LOWER|upper', '[[:lower:]]{4,5}', ...GENERIC],
  event: ['tracker\\.alert(\\.resolved)?', '(?i)TRACKER\\..*', ...GENERIC],
  score: ['\\d', '\\d+', '[[:digit:]]{2}', ...GENERIC],
};
const ALL_CONSTRUCTS = [...new Set(Object.values(RE2_CONSTRUCTS).flat())];
/** Expressions Go's RE2 refuses (amtool 0.25 too): the whole file must be refused. */
const RE2_REFUSALS = ['(?=acme).*', '(a)\\1', '(?<n>trk).*', 'a{1001}', '[[:foo:]]', '\\C', 'x**', '(?<!a)b'];

/** A regex over a label's values: literal, alternation, prefix, class, RE2's own, now and then a refused one. */
const regexFor = (name: LabelName) =>
  fc.oneof(
    { weight: 30, arbitrary: fc.constantFrom(...VALUES[name]).map(regexEscape) },
    {
      weight: 20,
      arbitrary: fc
        .tuple(fc.constantFrom(...VALUES[name]), fc.constantFrom(...VALUES[name]))
        .map(([a, b]) => `${regexEscape(a)}|${regexEscape(b)}`),
    },
    { weight: 20, arbitrary: fc.constantFrom(...VALUES[name]).map((v) => `${regexEscape(v.slice(0, 2))}.*`) },
    { weight: 10, arbitrary: fc.constantFrom('.*', '.+', '[A-Z].*', '[a-z_]+', 't.*', '.*e.*', '[0-9]') },
    { weight: 60, arbitrary: fc.constantFrom(...RE2_CONSTRUCTS[name]) },
    { weight: 2, arbitrary: fc.constantFrom(...RE2_REFUSALS) },
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

interface AmRoute {
  receiver?: string;
  matchers?: string[];
  match_re?: Record<string, string>;
  continue?: boolean;
  routes?: AmRoute[];
}

const routeArb = (depth: number): fc.Arbitrary<AmRoute> =>
  fc
    .record({
      receiver: fc.option(fc.constantFrom(...RECEIVERS), { nil: undefined }),
      matchers: fc.array(matcherArb, { maxLength: 3 }),
      // Alertmanager's deprecated form now and then: a label → regex map.
      matchRe: fc.option(
        fc
          .constantFrom(...LABEL_NAMES)
          .chain((name) => fc.tuple(fc.constant(name), fc.constantFrom(...RE2_CONSTRUCTS[name]))),
        { nil: undefined, freq: 8 },
      ),
      continue: fc.boolean(),
      routes: depth >= 3 ? fc.constant<AmRoute[]>([]) : fc.array(routeArb(depth + 1), { maxLength: 3 }),
    })
    .map(({ receiver, matchers, matchRe, routes, continue: cont }) => ({
      ...(receiver ? { receiver } : {}),
      ...(matchers.length ? { matchers } : {}),
      ...(matchRe ? { match_re: { [matchRe[0]]: matchRe[1] } } : {}),
      ...(cont ? { continue: true } : {}),
      ...(routes.length ? { routes } : {}),
    }));

const treeArb = fc
  .record({
    receiver: fc.constantFrom(...RECEIVERS),
    routes: fc.array(routeArb(1), { minLength: 1, maxLength: 4 }),
  })
  .map((root): AmRoute => root);

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

/** Every matcher and match_re expression of a tree, as written. */
const matcherTexts = (route: AmRoute): string[] => [
  ...(route.matchers ?? []),
  ...Object.values(route.match_re ?? {}),
  ...(route.routes ?? []).flatMap(matcherTexts),
];

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
const parallel = Math.max(2, Math.min(8, availableParallelism()));

/** amtool's answer: the receivers it routes to, or that it refused the file (and why). */
async function amtool(args: string[]): Promise<{ refused: string } | { receivers: string }> {
  const answer = await run('amtool', args).then(
    (r) => ({ stdout: r.stdout, stderr: r.stderr }),
    (e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
  );
  const refused = /amtool: error: (.*)/.exec(answer.stderr);
  return refused ? { refused: refused[1]! } : { receivers: answer.stdout.split('\n')[0]!.trim() };
}

/** The receiver's answer for the same file: the receivers it routes to, or that `check` refused it. */
function ours(file: string, event: AlertEvent): { refused: string } | { receivers: string } {
  try {
    const config = loadConfig(file, { env });
    return {
      receivers: matchRouteTree(config.route, event)
        .map((m) => m.receiver)
        .join(','),
    };
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

describe.skipIf(!AMTOOL)(
  `routing agrees with Alertmanager's amtool${AMTOOL ? '' : ' (skipped: amtool not found; apt-get install prometheus-alertmanager)'}`,
  () => {
    it(`${CASES} random alertmanager.yml trees and alerts: amtool config routes test picks the same receivers in the same order`, async () => {
      const cases = fc.sample(fc.tuple(treeArb, alertArb), { numRuns: CASES, seed: SEED });
      const started = performance.now();
      const seen = { multiple: 0, beyondRoot: 0, refusedByBoth: 0, re2: 0 };
      const results = await pool(
        cases.map((c, i) => ({ i, tree: c[0], event: c[1] })),
        parallel,
        async ({ i, tree, event }) => {
          const file = join(dir, `case-${i}.yml`);
          writeFileSync(file, stringify({ route: tree, receivers: RECEIVERS.map((name) => ({ name })) }));
          const mine = ours(file, event);
          const labels = Object.entries(alertLabels(event)).map(([k, v]) => `${k}="${escapeValue(v)}"`);
          const verify = 'receivers' in mine ? mine.receivers : '';
          const theirs = await amtool([
            'config',
            'routes',
            'test',
            `--config.file=${file}`,
            `--verify.receivers=${verify}`,
            '--',
            ...labels,
          ]);
          const text = stringify(tree);
          const written = matcherTexts(tree);
          if (ALL_CONSTRUCTS.some((c) => written.some((w) => w.includes(c) || w.includes(escapeValue(c)))))
            seen.re2++;
          if ('refused' in mine && 'refused' in theirs) {
            seen.refusedByBoth++;
            return null;
          }
          if ('receivers' in mine && 'receivers' in theirs && mine.receivers === theirs.receivers) {
            if (mine.receivers.includes(',')) seen.multiple++;
            if (mine.receivers !== tree.receiver) seen.beyondRoot++;
            return null;
          }
          return { case: i, ours: mine, theirs, labels, config: text };
        },
      );
      const failed = results.filter((d) => d !== null);
      const seconds = (performance.now() - started) / 1000;
      console.info(
        `amtool differential: ${CASES} trees in ${seconds.toFixed(1)} s, ${failed.length} disagreements ` +
          `(${seen.multiple} routed to several receivers, ${seen.beyondRoot} not just to the root's, ` +
          `${seen.re2} with RE2 constructs, ${seen.refusedByBoth} refused by both)`,
      );
      // The generator must exercise continue, nested routes, RE2's constructs and its refusals.
      expect(seen.multiple).toBeGreaterThan(CASES / 20);
      expect(seen.beyondRoot).toBeGreaterThan(CASES / 4);
      expect(seen.re2).toBeGreaterThan(CASES / 2);
      // Some trees both refuse (RE2's refusals); at least 1,000 are routed by both.
      expect(seen.refusedByBoth).toBeGreaterThan(10);
      expect(CASES - seen.refusedByBoth).toBeGreaterThanOrEqual(1000);
      // Disagreements include trees amtool accepts and the receiver refuses, and the reverse.
      expect(failed.slice(0, 3)).toEqual([]);
      // 1,200 amtool processes: about 20 s on an idle machine, several times that on a busy one.
    }, 600_000);

    it("the RE2 table the unit tests hold the matchers to is Go's own answer", async () => {
      const table = [
        ...RE2_MATCHES.map(([name, { given, want }]) => ({ name, matcher: given[0], value: given[1], want })),
        ...RE2_REFUSED.map(([name, { given }]) => ({
          name,
          matcher: given,
          value: '',
          want: 'refused' as const,
        })),
      ];
      const wrong = await pool(
        table.map((t, i) => ({ ...t, i })),
        parallel,
        async (t) => {
          const file = join(dir, `re2-${t.i}.yml`);
          writeFileSync(
            file,
            stringify({
              route: { receiver: 'miss', routes: [{ receiver: 'hit', matchers: [t.matcher] }] },
              receivers: [{ name: 'miss' }, { name: 'hit' }],
            }),
          );
          const theirs = await amtool([
            'config',
            'routes',
            'test',
            `--config.file=${file}`,
            '--',
            `x="${escapeValue(t.value)}"`,
          ]);
          const got = 'refused' in theirs ? 'refused' : theirs.receivers === 'hit';
          return got === t.want ? null : { case: t.name, want: t.want, amtool: theirs };
        },
      );
      expect(wrong.filter((w) => w !== null)).toEqual([]);
    }, 120_000);
  },
);
