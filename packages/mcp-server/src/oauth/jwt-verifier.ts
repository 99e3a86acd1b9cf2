import {
  type AuthInfo,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { authInfoFromClaims, invalidToken } from './token-claims.ts';

export interface JwtVerifierOptions {
  issuer: string;
  jwksUri: string;
  /** This server's resource identifier (RFC 8707): tokens must name it in `aud`. */
  resource: string;
}

/**
 * Validates JWT access tokens (RFC 9068) against the authorization server's published keys: the
 * signature, the issuer, the audience (this server and nothing else, so a token minted for another
 * service is refused: no token is accepted on someone else's behalf), the expiry. The token itself
 * stays here: the Tracker service is called with the user's own API token, never this one.
 */
export function createJwtVerifier(options: JwtVerifierOptions): OAuthTokenVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUri));
  return {
    async verifyAccessToken(token): Promise<AuthInfo> {
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
          throw invalidToken(
            `The access token is not for this server (audience must be ${options.resource})`,
          );
        if (error instanceof errors.JOSEError)
          throw invalidToken(`The access token is not valid: ${error.message}`);
        // The key set could not be fetched: the authorization server's fault, not the caller's.
        throw new OAuthError(
          OAuthErrorCode.ServerError,
          `Could not check the access token: ${(error as Error).message}`,
        );
      }
      return authInfoFromClaims(token, payload, options);
    },
  };
}
