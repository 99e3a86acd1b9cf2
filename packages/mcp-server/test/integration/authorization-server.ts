// A real OpenID Connect authorization server on loopback (oidc-provider, a certified
// implementation) for the OAuth tests: dynamic client registration, PKCE, resource indicators
// (RFC 8707) minting JWT access tokens for the MCP server's audience, and client credentials for
// machine tokens. Its login page is replaced by a test switch: whoever `signIn` names is the user
// who signs in next, granted the scopes given there.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Client,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { exportJWK, generateKeyPair } from 'jose';
// @ts-expect-error oidc-provider ships no types; the test uses a handful of its calls.
import Provider, { errors } from 'oidc-provider';

export const SCOPES = ['tracker:read', 'tracker:write'];
export const OTHER_RESOURCE = 'https://other.example/api';
export const ROBOT = { client_id: 'robot', client_secret: 'robot-secret' };
/** The MCP server's own credentials, for introspection. */
export const RESOURCE_SERVER = { clientId: 'mcp-rs', clientSecret: 'mcp-rs-secret' };

// Long on purpose: most of it is oidc-provider's one configuration object (clients, features, the
// token formats and the resource indicator hooks), which reads best whole, beside the sign-in
// interactions it configures.
export async function startAuthorizationServer() {
  const next = { user: 'alice', scopes: SCOPES, ttl: 300 };
  // The MCP endpoint's URL, known once it listens (setResource); endpoints given opaque tokens.
  let resource = '';
  const opaque = new Set<string>();
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    clients: [
      { ...ROBOT, grant_types: ['client_credentials'], redirect_uris: [], response_types: [] },
      {
        client_id: RESOURCE_SERVER.clientId,
        client_secret: RESOURCE_SERVER.clientSecret,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
      },
    ],
    scopes: ['openid', 'offline_access', ...SCOPES],
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== resource && indicator !== OTHER_RESOURCE && !opaque.has(indicator))
            throw new errors.InvalidTarget();
          return {
            scope: SCOPES.join(' '),
            audience: indicator,
            accessTokenFormat: opaque.has(indicator) ? 'opaque' : 'jwt',
            accessTokenTTL: next.ttl,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  });
  provider.proxy = false;
  const callback = provider.callback();
  http.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      const accountId = next.user;
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      // The user consents to what was asked, up to what this user may have; the rest is refused.
      const asked = String(details.params.scope ?? '').split(' ');
      const allowed = (s: string) => next.scopes.includes(s) || s === 'offline_access';
      const granted = asked.filter(allowed).join(' ');
      const refused = asked.filter((s) => !allowed(s)).join(' ');
      const target = String(details.params.resource ?? resource);
      grant.addOIDCScope(granted);
      grant.addResourceScope(target, granted);
      if (refused) {
        grant.rejectOIDCScope(refused);
        grant.rejectResourceScope(target, refused);
      }
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });

  /** Follows the authorization URL as a browser would (cookies, redirects) up to the redirect URI: its query (code, iss, state). */
  async function authorize(url: URL, redirectUri: string): Promise<URLSearchParams> {
    const cookies = new Map<string, string>();
    let at = url.href;
    for (let hop = 0; hop < 10; hop++) {
      if (at.startsWith(redirectUri)) {
        const back = new URL(at);
        if (!back.searchParams.get('code')) throw new Error(`no code: ${back.search}`);
        return back.searchParams;
      }
      const response = await fetch(at, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const set of response.headers.getSetCookie()) {
        const [pair] = set.split(';');
        const [name, value] = pair!.split('=');
        cookies.set(name!, value ?? '');
      }
      const location = response.headers.get('location');
      if (!location)
        throw new Error(`authorization stopped at ${at}: ${response.status} ${await response.text()}`);
      at = new URL(location, at).href;
    }
    throw new Error('too many redirects');
  }

  /** A machine token (client credentials, no user) for `audience`. */
  async function machineToken(audience: string): Promise<string> {
    const response = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${ROBOT.client_id}:${ROBOT.client_secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        resource: audience,
        scope: SCOPES.join(' '),
      }),
    });
    const body = (await response.json()) as { access_token?: string };
    if (!body.access_token) throw new Error(`no token: ${JSON.stringify(body)}`);
    return body.access_token;
  }

  return {
    issuer,
    /** The resource (RFC 8707) user tokens are minted for. */
    setResource(url: string) {
      resource = url;
    },
    /** A resource whose tokens are opaque (checked by introspection). */
    addOpaqueResource(url: string) {
      opaque.add(url);
    },
    /** Who signs in at the next authorization, with which scopes and token lifetime (seconds). */
    signIn(user: string, scopes = SCOPES, ttl = 300) {
      Object.assign(next, { user, scopes, ttl });
    },
    authorize,
    machineToken,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** The SDK client's OAuth side, kept in memory: what a desktop client stores in its keychain. */
export class MemoryOAuthClient implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  #client: unknown;
  #tokens: unknown;
  #verifier = '';
  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata() {
    return {
      client_name: 'trackerkit OAuth test',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      // Registered for every scope the server's metadata lists, so a later step-up may ask for them.
      scope: ['offline_access', ...SCOPES].join(' '),
    };
  }
  clientInformation() {
    return this.#client as never;
  }
  saveClientInformation(info: unknown) {
    this.#client = info;
  }
  tokens() {
    return this.#tokens as never;
  }
  saveTokens(tokens: unknown) {
    this.#tokens = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.#verifier = verifier;
  }
  codeVerifier() {
    return this.#verifier;
  }
  /** The access token the client holds now. */
  get accessToken(): string | undefined {
    return (this.#tokens as { access_token?: string } | undefined)?.access_token;
  }
}

export type AuthorizationServer = Awaited<ReturnType<typeof startAuthorizationServer>>;
export type CallResult = {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
};

/**
 * Signs `user` in at the MCP server `url` through the SDK client's own OAuth flow (discovery from
 * the 401, dynamic registration, PKCE, RFC 9207 iss check); resolves with a connected session.
 */
export async function signInAt(
  as: AuthorizationServer,
  url: string,
  user: string,
  scopes = SCOPES,
  ttlSeconds = 300,
) {
  as.signIn(user, scopes, ttlSeconds);
  const auth = new MemoryOAuthClient();
  const connect = async () => {
    const client = new Client({ name: `oauth-${user}`, version: '0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: auth }));
    return client;
  };
  // First contact: 401 with the resource metadata; the client discovers, registers and redirects.
  // (Checked by hand, not with vitest's expect: the package's bench signs users in too.)
  const first = await connect().then(
    (client) => client,
    (error: unknown) => error,
  );
  if (!(first instanceof UnauthorizedError)) throw new Error(`signInAt: expected a 401 first, got ${first}`);
  const resource = auth.authorizationUrl?.searchParams.get('resource');
  if (resource !== url) throw new Error(`signInAt: the client asked for resource ${resource}, not ${url}`);
  const callback = await as.authorize(auth.authorizationUrl!, REDIRECT_URI);
  await new StreamableHTTPClientTransport(new URL(url), { authProvider: auth }).finishAuth(callback);
  let client = await connect();
  const session = {
    auth,
    /** How many times a call needed the user to consent to more scopes. */
    stepUps: 0,
    close: () => client.close(),
    /** A tool call; on a 403 insufficient_scope the client asks for more, the user consents, the call is retried. */
    async call(name: string, args = {}): Promise<CallResult> {
      try {
        return (await client.callTool({ name, arguments: args })) as CallResult;
      } catch (error) {
        if (!(error instanceof UnauthorizedError)) throw error;
        session.stepUps += 1;
        const more = await as.authorize(auth.authorizationUrl!, REDIRECT_URI);
        await new StreamableHTTPClientTransport(new URL(url), { authProvider: auth }).finishAuth(more);
        await client.close();
        client = await connect();
        return (await client.callTool({ name, arguments: args })) as CallResult;
      }
    },
  };
  return session;
}
