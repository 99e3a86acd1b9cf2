import {
  type AuthInfo,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { keptAtMost } from './kept-at-most.ts';
import { authInfoFromClaims, invalidToken } from './token-claims.ts';

export interface JwtVerifierOptions {
  issuer: string;
  jwksUri: string;
  /** This server's resource identifier (RFC 8707): tokens must name it in `aud`. */
  resource: string;
  /** The clock the kept verdicts are judged by (tests). */
  now?: () => number;
}

/**
 * A token that verified is kept, by its exact text, until it expires or for this long, whichever
 * comes first: a client sends the same token on every call, and checking its signature again on
 * each would repeat the costliest step of a signed-in call. The bound keeps a key the authorization server withdraws from vouching
 * for long. Only successes are kept; a refused token is checked again each time.
 */
const VERIFIED_FOR_MS = 60_000;
/** Tokens kept at most (a JWT is about a kilobyte): the oldest goes first. */
const MAX_VERIFIED = 1024;

/**
 * Validates JWT access tokens (RFC 9068) against the authorization server's published keys: the
 * signature, the issuer, the audience (this server and nothing else, so a token minted for another
 * service is refused: no token is accepted on someone else's behalf), the expiry. The token itself
 * stays here: the Tracker service is called with the user's own API token, never this one.
 */
export function createJwtVerifier(options: JwtVerifierOptions): OAuthTokenVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUri));
  const now = options.now ?? Date.now;
  const verified = keptAtMost<{ authInfo: AuthInfo; until: number }>(MAX_VERIFIED);
  return {
    async verifyAccessToken(token): Promise<AuthInfo> {
      const kept = verified.get(token);
      if (kept && now() < kept.until) return kept.authInfo;
      const authInfo = await verify(token);
      // A verdict without an expiry (none is made here: `exp` is required) would not be kept.
      const until = Math.min(now() + VERIFIED_FOR_MS, (authInfo.expiresAt ?? 0) * 1000);
      verified.set(token, { authInfo, until });
      return authInfo;
    },
  };

  async function verify(token: string): Promise<AuthInfo> {
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.resource,
        requiredClaims: ['exp'],
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw invalidToken('The access token has expired');
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud')
        throw invalidToken(`The access token is not for this server (audience must be ${options.resource})`);
      if (error instanceof errors.JOSEError)
        throw invalidToken(`The access token is not valid: ${error.message}`);
      // The key set could not be fetched: the authorization server's fault, not the caller's.
      throw new OAuthError(
        OAuthErrorCode.ServerError,
        `Could not check the access token: ${(error as Error).message}`,
      );
    }
    return authInfoFromClaims(token, payload, options);
  }
}
