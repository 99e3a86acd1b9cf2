// What the outbox needs of a logger and a metrics registry, declared in the delivery layer so a
// test or an embedder can hand in any that has these methods: telemetry's Logger and Metrics have
// them and the server hands those in as they are.

type Fields = Record<string, unknown>;

export interface OutboxLog {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
}

export interface OutboxMetrics {
  inc(name: string, labels?: Record<string, string>): void;
  observe(name: string, seconds: number, labels?: Record<string, string>): void;
  set(name: string, value: number, labels?: Record<string, string>): void;
  declare(name: string, labels?: Record<string, string>): void;
}
