import type { IncomingHttpHeaders } from 'node:http';
import type { App } from '../app.ts';
import { Refusal } from '../errors/errors.ts';
import type { AccountRecord } from '../store/records.ts';

/** The token from `Authorization: Bearer`, `X-API-Key` or `X-API-Token`. */
function tokenFrom(headers: IncomingHttpHeaders): string | null {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1] ?? null;
  }
  for (const name of ['x-api-key', 'x-api-token']) {
    const value = headers[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

export function authenticate(app: App, headers: IncomingHttpHeaders): AccountRecord {
  const token = tokenFrom(headers);
  const record = token ? app.store.tokens.get(token) : undefined;
  const account = record ? app.store.accounts.get(record.account_id) : undefined;
  if (!account) throw new Refusal('unauthenticated', 'Invalid or missing API token');
  return account;
}
