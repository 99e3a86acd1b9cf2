import { hash } from 'node:crypto';
import { createTrackerClient } from '@trackerkit/client';
import { LIMITS } from '@trackerkit/core';
import { serviceFetch } from '../service/service-fetch.ts';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import type { AccountContext, TokenIdentity } from '../tool-api/tool-context.ts';
import { ToolInputError } from '../tool-api/tool-errors.ts';
import { REGISTRATION_LINK_TTL_MS, type RegistrationLinks } from './registration-link.ts';
import type { TokenSubject } from './token-claims.ts';
import type { UserTokens } from './user-tokens.ts';

/** A signed-in user who has not registered a Tracker API token yet: no tool can act for them. */
class TokenNotRegisteredError extends Error {
  constructor() {
    super('no Tracker API token is registered for you on this server');
    this.name = 'TokenNotRegisteredError';
  }
}

/** Every call fails with TokenNotRegisteredError, which the tools turn into what to do next. */
const unregistered: TrackerClientLike = new Proxy({} as TrackerClientLike, {
  get: (_target, name) =>
    name === 'withSignal'
      ? () => unregistered
      : new Proxy(
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
  /**
   * Who reads with `client`: the user and a fingerprint of their token (never the token), so a
   * poll shared between requests is only shared by the same user with the same token.
   */
  readerKey: string;
}

/**
 * What one request of a signed-in user works with: a client carrying that user's own Tracker API
 * token (so the service decides what they see, and two users never share an identity), and the
 * account tools' view of their registration.
 */
export interface UserSettings {
  baseUrl: string;
  tokens: UserTokens;
  links: RegistrationLinks;
  /** The page's URL for a link code. */
  linkUrl(code: string): string;
}

const clientFor = (baseUrl: string, token: string) =>
  createTrackerClient({ baseUrl, token, userAgent: 'trackerkit-mcp', fetch: serviceFetch });

/** Spaces named back to the user, so they can tell whose account a token is. */
const NAMES_SHOWN = 5;

/**
 * What the service says a candidate token sees; it throws (401, 403) for a token it refuses, which
 * is then never kept or staged. The service is the judge of a token.
 */
export async function checkToken(baseUrl: string, candidate: string): Promise<TokenIdentity> {
  const page = await clientFor(baseUrl, candidate).spaces.list({ page: 1, page_size: LIMITS.pageSizeMax });
  return {
    spaces: page.pagination.total_items,
    spaceNames: page.data.slice(0, NAMES_SHOWN).map((space) => space.name),
  };
}

/** Keeps `candidate` as `user`'s token once the service accepts it (the tool's api_token). */
async function registerToken(
  user: TokenSubject,
  candidate: string,
  settings: Pick<UserSettings, 'baseUrl' | 'tokens'>,
): Promise<TokenIdentity> {
  const identity = await checkToken(settings.baseUrl, candidate);
  await settings.tokens.put(user, candidate);
  return identity;
}

/**
 * Makes the token staged through a registration link `user`'s, given the code the page showed
 * (registration-link.ts): only this user's own session can, once.
 */
async function confirmStaged(
  user: TokenSubject,
  confirmationCode: string,
  settings: UserSettings,
): Promise<TokenIdentity> {
  const found = await settings.links.find(user, confirmationCode);
  if (found === 'none')
    throw new ToolInputError(
      'confirmation_code',
      'no API token is waiting for your confirmation (none was entered on a link made for you, or it expired, or it was confirmed already): call register_tracker_token without arguments for a new link',
    );
  if (found === 'mismatch')
    throw new ToolInputError(
      'confirmation_code',
      'does not match the code the registration page showed; ask the user for the code exactly as shown (after 5 wrong codes the entered token is dropped)',
    );
  // Checked again: the token may have been revoked since the page checked it.
  const identity = await checkToken(settings.baseUrl, found.token);
  if (!(await found.claim()))
    throw new ToolInputError('confirmation_code', 'this code was used already or has expired');
  await settings.tokens.put(user, found.token);
  return identity;
}

export async function userSession(user: TokenSubject, settings: UserSettings): Promise<UserSession> {
  const token = await settings.tokens.get(user);
  const fingerprint = token === undefined ? 'none' : hash('sha256', token, 'base64url').slice(0, 22);
  return {
    client: token === undefined ? unregistered : clientFor(settings.baseUrl, token),
    readerKey: JSON.stringify([user.issuer, user.subject, fingerprint]),
    account: {
      register: (candidate) => registerToken(user, candidate, settings),
      confirm: (code) => confirmStaged(user, code, settings),
      forget: () => settings.tokens.remove(user),
      registrationLink: async () => ({
        url: settings.linkUrl(await settings.links.issue(user)),
        expiresInMinutes: REGISTRATION_LINK_TTL_MS / 60_000,
      }),
    },
  };
}
