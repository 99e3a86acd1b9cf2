type Labels = Record<string, string>;

interface Counter {
  help: string;
  values: Map<string, number>;
}

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];
/** Alertmanager 0.25's buckets for its notification latency (notify/notify.go). */
const ALERTMANAGER_LATENCY_BUCKETS = [1, 5, 10, 15, 20];

const NEEDS_ESCAPE = /[\\"\n]/;

// On every request: no intermediate arrays, and the escaping only for values that need it.
function key(labels: Labels): string {
  let out = '';
  for (const k in labels) {
    const raw = labels[k]!;
    const v = NEEDS_ESCAPE.test(raw)
      ? raw.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
      : raw;
    out += `${out ? ',' : ''}${k}="${v}"`;
  }
  return out;
}

export interface Metrics {
  inc(name: string, labels?: Labels, by?: number): void;
  observe(name: string, seconds: number, labels?: Labels): void;
  /** A counter or histogram series at zero until its first event, as Prometheus clients pre-declare them. */
  declare(name: string, labels?: Labels): void;
  /** Sets a gauge the registry knows (the breaker state); rendered with the ones passed to `render`. */
  set(name: string, value: number, labels?: Labels): void;
  render(gauges?: Record<string, { help: string; values: Array<[Labels, number]> }>): string;
}

const COUNTERS: Record<string, string> = {
  trackerkit_webhooks_received_total: 'Alerts verified and durably stored, by source and event type.',
  trackerkit_webhooks_duplicates_total:
    'Alerts received again under a stored (source, webhook-id); not routed again.',
  trackerkit_webhooks_rejected_total: 'Requests rejected, by source and reason.',
  trackerkit_webhooks_delivered_total: 'Deliveries that reached their destination.',
  trackerkit_webhooks_retried_total: 'Delivery attempts that failed and were scheduled again.',
  trackerkit_webhooks_dead_lettered_total: 'Deliveries moved to the dead-letter state.',
  trackerkit_webhooks_breaker_transitions_total:
    'Circuit breaker state changes, by destination and the states left (from) and entered (to).',
  // Alertmanager 0.25's names, help and labels (notify/notify.go), for the dashboards and alert
  // rules written for it: a notification is a delivery (an alert, or a group's notification),
  // failed when it is dead-lettered; a request is one attempt of it.
  alertmanager_notifications_total: 'The total number of attempted notifications.',
  alertmanager_notifications_failed_total: 'The total number of failed notifications.',
  alertmanager_notification_requests_total: 'The total number of attempted notification requests.',
  alertmanager_notification_requests_failed_total: 'The total number of failed notification requests.',
};
const GAUGES: Record<string, string> = {
  trackerkit_webhooks_breaker_state:
    'Circuit breaker state by destination: 0 closed, 1 half-open (one probe may go), 2 open.',
};
const HISTOGRAMS: Record<string, { help: string; buckets: number[] }> = {
  trackerkit_webhooks_request_duration_seconds: {
    help: 'Time from request to acknowledgement (stored), by source.',
    buckets: BUCKETS,
  },
  trackerkit_webhooks_delivery_latency_seconds: {
    help: 'Time from receipt to successful delivery, by destination.',
    buckets: BUCKETS,
  },
  alertmanager_notification_latency_seconds: {
    help: 'The latency of notifications in seconds.',
    buckets: ALERTMANAGER_LATENCY_BUCKETS,
  },
};

/**
 * A tiny Prometheus text-format registry: counters and histograms with fixed names. One closure
 * over its maps: each method is a few lines, and `render` must see every map the others fill.
 */
export function createMetrics(): Metrics {
  const counters = new Map<string, Counter>(
    Object.entries(COUNTERS).map(([name, help]) => [name, { help, values: new Map() }]),
  );
  const histograms = new Map<
    string,
    {
      help: string;
      bounds: number[];
      series: Map<string, { buckets: number[]; sum: number; count: number }>;
    }
  >(
    Object.entries(HISTOGRAMS).map(([name, { help, buckets }]) => [
      name,
      { help, bounds: buckets, series: new Map() },
    ]),
  );
  const gauges = new Map<string, Counter>(
    Object.entries(GAUGES).map(([name, help]) => [name, { help, values: new Map() }]),
  );
  return {
    inc(name, labels = {}, by = 1) {
      const c = counters.get(name);
      if (!c) throw new Error(`@trackerkit/webhooks: unknown metric ${name}`);
      const k = key(labels);
      c.values.set(k, (c.values.get(k) ?? 0) + by);
    },
    observe(name, seconds, labels = {}) {
      const h = histograms.get(name);
      if (!h) throw new Error(`@trackerkit/webhooks: unknown metric ${name}`);
      const k = key(labels);
      const s = h.series.get(k) ?? { buckets: h.bounds.map(() => 0), sum: 0, count: 0 };
      for (let i = 0; i < h.bounds.length; i++) if (seconds <= h.bounds[i]!) s.buckets[i]! += 1;
      s.sum += seconds;
      s.count += 1;
      if (s.count === 1) h.series.set(k, s);
    },
    declare(name, labels = {}) {
      const k = key(labels);
      const c = counters.get(name);
      if (c) {
        if (!c.values.has(k)) c.values.set(k, 0);
        return;
      }
      const h = histograms.get(name);
      if (!h) throw new Error(`@trackerkit/webhooks: unknown metric ${name}`);
      if (!h.series.has(k)) h.series.set(k, { buckets: h.bounds.map(() => 0), sum: 0, count: 0 });
    },
    set(name, value, labels = {}) {
      const g = gauges.get(name);
      if (!g) throw new Error(`@trackerkit/webhooks: unknown metric ${name}`);
      g.values.set(key(labels), value);
    },
    render(extra = {}) {
      const out: string[] = [];
      for (const [name, c] of counters) {
        out.push(`# HELP ${name} ${c.help}`, `# TYPE ${name} counter`);
        for (const [k, v] of c.values) out.push(`${name}${k ? `{${k}}` : ''} ${v}`);
      }
      for (const [name, h] of histograms) {
        out.push(`# HELP ${name} ${h.help}`, `# TYPE ${name} histogram`);
        for (const [k, s] of h.series) {
          const pre = k ? `${k},` : '';
          for (const [i, b] of h.bounds.entries())
            out.push(`${name}_bucket{${pre}le="${b}"} ${s.buckets[i]}`);
          out.push(`${name}_bucket{${pre}le="+Inf"} ${s.count}`);
          out.push(
            `${name}_sum${k ? `{${k}}` : ''} ${s.sum}`,
            `${name}_count${k ? `{${k}}` : ''} ${s.count}`,
          );
        }
      }
      for (const [name, g] of gauges) {
        out.push(`# HELP ${name} ${g.help}`, `# TYPE ${name} gauge`);
        for (const [k, v] of g.values) out.push(`${name}${k ? `{${k}}` : ''} ${v}`);
      }
      for (const [name, g] of Object.entries(extra)) {
        out.push(`# HELP ${name} ${g.help}`, `# TYPE ${name} gauge`);
        for (const [labels, v] of g.values) {
          const k = key(labels);
          out.push(`${name}${k ? `{${k}}` : ''} ${v}`);
        }
      }
      return `${out.join('\n')}\n`;
    },
  };
}
