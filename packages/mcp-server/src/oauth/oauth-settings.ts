// Everything the HTTP server needs to be an OAuth 2.1 resource server, resolved once at start-up:
// the authorization server's metadata and keys, this server's Protected Resource Metadata (RFC
// 9728), the bearer checks, and per request the signed-in user's own Tracker session.
import {
  type AuthInfo,
  type AuthMetadataOptions,
  buildOAuthProtectedResourceMetadata,
  getOAuthProtectedResourceMetadataUrl,
} from '@modelcontextprotocol/server';
import { isLoopbackHost } from '@trackerkit/core';
import { UsageError } from '@trackerkit/core/cli';
import type { GuardOAuth } from '../http-edge/request-guard.ts';
import { discoverIssuer } from './discover-issuer.ts';
import { chooseVerifier, createIntrospectionVerifier } from './introspection-verifier.ts';
import { createJwtVerifier } from './jwt-verifier.ts';
import { createRegistrationLinks } from './registration-link.ts';
import { REGISTRATION_PATH, type RegistrationPage } from './registration-page.ts';
import { subjectOf } from './token-claims.ts';
import { checkToken, type UserSession, userSession } from './user-client.ts';
import type { UserTokens } from './user-tokens.ts';

const DEFAULT_READ_SCOPE = 'tracker:read';
const DEFAULT_WRITE_SCOPE = 'tracker:write';
/** Secrets come from the environment only (never a command line). */
export const INTROSPECTION_ENV = {
  clientId: 'TRACKERKIT_MCP_OAUTH_CLIENT_ID',
  clientSecret: 'TRACKERKIT_MCP_OAUTH_CLIENT_SECRET',
} as const;

export interface OAuthOptions {
  /** The authorization server's issuer URL (its metadata and JWKS are read from it at start-up). */
  issuer: string;
  /** This endpoint's public URL, the audience tokens must name; default: the URL it listens on. */
  resource?: string | undefined;
  /** Where each user's Tracker API token is kept. */
  userTokens: UserTokens;
  /** TRACKERKIT_MCP_TOKEN_KEY: tokens staged through registration links are sealed with a key derived from it. */
  tokenKey: Buffer;
  /** Needed for any call (default tracker:read). */
  readScope?: string | undefined;
  /** Needed for the tools that change the service (default tracker:write). */
  writeScope?: string | undefined;
  /**
   * This server's client credentials at the authorization server, to check opaque (non-JWT)
   * access tokens by introspection (RFC 7662). Without them only JWTs are accepted.
   */
  introspection?: { clientId: string; clientSecret: string } | undefined;
}

export interface ResolvedOAuth {
  guard: GuardOAuth;
  metadata: AuthMetadataOptions;
  /** The complete set a tool that changes the service needs (read and write). */
  writeScopes: readonly [string, ...string[]];
  /** The signed-in user's session for one request. */
  session(authInfo: AuthInfo | undefined): Promise<UserSession>;
  /** The page behind registration links. */
  registration: RegistrationPage;
}

/** Reads the issuer's metadata: before listening, so a wrong issuer never opens a port. */
export async function prepareOAuth(options: OAuthOptions) {
  const issuer = await discoverIssuer(options.issuer);
  if (options.introspection && !issuer.introspection_endpoint)
    throw new UsageError(
      `${INTROSPECTION_ENV.clientId}: the authorization server publishes no introspection_endpoint to check tokens with`,
    );
  if (!issuer.jwks_uri && !options.introspection)
    throw new UsageError(
      `--oauth-issuer: the authorization server publishes no jwks_uri, so its tokens are opaque: set ${INTROSPECTION_ENV.clientId} and ${INTROSPECTION_ENV.clientSecret} to check them by introspection`,
    );
  return {
    /** Completes the settings once the listening URL is known (the default resource). */
    resolve(listening: string, baseUrl: string): ResolvedOAuth {
      const resource = options.resource ?? listening;
      let resourceUrl: URL;
      try {
        resourceUrl = new URL(resource);
      } catch {
        throw new UsageError(`--public-url: not a URL: "${resource}"`);
      }
      const readScope = options.readScope ?? DEFAULT_READ_SCOPE;
      const writeScope = options.writeScope ?? DEFAULT_WRITE_SCOPE;
      const metadata: AuthMetadataOptions = {
        oauthMetadata: issuer.document as AuthMetadataOptions['oauthMetadata'],
        resourceServerUrl: resourceUrl,
        scopesSupported: [readScope, writeScope],
        resourceName: 'Tracker Monitoring Service (trackerkit-mcp)',
        // Plain HTTP only for an authorization server on this machine (tests, local trials).
        dangerouslyAllowInsecureIssuerUrl: isLoopbackHost(new URL(issuer.issuer).hostname),
      };
      // Checked now (an http issuer elsewhere than loopback is refused), not at the first request.
      try {
        buildOAuthProtectedResourceMetadata(metadata);
      } catch (error) {
        throw new UsageError(`--oauth-issuer: ${(error as Error).message}`);
      }
      const links = createRegistrationLinks(options.userTokens.links, options.tokenKey);
      const settings = {
        baseUrl,
        tokens: options.userTokens,
        links,
        // On the public origin: the link is opened in the user's browser, like the URL tokens name.
        linkUrl: (code: string) => new URL(`${REGISTRATION_PATH}${code}`, resourceUrl).href,
      };
      return {
        guard: {
          verifier: chooseVerifier(
            issuer.jwks_uri
              ? createJwtVerifier({ issuer: issuer.issuer, jwksUri: issuer.jwks_uri, resource })
              : undefined,
            options.introspection && issuer.introspection_endpoint
              ? createIntrospectionVerifier({
                  ...options.introspection,
                  endpoint: issuer.introspection_endpoint,
                  issuer: issuer.issuer,
                  resource,
                })
              : undefined,
          ),
          resource: resourceUrl,
          requiredScopes: [readScope],
          resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resourceUrl),
        },
        metadata,
        writeScopes: [readScope, writeScope],
        async session(authInfo) {
          const user = subjectOf(authInfo);
          // The guard admits only verified tokens, which always carry their subject.
          if (!user) throw new Error('prepareOAuth: a request reached the server without a signed-in user');
          return userSession(user, settings);
        },
        registration: { links, check: (token) => checkToken(baseUrl, token) },
      };
    },
  };
}
