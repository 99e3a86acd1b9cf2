import {
  type AuthInfo,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { authInfoFromClaims, invalidToken } from './token-claims.ts';

export interface IntrospectionOptions {
  /** The authorization server's introspection_endpoint (RFC 7662). */
  endpoint: string;
  /** This server's own client credentials at the authorization server. */
  clientId: string;
  clientSecret: string;
  issuer: string;
  /** This server's resource identifier: the token's `aud` must name it. */
  resource: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/** RFC 6749 2.3.1: client id and secret are form-encoded before Basic authentication. */
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/**
 * Checks opaque access tokens by asking the authorization server (RFC 7662), for servers that do
 * not issue JWTs: the token must be active, issued by the configured issuer and for this server's
 * audience, and not expired; the same user rule as for JWTs follows (token-claims.ts).
 */
export function createIntrospectionVerifier(options: IntrospectionOptions): OAuthTokenVerifier {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  return {
    async verifyAccessToken(token): Promise<AuthInfo> {
      let claims: Record<string, unknown>;
      try {
        const response = await fetchImpl(options.endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            authorization: basic(options.clientId, options.clientSecret),
          },
          body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
        });
        if (!response.ok) throw new Error(`introspection answered ${response.status}`);
        claims = (await response.json()) as Record<string, unknown>;
      } catch (error) {
        // The authorization server's fault, not the caller's.
        throw new OAuthError(
          OAuthErrorCode.ServerError,
          `Could not check the access token: ${(error as Error).message}`,
        );
      }
      if (claims.active !== true)
        throw invalidToken('The access token is not active (unknown, revoked or expired)');
      if (claims.iss !== undefined && claims.iss !== options.issuer)
        throw invalidToken(`The access token was issued by ${String(claims.iss)}, not ${options.issuer}`);
      const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (!audience.includes(options.resource))
        throw invalidToken(`The access token is not for this server (audience must be ${options.resource})`);
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now())
        throw invalidToken('The access token has expired');
      return authInfoFromClaims(token, claims, options);
    },
  };
}

/** A compact JWS (three base64url parts) is checked locally; anything else is introspected. */
const looksLikeJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);

/** JWTs with the published keys, opaque tokens by introspection: whichever the server has. */
export function chooseVerifier(
  jwt: OAuthTokenVerifier | undefined,
  introspection: OAuthTokenVerifier | undefined,
) {
  return {
    verifyAccessToken(token: string): Promise<AuthInfo> {
      const verifier = (
        looksLikeJwt(token) ? (jwt ?? introspection) : (introspection ?? jwt)
      ) as OAuthTokenVerifier;
      return verifier.verifyAccessToken(token);
    },
  };
}
