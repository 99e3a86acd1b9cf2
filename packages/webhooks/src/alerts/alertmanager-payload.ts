import type { Labels } from './alert-identity.ts';
import type { AlertSummary } from './format-alert.ts';

/** One alert of a group notification, as the group held it when the notification was made. */
export interface NotifiedAlert {
  fingerprint: string;
  labels: Labels;
  annotations: Labels;
  /** Epoch ms. */
  startsAt: number;
  /** Epoch ms it resolved at; null while firing. */
  endsAt: number | null;
  generatorURL: string;
  summary: AlertSummary;
}

/**
 * One notification of one aggregation group to one destination (Alertmanager's flush through a
 * receiver's integration): the group's alerts in Alertmanager's order, those a silence, an inhibit
 * rule or `send_resolved: false` left out already left out.
 */
export interface GroupNotification {
  /** Alertmanager's receiver name (the route's `receiver`, else the destination's name). */
  receiver: string;
  /** Alertmanager's group key: the route's key and the group labels, `{}:{space_id="a"}`. */
  groupKey: string;
  groupLabels: Labels;
  /** The group's flush time (epoch ms): an alert resolved by then is `resolved`. */
  at: number;
  alerts: NotifiedAlert[];
}

/** Alertmanager's webhook body, version 4 (notify/webhook Message; template.Data). */
export interface WebhookMessage {
  receiver: string;
  status: 'firing' | 'resolved';
  alerts: Array<{
    status: 'firing' | 'resolved';
    labels: Labels;
    annotations: Labels;
    startsAt: string;
    endsAt: string;
    generatorURL: string;
    fingerprint: string;
  }>;
  groupLabels: Labels;
  commonLabels: Labels;
  commonAnnotations: Labels;
  externalURL: string;
  version: '4';
  groupKey: string;
  truncatedAlerts: number;
}

/** Go's string order: UTF-8 bytes (code points), which UTF-16 comparison is not beyond the BMP. */
export function compareGo(a: string, b: string): number {
  return a === b ? 0 : Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** A label map with its keys in Go's order, as encoding/json writes a map. */
function sorted(labels: Labels): Labels {
  const out: Labels = {};
  for (const name of Object.keys(labels).sort(compareGo)) out[name] = labels[name]!;
  return out;
}

/**
 * Go's time.Time in JSON (RFC 3339 with nanoseconds, trailing zeros cut, UTC as `Z`); the zero
 * time, `0001-01-01T00:00:00Z`, for none (a firing alert's `endsAt`).
 */
export function goTime(ms: number | null): string {
  if (ms === null) return '0001-01-01T00:00:00Z';
  const iso = new Date(ms).toISOString();
  return iso.replace(/\.(\d{3})Z$/, (_, frac: string) => {
    const cut = frac.replace(/0+$/, '');
    return cut === '' ? 'Z' : `.${cut}Z`;
  });
}

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
const ESCAPES: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '"': '\\"',
  '\\': '\\\\',
};

/** Go's strconv.Quote (`%q`): printable characters as they are, the rest escaped. */
function goQuote(text: string): string {
  let out = '"';
  for (const c of text) {
    const escaped = ESCAPES[c];
    if (escaped) out += escaped;
    else if (PRINTABLE.test(c)) out += c;
    else {
      const cp = c.codePointAt(0)!;
      out +=
        cp < 0x80
          ? `\\x${cp.toString(16).padStart(2, '0')}`
          : cp < 0x10000
            ? `\\u${cp.toString(16).padStart(4, '0')}`
            : `\\U${cp.toString(16).padStart(8, '0')}`;
    }
  }
  return `${out}"`;
}

/** Prometheus' LabelSet.String(): `{a="1", b="2"}`, names sorted; the group part of a group key. */
function labelSetString(labels: Labels): string {
  return `{${Object.keys(labels)
    .sort(compareGo)
    .map((name) => `${name}=${goQuote(labels[name]!)}`)
    .join(', ')}}`;
}

/** Alertmanager's group key: its route's `Key()` and the group labels. */
export function groupKeyOf(routeKey: string, groupLabels: Labels): string {
  return `${routeKey}:${labelSetString(groupLabels)}`;
}

/** Prometheus' LabelSet.Before: fewer labels first, then by the values of the names in order. */
export function labelSetBefore(a: Labels, b: Labels): boolean {
  const an = Object.keys(a);
  const bn = Object.keys(b);
  if (an.length !== bn.length) return an.length < bn.length;
  for (const name of [...an, ...bn].sort(compareGo)) {
    if (!(name in a)) return true;
    if (!(name in b)) return false;
    const c = compareGo(a[name]!, b[name]!);
    if (c !== 0) return c < 0;
  }
  return false;
}

/**
 * Alertmanager's AlertSlice order, the order of a notification's alerts: by the `job` label, then
 * `instance` (an alert with one before one without), then by label set (`labelSetBefore`).
 */
export function compareAlerts(a: { labels: Labels }, b: { labels: Labels }): number {
  for (const key of ['job', 'instance']) {
    const av = a.labels[key];
    const bv = b.labels[key];
    if (av === undefined && bv === undefined) continue;
    if (av === undefined) return 1;
    if (bv === undefined) return -1;
    if (av !== bv) return compareGo(av, bv);
  }
  if (labelSetBefore(a.labels, b.labels)) return -1;
  return labelSetBefore(b.labels, a.labels) ? 1 : 0;
}

/** Go's regexp.QuoteMeta, which Alertmanager applies to the receiver name in template data. */
export function quoteMeta(text: string): string {
  return text.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}

export interface WebhookOptions {
  /** This receiver's public URL (Alertmanager's --web.external-url). */
  externalURL: string;
  /** Alertmanager's `max_alerts`: at most this many alerts, the rest counted in `truncatedAlerts`; 0 all. */
  maxAlerts: number;
}

/** Labels every alert has with the same value (Alertmanager's common labels and annotations). */
function common(maps: Labels[]): Labels {
  if (maps.length === 0) return {};
  const out: Labels = { ...maps[0] };
  for (const map of maps.slice(1))
    for (const [name, value] of Object.entries(out)) if (map[name] !== value) delete out[name];
  return sorted(out);
}

/**
 * Alertmanager's webhook payload (version 4) for a group notification, field for field: alerts
 * cut to `max_alerts` first (so `status` and the common labels are those of the alerts sent),
 * a firing alert's `endsAt` the zero time, the receiver name regexp-quoted as Alertmanager's
 * template data has it. Pure: the same notification gives the same bytes.
 */
export function webhookMessage(notification: GroupNotification, options: WebhookOptions): WebhookMessage {
  const all = notification.alerts;
  const kept =
    options.maxAlerts > 0 && all.length > options.maxAlerts ? all.slice(0, options.maxAlerts) : all;
  const alerts = kept.map((a) => {
    const resolved = a.endsAt !== null && a.endsAt <= notification.at;
    return {
      status: resolved ? ('resolved' as const) : ('firing' as const),
      labels: sorted(a.labels),
      annotations: sorted(a.annotations),
      startsAt: goTime(a.startsAt),
      endsAt: goTime(resolved ? a.endsAt : null),
      generatorURL: a.generatorURL,
      fingerprint: a.fingerprint,
    };
  });
  return {
    receiver: quoteMeta(notification.receiver),
    status: alerts.some((a) => a.status === 'firing') ? 'firing' : 'resolved',
    alerts,
    groupLabels: sorted(notification.groupLabels),
    commonLabels: common(kept.map((a) => a.labels)),
    commonAnnotations: common(kept.map((a) => a.annotations)),
    externalURL: options.externalURL,
    version: '4',
    groupKey: notification.groupKey,
    truncatedAlerts: all.length - kept.length,
  };
}
