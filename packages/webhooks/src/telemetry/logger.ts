import { cutSecrets } from '../config-common/cut-secrets.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** False when lines at `level` are dropped; lets callers skip building them. Absent means true. */
  isEnabled?(level: Exclude<LogLevel, 'silent'>): boolean;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };
const SECRET_KEY = /secret|token|password|pass$|authorization|signature|routing_key|url|cookie|api[-_]?key/i;

/** Drops the value of any field whose name suggests a secret, at any depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1),
    ]),
  );
}

/**
 * JSON lines. Callers log names and ids, never secrets or destination URLs (which carry
 * tokens for Slack, Discord and Teams); `redact` is the second line of defence.
 */
export function createLogger(options: { level?: LogLevel; write?: (line: string) => void } = {}): Logger {
  const min = ORDER[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stderr.write(line));
  const log =
    (level: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[level] < min) return;
      const entry = { time: new Date().toISOString(), level, msg, ...(redact(fields) as object) };
      write(`${JSON.stringify(entry)}\n`);
    };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    isEnabled: (level) => ORDER[level] >= min,
  };
}

/**
 * Wraps a logger so that no string it writes contains one of `secrets` (configured credentials,
 * such as a token a destination echoed back in an error body).
 */
export function maskSecrets(logger: Logger, secrets: readonly string[]): Logger {
  if (secrets.length === 0) return logger;
  const mask = (value: unknown, depth = 0): unknown => {
    if (typeof value === 'string') return cutSecrets(value, secrets);
    if (depth > 6 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => mask(v, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v, depth + 1)]));
  };
  const isEnabled = (level: Exclude<LogLevel, 'silent'>) => logger.isEnabled?.(level) ?? true;
  // Masking walks every field: not worth doing for a line the logger drops anyway.
  const wrap = (level: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: Record<string, unknown>) => {
    if (!isEnabled(level)) return;
    logger[level](mask(msg) as string, fields && (mask(fields) as Record<string, unknown>));
  };
  return { debug: wrap('debug'), info: wrap('info'), warn: wrap('warn'), error: wrap('error'), isEnabled };
}
