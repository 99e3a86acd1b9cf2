import { createTrackerClient } from '@trackerkit/client';
import { LIMITS } from '@trackerkit/core';
import type { AccountContext } from '../tool-definition.ts';
import type { TrackerClientLike } from '../tracker-client-like.ts';
import { REGISTRATION_LINK_TTL_MS } from './registration-link.ts';
import type { TokenSubject } from './token-claims.ts';
import type { UserTokens } from './user-tokens.ts';

/** A signed-in user who has not registered a Tracker API token yet: no tool can act for them. */
export class TokenNotRegisteredError extends Error {
  constructor() {
    super('no Tracker API token is registered for you on this server');
    this.name = 'TokenNotRegisteredError';
  }
}

/** Every call fails with TokenNotRegisteredError, which the tools turn into what to do next. */
const unregistered: TrackerClientLike = new Proxy({} as TrackerClientLike, {
  get: () =>
    new Proxy(
      {},
      {
        get: () => async () => {
          throw new TokenNotRegisteredError();
        },
      },
    ),
});

export interface UserSession {
  client: TrackerClientLike;
  account: AccountContext;
}

/**
 * What one request of a signed-in user works with: a client carrying that user's own Tracker API
 * token (so the service decides what they see, and two users never share an identity), and the
 * account tools' view of their registration.
 */
export interface UserSettings {
  baseUrl: string;
  tokens: UserTokens;
  linkFor(user: TokenSubject): string;
}

const clientFor = (baseUrl: string, token: string) =>
  createTrackerClient({ baseUrl, token, userAgent: 'trackerkit-mcp' });

/** Keeps `candidate` as `user`'s token once the service accepts it (the tool and the page). */
export async function registerToken(
  user: TokenSubject,
  candidate: string,
  settings: Pick<UserSettings, 'baseUrl' | 'tokens'>,
): Promise<{ spaces: number }> {
  // The service is the judge of a token: one that it refuses is never kept.
  const page = await clientFor(settings.baseUrl, candidate).spaces.list({
    page: 1,
    page_size: LIMITS.pageSizeMax,
  });
  await settings.tokens.put(user, candidate);
  return { spaces: page.pagination.total_items };
}

export async function userSession(user: TokenSubject, settings: UserSettings): Promise<UserSession> {
  const token = await settings.tokens.get(user);
  return {
    client: token === undefined ? unregistered : clientFor(settings.baseUrl, token),
    account: {
      register: (candidate) => registerToken(user, candidate, settings),
      forget: () => settings.tokens.remove(user),
      registrationLink: () => ({
        url: settings.linkFor(user),
        expiresInMinutes: REGISTRATION_LINK_TTL_MS / 60_000,
      }),
    },
  };
}
