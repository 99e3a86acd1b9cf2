// How a receiver's integration reads what the file refers to: secrets inline, from the
// environment or from a `*_file`, URLs, and an http_config's credentials. Every problem found is
// added to one list, and reading goes on, so one run reports every problem of the file.

import type { SecretRef } from '../config-common/schema-parts.ts';
import type { RetryPolicy } from '../config-common/types.ts';
import type { GlobalInput, HttpConfigInput } from './alertmanager-schema.ts';
import { readSecretFile, resolveSecret, resolveUrl } from './resolve-secret.ts';

export interface ReceiversContext {
  env: NodeJS.ProcessEnv;
  /** The directory `*_file` paths are relative to: the configuration file's, as Alertmanager's. */
  baseDir: string;
  retry: RetryPolicy;
  timeoutMs: number;
}

export interface ReceiverReading {
  global: GlobalInput;
  problems: string[];
  secret(ref: SecretRef, at: string): string;
  file(path: string, at: string): string;
  /** `key` or `key_file` of `o` (one of them is set: the schema checked it), else undefined. */
  either(o: object, key: string, at: string): string | undefined;
  /** A URL resolved and checked to be http(s); empty stays empty (another problem says why). */
  url(value: string, at: string): string;
}

export function receiverReading(
  global: GlobalInput,
  ctx: ReceiversContext,
  problems: string[],
): ReceiverReading {
  // An unset variable is already a problem (missingEnvProblems): its value is left empty here, so
  // every other problem of the file is found in the same run.
  const secret = (ref: SecretRef, at: string) =>
    typeof ref === 'string' ? ref : ctx.env[ref.env] ? resolveSecret(ref, at, ctx.env) : '';
  const file = (path: string, at: string): string => {
    const read = readSecretFile(path, at, ctx.baseDir);
    if ('problem' in read) problems.push(read.problem);
    return 'value' in read ? read.value : '';
  };
  return {
    global,
    problems,
    secret,
    file,
    either(o, key, at) {
      const fields = o as Record<string, unknown>;
      if (fields[key] !== undefined) return secret(fields[key] as SecretRef, `${at}.${key}`);
      const path = fields[`${key}_file`];
      return path !== undefined ? file(path as string, `${at}.${key}_file`) : undefined;
    },
    url(value, at) {
      if (value === '') return value;
      try {
        return resolveUrl(value, at, ctx.env);
      } catch (error) {
        problems.push((error as Error).message.replace(/^.*?invalid configuration: /, ''));
        return value;
      }
    },
  };
}

/** The `Authorization` header of an http_config, as Prometheus' HTTP client sends it. */
export function authHeaders(
  read: ReceiverReading,
  h: HttpConfigInput | undefined,
  at: string,
): Record<string, string> {
  if (h?.basic_auth) {
    const b = h.basic_auth;
    const username =
      b.username ?? (b.username_file ? read.file(b.username_file, `${at}.basic_auth.username_file`) : '');
    const password = read.either(b, 'password', `${at}.basic_auth`) ?? '';
    return { Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
  }
  if (h?.authorization) {
    const type = h.authorization.type?.trim() || 'Bearer';
    const credentials = read.either(h.authorization, 'credentials', `${at}.authorization`) ?? '';
    return { Authorization: `${type} ${credentials}` };
  }
  const bearer = h ? read.either(h, 'bearer_token', at) : undefined;
  return bearer === undefined ? {} : { Authorization: `Bearer ${bearer}` };
}

/** A chat or paging integration sends no headers of its own: authentication there is refused. */
export function refuseAuth(read: ReceiverReading, own: HttpConfigInput | undefined, at: string): void {
  const h = own ?? read.global.http_config;
  if (h && (h.basic_auth || h.authorization || h.bearer_token || h.bearer_token_file)) {
    const where = own ? `${at}.http_config` : 'global.http_config';
    read.problems.push(
      `${where}: not supported: authentication for ${at.split('.')[2]} (only webhook_configs send it)`,
    );
  }
}
