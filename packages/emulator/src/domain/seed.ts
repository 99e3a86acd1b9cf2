import { randomBytes } from 'node:crypto';
import { generateSecret } from '@trackerkit/core/signing';
import type { App } from '../app.ts';
import { newId, newToken } from '../ids.ts';
import type { AccountRecord, SpaceRecord } from '../store/records.ts';

export interface Seeded {
  accountId: string;
  token: string;
  spaceId: string;
}

export interface SpaceInput {
  name?: string;
  description?: string;
  category?: string;
  capacity_gb?: number;
  throughput_per_hour?: number;
  monthly_cost?: number;
  storage_cost?: number;
  throughput_cost?: number;
  rate_limit_per_hour?: number;
  is_active?: boolean;
}

export function createAccount(app: App, email: string, id: string = newId('acc')): AccountRecord {
  const { store } = app;
  const account: AccountRecord = {
    id,
    email,
    webhook_url: null,
    webhook_secret: null,
    quants_balance: app.options.quantsBalance,
    created_at: app.clock.now(),
    seq: store.nextSeq(),
  };
  store.accounts.put(account);
  return account;
}

export function createToken(app: App, accountId: string, token: string = newToken()): string {
  app.store.tokens.put({
    id: token,
    account_id: accountId,
    created_at: app.clock.now(),
    seq: app.store.nextSeq(),
  });
  return token;
}

export interface WebhookChange {
  /** A new random secret even when one is set. */
  rotate?: boolean | undefined;
  /** This secret instead of a random one; the caller checked it against core's secretProblems. */
  secret?: string | undefined;
}

/**
 * Points the account's one webhook endpoint at `url` (null clears it). The signing secret is kept
 * across calls, so a receiver can be configured before the URL is known, unless `rotate` or a
 * `secret` is given.
 */
export function setAccountWebhook(
  app: App,
  account: AccountRecord,
  url: string | null,
  change: WebhookChange = {},
): { url: string | null; secret: string } {
  const secret =
    change.secret ??
    (change.rotate || !account.webhook_secret ? generateSecret(randomBytes) : account.webhook_secret);
  app.store.accounts.put({ ...account, webhook_url: url, webhook_secret: secret });
  return { url, secret };
}

export function createSpace(
  app: App,
  accountId: string,
  input: SpaceInput,
  id: string = newId('spc'),
): SpaceRecord {
  const space: SpaceRecord = {
    id,
    account_id: accountId,
    name: input.name ?? 'Default space',
    description: input.description ?? '',
    category: input.category ?? 'general',
    capacity_gb: input.capacity_gb ?? 10,
    throughput_per_hour: input.throughput_per_hour ?? 1000,
    monthly_cost: input.monthly_cost ?? 49,
    storage_cost: input.storage_cost ?? 9,
    throughput_cost: input.throughput_cost ?? 40,
    rate_limit_per_hour: input.rate_limit_per_hour ?? 3600,
    is_active: input.is_active ?? true,
    created_at: app.clock.now(),
    updated_at: null,
    seq: app.store.nextSeq(),
  };
  app.store.spaces.put(space);
  return space;
}

/** The ready account, token and space; created once and found again in a --data file. */
export function seed(app: App): Seeded {
  const { store } = app;
  const previous = store.meta.get('seed')?.value as Seeded | undefined;
  if (previous && store.accounts.get(previous.accountId) && store.spaces.get(previous.spaceId)) {
    const token = app.options.token ?? previous.token;
    if (!store.tokens.get(token)) createToken(app, previous.accountId, token);
    return { ...previous, token };
  }
  return plantSeed(app, {
    accountId: newId('acc'),
    token: app.options.token ?? newToken(),
    spaceId: newId('spc'),
  });
}

/** Creates the seeded account, token and space with these ids (a fresh start, or a reset). */
export function plantSeed(app: App, seeded: Seeded): Seeded {
  const { store } = app;
  return store.transaction(() => {
    createAccount(app, app.options.email, seeded.accountId);
    createToken(app, seeded.accountId, seeded.token);
    createSpace(
      app,
      seeded.accountId,
      { name: 'Default space', description: 'Seeded by the emulator' },
      seeded.spaceId,
    );
    store.meta.put({ id: 'seed', value: seeded, seq: store.nextSeq() });
    return seeded;
  });
}
