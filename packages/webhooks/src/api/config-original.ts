// `config.original` of `/api/v2/status`: the configuration as Alertmanager 0.25 prints its own
// (`Config.String()`, Go's YAML of the loaded file): every default filled in, secrets as
// `<secret>`, keys in its order, so that amtool (`config show`, `config routes show|test`) and
// Grafana read it as Alertmanager's. A file in this package's earlier words prints as the
// Alertmanager file it stands for.
import type {
  InhibitRuleInput,
  ParsedConfig,
  RouteInput,
  TimeIntervalInput,
} from '../config/config-schema.ts';
import type { Config } from '../config/types.ts';
import { parseDuration } from '../config-common/parse-duration.ts';
import { globExpression } from '../router/glob-to-regexp.ts';
import { compareMatchers, type LabelMatcher, matcherString, parseMatchers } from '../router/label-matcher.ts';
import { listMatcher } from '../router/matches-alert.ts';
import { resolveRouteTree } from '../router/resolve-route-tree.ts';
import type { RouteMatchers, RouteNode } from '../router/types.ts';
import { receiverOf } from './alert-views.ts';
import { goYaml } from './go-yaml.ts';
import { compact, GLOBAL_URLS, httpConfig, printedReceiver, secret, shownUrl } from './original-receivers.ts';

type Printed = Record<string, unknown>;

const AM_UNITS: Array<[string, number, boolean]> = [
  ['y', 31_536_000_000, true],
  ['w', 604_800_000, true],
  ['d', 86_400_000, false],
  ['h', 3_600_000, false],
  ['m', 60_000, false],
  ['s', 1000, false],
  ['ms', 1, false],
];

/** Prometheus' model.Duration.String(): `1h30m`, `90d`, years and weeks only when exact, `0s`. */
export function formatDuration(ms: number): string {
  let left = Math.round(ms);
  if (left === 0) return '0s';
  let out = '';
  for (const [unit, size, exact] of AM_UNITS) {
    if (exact && left % size !== 0) continue;
    const n = Math.floor(left / size);
    if (n > 0) {
      out += `${n}${unit}`;
      left -= n * size;
    }
  }
  return out;
}

const duration = (value: number | string | undefined) =>
  value === undefined ? undefined : formatDuration(parseDuration(value));

/** A Go map[string]string as yaml.v2 writes it: keys sorted; nothing when empty. */
function sortedMap(map: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!map || Object.keys(map).length === 0) return undefined;
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Alertmanager's `Matchers` as it prints them: parsed, sorted, each `name<op>"value"`. */
function printedMatchers(matchers: LabelMatcher[]): string[] | undefined {
  return matchers.length > 0 ? [...matchers].sort(compareMatchers).map(matcherString) : undefined;
}

const strings = (lines: string[] | undefined) => printedMatchers((lines ?? []).flatMap(parseMatchers));

function printedRoute(r: RouteInput): Printed {
  return compact({
    receiver: r.receiver,
    group_by: r.group_by && r.group_by.length > 0 ? r.group_by : undefined,
    match: sortedMap(r.match),
    match_re: sortedMap(r.match_re),
    matchers: Array.isArray(r.matchers) ? strings(r.matchers) : undefined,
    mute_time_intervals: r.mute_time_intervals?.length ? r.mute_time_intervals : undefined,
    active_time_intervals: r.active_time_intervals?.length ? r.active_time_intervals : undefined,
    continue: r.continue ?? false,
    routes: r.routes?.length ? r.routes.map(printedRoute) : undefined,
    group_wait: duration(r.group_wait),
    group_interval: duration(r.group_interval),
    repeat_interval: duration(r.repeat_interval),
  });
}

const printedInhibitRule = (rule: InhibitRuleInput): Printed =>
  compact({
    source_match: sortedMap(rule.source_match),
    source_match_re: sortedMap(rule.source_match_re),
    source_matchers: strings(rule.source_matchers),
    target_match: sortedMap(rule.target_match),
    target_match_re: sortedMap(rule.target_match_re),
    target_matchers: strings(rule.target_matchers),
    equal: rule.equal?.length ? rule.equal : undefined,
  });

function printedInterval(t: TimeIntervalInput): Printed {
  return compact({
    times: t.times?.length
      ? t.times.map((x) => ({ start_time: x.start_time, end_time: x.end_time }))
      : undefined,
    weekdays: t.weekdays?.length ? t.weekdays.map((d) => d.toLowerCase()) : undefined,
    location: t.location === undefined ? undefined : t.location === '' ? 'UTC' : t.location,
  });
}

const intervals = (list: ParsedConfig['time_intervals']) =>
  list?.length
    ? list.map((t) => ({ name: t.name, time_intervals: (t.time_intervals ?? []).map(printedInterval) }))
    : undefined;

/** `global` with Alertmanager's defaults under what the file sets. */
function printedGlobal(g: NonNullable<ParsedConfig['global']>): Printed {
  const url = (key: keyof typeof GLOBAL_URLS) => shownUrl(g[key] ?? GLOBAL_URLS[key], [GLOBAL_URLS[key]]);
  return compact({
    resolve_timeout: duration(g.resolve_timeout ?? '5m'),
    http_config: httpConfig(g.http_config),
    smtp_from: g.smtp_from,
    smtp_hello: g.smtp_hello ?? 'localhost',
    smtp_smarthost: g.smtp_smarthost,
    smtp_auth_username: g.smtp_auth_username,
    smtp_auth_password: secret(g.smtp_auth_password),
    smtp_auth_password_file: g.smtp_auth_password_file,
    smtp_auth_secret: secret(g.smtp_auth_secret),
    smtp_auth_identity: g.smtp_auth_identity,
    smtp_require_tls: g.smtp_require_tls ?? true,
    slack_api_url: secret(g.slack_api_url),
    slack_api_url_file: g.slack_api_url_file,
    pagerduty_url: url('pagerduty_url'),
    opsgenie_api_url: url('opsgenie_api_url'),
    opsgenie_api_key: secret(g.opsgenie_api_key),
    opsgenie_api_key_file: g.opsgenie_api_key_file,
    wechat_api_url: url('wechat_api_url'),
    wechat_api_secret: secret(g.wechat_api_secret),
    wechat_api_corp_id: g.wechat_api_corp_id,
    victorops_api_url: url('victorops_api_url'),
    victorops_api_key: secret(g.victorops_api_key),
    victorops_api_key_file: g.victorops_api_key_file,
    telegram_api_url: url('telegram_api_url'),
    webex_api_url: url('webex_api_url'),
  });
}

/** A file in Alertmanager's words, as Alertmanager prints it. */
function alertmanagerFile(c: ParsedConfig): Printed {
  const global = c.global ?? {};
  const http = httpConfig(global.http_config);
  return compact({
    global: printedGlobal(global),
    route: printedRoute(c.route),
    inhibit_rules: c.inhibit_rules?.length ? c.inhibit_rules.map(printedInhibitRule) : undefined,
    receivers: c.receivers?.length ? c.receivers.map((r) => printedReceiver(r, global, http)) : undefined,
    templates: c.templates ?? [],
    mute_time_intervals: intervals(c.mute_time_intervals),
    time_intervals: intervals(c.time_intervals),
  });
}

/**
 * A route's matchers in Alertmanager's terms: its label matchers, and the earlier words' lists
 * as the regex alternation of their values (a `tracker_name` glob as its expression). A score
 * range has no matcher in Alertmanager's terms and is not printed.
 */
function labelMatchersOf(m: RouteMatchers | undefined): LabelMatcher[] {
  const list = (name: string, values: readonly string[] | undefined) =>
    values ? [listMatcher(name, values)] : [];
  const names = m?.trackerName;
  return [
    ...list('event', m?.event),
    ...list('tracker_id', m?.trackerId),
    ...list('space_id', m?.spaceId),
    ...list('signal', m?.signal),
    ...list('bound', m?.bound),
    ...(names
      ? [{ name: 'tracker_name', op: '=~' as const, value: names.map(globExpression).join('|') }]
      : []),
    ...(m?.labels ?? []),
  ];
}

/**
 * A tree in the earlier words, as the Alertmanager file it stands for: a route's receiver is its
 * destination (several joined by commas, `receiverOf`); every destination is a receiver.
 */
function trackerkitFile(config: Config): Printed {
  const tree = resolveRouteTree(config.route);
  const route = (node: RouteNode, path: string): Printed => {
    const resolved = tree.byPath.get(path);
    const children = node.routes ?? [];
    return compact({
      receiver: node.destinations !== undefined && resolved ? receiverOf(resolved) : undefined,
      group_by: node.groupBy?.length ? node.groupBy : undefined,
      matchers: printedMatchers(labelMatchersOf(node.matchers)),
      continue: node.continue ?? false,
      routes: children.length
        ? children.map((child, i) => route(child, `${path}/${i}${child.name ? `:${child.name}` : ''}`))
        : undefined,
      group_wait: node.groupWaitMs === undefined ? undefined : formatDuration(node.groupWaitMs),
      group_interval: node.groupIntervalMs === undefined ? undefined : formatDuration(node.groupIntervalMs),
      repeat_interval:
        node.repeatIntervalMs === undefined ? undefined : formatDuration(node.repeatIntervalMs),
    });
  };
  const inhibit = (config.inhibitRules ?? []).map((rule) =>
    compact({
      source_matchers: printedMatchers(rule.sourceMatchers),
      target_matchers: printedMatchers(rule.targetMatchers),
      equal: rule.equal.length ? rule.equal : undefined,
    }),
  );
  return compact({
    global: printedGlobal({ resolve_timeout: formatDuration(config.resolveTimeoutMs ?? 300_000) }),
    route: route(config.route, 'root'),
    inhibit_rules: inhibit.length ? inhibit : undefined,
    receivers: configReceivers(config).map((name) => ({ name })),
    templates: [],
  });
}

/**
 * Alertmanager's receivers, as `/api/v2/receivers` lists them: the file's, in its order (one
 * without integrations included); in the earlier words, every destination, then the receivers
 * routes naming several destinations make of them.
 */
export function configReceivers(config: Config): string[] {
  if (config.words === 'alertmanager' && config.parsed?.receivers)
    return config.parsed.receivers.map((r) => r.name);
  const names = new Set(config.destinations.map((d) => d.name));
  for (const route of resolveRouteTree(config.route).byPath.values()) {
    const name = receiverOf(route);
    if (name !== '') names.add(name);
  }
  return [...names];
}

/** The time interval fields Alertmanager's struct tags write in flow style. */
const FLOW_KEYS = new Set(['weekdays', 'days_of_month', 'months', 'years']);

/** The YAML Alertmanager prints (Go's yaml.v2 layout: lists not indented, single quotes). */
export function configOriginal(config: Config): string {
  const file =
    config.words === 'alertmanager' && config.parsed
      ? alertmanagerFile(config.parsed)
      : trackerkitFile(config);
  return goYaml(file, { flowKeys: FLOW_KEYS, leaky: { list: 'time_intervals', field: 'location' } });
}
