// Alerts in Alertmanager's own shape (its API v2 `postableAlert`), as Prometheus, amtool or
// another Alertmanager post them to `POST /api/v2/alerts`. Each is stored as an event of its own
// type beside the tracker's events and routed on its labels, exactly as given.

/** The stored event type of an alert posted to `/api/v2/alerts`. */
export const ALERTMANAGER_ALERT = 'alertmanager.alert';
/** The source those alerts are stored under (they carry no signature: the API's token guards them). */
export const ALERTMANAGER_SOURCE = 'alertmanager-api';
/**
 * Alertmanager's default `global.resolve_timeout`: an alert posted without an end ends this long
 * after it was posted, unless posted again.
 */
export const RESOLVE_TIMEOUT_MS = 5 * 60_000;

export interface AlertmanagerAlertData {
  status: 'firing' | 'resolved';
  labels: Record<string, string>;
  annotations: Record<string, string>;
  /** RFC 3339. */
  startsAt: string;
  /**
   * RFC 3339. When the sender gave none, the receipt time plus `resolve_timeout` (and `timeout`
   * is set), as Alertmanager's API sets it. Null only in bodies stored by earlier versions, whose
   * alerts fired until resolved.
   */
  endsAt: string | null;
  /** The end is `resolve_timeout`'s, not the sender's: a later explicit end replaces it (Alertmanager's `Timeout`). */
  timeout?: true;
  generatorURL: string;
  /** Alertmanager's fingerprint of `labels` (`labelsFingerprint`). */
  fingerprint: string;
}

export interface AlertmanagerAlertEvent {
  // Stored and routed as any event the document does not define (`UnknownEvent`) is.
  [key: string]: unknown;
  type: typeof ALERTMANAGER_ALERT;
  /** When the receiver took it (RFC 3339). */
  timestamp: string;
  data: AlertmanagerAlertData;
}

/** Whether a stored event is an alert posted to `/api/v2/alerts`. */
export function isAlertmanagerAlert(event: {
  type: unknown;
  data?: unknown;
}): event is AlertmanagerAlertEvent {
  const data = event.data as { labels?: unknown } | null | undefined;
  return (
    event.type === ALERTMANAGER_ALERT &&
    typeof data === 'object' &&
    data !== null &&
    typeof data.labels === 'object' &&
    data.labels !== null
  );
}

const SEPARATOR = 0xff;
const utf8 = new TextEncoder();

/**
 * Alertmanager's alert identity (Prometheus' `LabelSet.Fingerprint`): 64-bit FNV-1a over each
 * label name and value, sorted by name, each followed by the byte 0xff; 16 hex digits.
 * The 64-bit state is two 32-bit halves in plain numbers: a BigInt allocated per byte costs
 * more than the rest of an alert's handling, and every alert is fingerprinted. The prime is 2^40 + 0x1b3, so a step is the state times 0x1b3 plus
 * the low half shifted into the high one by 8 bits; every product stays below 2^53.
 */
export function labelsFingerprint(labels: Readonly<Record<string, string>>): string {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  const add = (byte: number) => {
    lo ^= byte;
    const low = (lo >>> 0) * 0x1b3;
    hi = (hi * 0x1b3 + ((lo << 8) >>> 0) + Math.floor(low / 0x1_0000_0000)) >>> 0;
    lo = low >>> 0;
  };
  for (const name of Object.keys(labels).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const text of [name, labels[name]!]) {
      for (const byte of utf8.encode(text)) add(byte);
      add(SEPARATOR);
    }
  }
  return hi.toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

// Prometheus' label names (model.LabelNameRE, as Alertmanager 0.25 validates them).
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
// In unicode mode a surrogate matches only when it is alone: text no UTF-8 encoder can write.
const LONE_SURROGATE = /\p{Cs}/u;
// Go's zero time, which amtool and Go clients send for a time they leave unset.
const GO_ZERO_TIME = Date.UTC(1, 0, 1);

function labelSet(value: unknown, field: string, problems: string[]): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${field}: must be an object of names to string values`);
    return {};
  }
  // No prototype: `__proto__` is a valid label name and must stay a label.
  const out = Object.create(null) as Record<string, string>;
  for (const [name, v] of Object.entries(value)) {
    if (!LABEL_NAME.test(name)) {
      problems.push(`${field}.${name}: invalid name (letters, digits and _, not starting with a digit)`);
    } else if (typeof v !== 'string') {
      problems.push(`${field}.${name}: must be a string`);
    } else if (LONE_SURROGATE.test(v)) {
      problems.push(`${field}.${name}: not valid UTF-8 (a lone surrogate)`);
    } else if (v !== '') {
      // Alertmanager drops empty values: a label with an empty value is no label.
      out[name] = v;
    }
  }
  return out;
}

function time(value: unknown, field: string, problems: string[]): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const t = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(t)) {
    problems.push(`${field}: must be an RFC 3339 date-time such as 2030-01-02T15:04:05Z`);
    return undefined;
  }
  return t <= GO_ZERO_TIME ? undefined : t;
}

export interface PostedAlert {
  event: AlertmanagerAlertEvent;
  firing: boolean;
  startsAtMs: number;
}

/**
 * The body of `POST /api/v2/alerts` (Alertmanager's postableAlerts), as Alertmanager's API reads
 * it: a missing start is the end (or now), a missing end is now plus `resolveTimeoutMs` (marked
 * `timeout`), empty label values are dropped, and an alert must keep one label. Each alert is
 * judged alone, so the valid ones can be taken while the others are refused, each problem naming
 * its field (`alerts.1.labels: ...`). An end not after `now` resolves the alert.
 */
export function parsePostableAlerts(
  body: unknown,
  now: number,
  resolveTimeoutMs: number = RESOLVE_TIMEOUT_MS,
): { alerts: PostedAlert[]; problems: string[] } {
  if (!Array.isArray(body)) {
    return { alerts: [], problems: ['(body): must be a JSON array of alerts (Alertmanager postableAlerts)'] };
  }
  const alerts: PostedAlert[] = [];
  const problems: string[] = [];
  body.forEach((entry, i) => {
    const at = `alerts.${i}`;
    const mine: string[] = [];
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push(`${at}: must be an object with labels`);
      return;
    }
    const e = entry as Record<string, unknown>;
    if (e.labels === undefined) mine.push(`${at}.labels: required`);
    const labels = labelSet(e.labels, `${at}.labels`, mine);
    if (e.labels !== undefined && Object.keys(labels).length === 0 && mine.length === 0)
      mine.push(`${at}.labels: at least one label pair required`);
    const annotations = labelSet(e.annotations, `${at}.annotations`, mine);
    const givenEnd = time(e.endsAt, `${at}.endsAt`, mine);
    const startsAt = time(e.startsAt, `${at}.startsAt`, mine) ?? givenEnd ?? now;
    const endsAt = givenEnd ?? now + resolveTimeoutMs;
    if (endsAt < startsAt) mine.push(`${at}.endsAt: start time must be before end time`);
    if (e.generatorURL !== undefined && typeof e.generatorURL !== 'string')
      mine.push(`${at}.generatorURL: must be a string (a URL)`);
    if (mine.length > 0) {
      problems.push(...mine);
      return;
    }
    const firing = endsAt > now;
    alerts.push({
      firing,
      startsAtMs: startsAt,
      event: {
        type: ALERTMANAGER_ALERT,
        timestamp: new Date(now).toISOString(),
        data: {
          status: firing ? 'firing' : 'resolved',
          labels,
          annotations,
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(endsAt).toISOString(),
          ...(givenEnd === undefined ? { timeout: true as const } : {}),
          generatorURL: typeof e.generatorURL === 'string' ? e.generatorURL : '',
          fingerprint: labelsFingerprint(labels),
        },
      },
    });
  });
  return { alerts, problems };
}
