// Checks every HTTP request before it reaches MCP: the suite's one origin rule (the core's
// originRefusal, as the receiver and the emulator's console: Host among this server's names against
// DNS rebinding, an Origin among them or listed, which the MCP specification requires of every
// request, and for a state change from a page its own origin, no same-site or cross-site POST
// without the token, a JSON body in UTF-8), then the bearer token (verifyBearerToken and
// bearerAuthChallengeResponse, with our verifier of the operator's one token, or under OAuth the
// users' JWT access tokens for this audience, oauth/jwt-verifier.ts). What stays ours, and why, is in
// the README ("Why not the SDK's ...").
import type { IncomingHttpHeaders } from 'node:http';
import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  localhostAllowedHostnames,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
  verifyBearerToken,
} from '@modelcontextprotocol/server';
import {
  allowedHostnames,
  type OriginCredentials,
  type OriginRefusal,
  originRefusal,
} from '@trackerkit/core/http';
import { safeEqualTo } from '@trackerkit/core/signing';

export interface GuardOptions {
  /** The address the server is bound to. */
  host: string;
  /** Host names (without port) accepted besides loopback names and the bound host. */
  allowedHosts?: readonly string[];
  /** Origins (scheme://host[:port]) accepted besides loopback origins, exactly as written. */
  allowedOrigins?: readonly string[];
  /** Bearer token every request must carry, when users do not sign in with OAuth. */
  authToken?: string | undefined;
  /** Users sign in with OAuth: their access tokens are checked instead of `authToken`. */
  oauth?: GuardOAuth | undefined;
}

/** How OAuth access tokens are checked (oauth-settings.ts builds it). */
export interface GuardOAuth {
  verifier: OAuthTokenVerifier;
  /** This server's resource identifier: a token for any other audience is refused. */
  resource: URL;
  /** Scopes every request needs (the read scope): without them, 403 insufficient_scope. */
  requiredScopes: string[];
  /** Advertised in every 401/403 challenge so a client finds the authorization server (RFC 9728). */
  resourceMetadataUrl: string;
}

/** A refused request: the HTTP answer to send as it is. */
export type GuardRejection = Response;

/** The core's refusal as a JSON-RPC error (the SDK's shape): 403 or 415, naming the header and rule. */
function refused({ status, header, reason, message }: OriginRefusal): GuardRejection {
  return Response.json(
    {
      jsonrpc: '2.0',
      error: { code: -32000, message: `@trackerkit/mcp-server: ${message}`, data: { header, reason } },
      id: null,
    },
    { status },
  );
}

/**
 * The operator's one token, compared in constant time (the core's safeEqualTo: neither its
 * content nor its length leaks). It does not expire while the process runs: `expiresAt` is
 * Infinity, which the SDK's expiry check (it refuses a token without one) accepts.
 */
function staticTokenVerifier(expected: string): OAuthTokenVerifier {
  const isExpected = safeEqualTo(expected);
  return {
    async verifyAccessToken(token): Promise<AuthInfo> {
      if (!isExpected(token)) throw new OAuthError(OAuthErrorCode.InvalidToken, 'Invalid bearer token');
      return { token, clientId: 'trackerkit-mcp-operator', scopes: [], expiresAt: Number.POSITIVE_INFINITY };
    },
  };
}

export function createRequestGuard(options: GuardOptions) {
  // The core's list: the SDK's localhostAllowedHostnames(), the bound host unless it is every
  // interface, the public URL's host (--public-url, the tokens' audience) and --allowed-hosts.
  const publicHost = options.oauth ? [options.oauth.resource.hostname] : [];
  const hostnames = allowedHostnames(options.host, [
    ...localhostAllowedHostnames(),
    ...publicHost,
    ...(options.allowedHosts ?? []),
  ]);
  const policy = { hosts: hostnames, origins: options.allowedOrigins ?? [], hostsSetting: '--allowed-hosts' };
  const { oauth } = options;
  if (!oauth && !options.authToken) throw new Error('createRequestGuard: authToken or oauth is required');
  const bearer = oauth
    ? {
        verifier: oauth.verifier,
        expectedResource: oauth.resource,
        requiredScopes: oauth.requiredScopes,
        resourceMetadataUrl: oauth.resourceMetadataUrl,
      }
    : { verifier: staticTokenVerifier(options.authToken as string) };

  /**
   * The origin rule: a CORS preflight is checked by this alone, as it never carries the token.
   * `method` decides what is checked (Host and Origin always; a state-changing one also where a
   * page's request comes from and, where the endpoint reads a body, `accepts`, its media types);
   * `credentials.token`: the request carries a bearer token the caller checks next (the endpoint,
   * not the registration page, whose link is its only key).
   */
  function checkOrigin(
    headers: IncomingHttpHeaders,
    method = 'GET',
    accepts?: readonly string[],
    credentials: OriginCredentials = {},
  ): GuardRejection | undefined {
    const refusal = originRefusal(method, headers, accepts ? { ...policy, accepts } : policy, credentials);
    return refusal ? refused(refusal) : undefined;
  }

  /**
   * Host, Origin and the bearer token: the caller's AuthInfo, or the SDK's 401/403 with
   * `WWW-Authenticate: Bearer` (naming the resource metadata and the scope under OAuth) on a miss.
   */
  async function check(headers: IncomingHttpHeaders): Promise<GuardRejection | AuthInfo> {
    return checkOrigin(headers) ?? checkToken(headers);
  }

  /** The bearer token alone, for a request whose origin checkOrigin has already passed. */
  async function checkToken(headers: IncomingHttpHeaders): Promise<GuardRejection | AuthInfo> {
    try {
      return await verifyBearerToken(headers.authorization, bearer);
    } catch (error) {
      // A 401 names no scope: the client then asks for every scope the resource metadata lists
      // (the MCP spec's fallback) and registers for all of them, so one sign-in can cover writes
      // too; a client that registered for the read scope alone could never step up. Only a 403
      // insufficient_scope names the scopes it lacks.
      const insufficient = error instanceof OAuthError && error.code === OAuthErrorCode.InsufficientScope;
      return bearerAuthChallengeResponse(
        error,
        insufficient ? bearer : { resourceMetadataUrl: oauth?.resourceMetadataUrl },
      );
    }
  }
  return Object.assign(check, { checkOrigin, checkToken });
}
