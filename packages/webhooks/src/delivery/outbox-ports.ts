// What the outbox needs of a logger and a metrics registry, declared in the delivery layer so it
// imports nothing from the server that wires it (test/unit/layers.test.ts): the server's Logger and
// Metrics have these methods and are handed in as they are.

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
