import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { WebhooksError } from '../errors.ts';
import type { SecretRef } from './config-schema.ts';

/** The problem of a reference to an unset (or empty) variable: its path and name, never a value. */
export function unsetVariable(path: string, name: string): string {
  return `${path}: environment variable ${name} is not set`;
}

/** Resolves `{ env: NAME }` from the environment. The error names the variable and path, never a value. */
export function resolveSecret(ref: SecretRef, path: string, env: NodeJS.ProcessEnv): string {
  if (typeof ref === 'string') return ref;
  const value = env[ref.env];
  if (value === undefined || value === '') {
    throw new WebhooksError(`invalid configuration: ${unsetVariable(path, ref.env)}`, {
      status: 500,
      reason: 'invalid_config',
    });
  }
  return value;
}

/**
 * A destination URL (often a credential itself: Slack, Discord and Teams put the token in it),
 * resolved and checked to be http(s). The error names the path and the rule, never the value.
 */
export function resolveUrl(ref: SecretRef, path: string, env: NodeJS.ProcessEnv): string {
  const value = resolveSecret(ref, path, env);
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new WebhooksError(`invalid configuration: ${path}: must be an http:// or https:// URL`, {
      status: 500,
      reason: 'invalid_config',
    });
  }
  return value;
}

/** A `*_file` holds one secret or URL; anything longer is the wrong file. */
const MAX_SECRET_FILE_BYTES = 64 * 1024;

/**
 * Alertmanager's `*_file` (`api_url_file`, `password_file`, `routing_key_file`...): the file's
 * text read once, at load, with surrounding whitespace trimmed as Alertmanager trims it (a
 * trailing newline is not part of the secret). `path` is relative to `baseDir`, the configuration
 * file's directory. A file that cannot be used is a problem naming `at` and the path, so `check`
 * fails rather than every delivery later.
 */
export function readSecretFile(
  path: string,
  at: string,
  baseDir: string,
): { value: string } | { problem: string } {
  const full = isAbsolute(path) ? path : join(baseDir, path);
  let fd: number | undefined;
  try {
    // Non-blocking, so a named pipe is refused below instead of waiting for a writer.
    fd = openSync(full, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { problem: `${at}: ${full} is not a regular file` };
    if (stat.size > MAX_SECRET_FILE_BYTES)
      return { problem: `${at}: ${full} is larger than ${MAX_SECRET_FILE_BYTES / 1024} KiB` };
    const buffer = Buffer.alloc(stat.size);
    const read = readSync(fd, buffer, 0, stat.size, 0);
    const value = buffer.toString('utf8', 0, read).trim();
    return value === '' ? { problem: `${at}: ${full} is empty` } : { value };
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { problem: `${at}: cannot read ${full} (${reason})` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
