import { UsageError } from '@trackerkit/core/cli';

/** What this server needs from its authorization server's metadata (RFC 8414 / OpenID Discovery). */
export interface IssuerMetadata {
  issuer: string;
  /** Where the keys of JWT access tokens are published. */
  jwks_uri: string | undefined;
  /** RFC 7662, for opaque access tokens. */
  introspection_endpoint: string | undefined;
  /** The whole document, served again to clients that look for it on this server's origin. */
  document: Record<string, unknown> & { issuer: string };
}

/** RFC 8414 inserts the well-known path before the issuer's path; OpenID Discovery appends it. */
function metadataUrls(issuer: URL): URL[] {
  const path = issuer.pathname.replace(/\/$/, '');
  return [
    new URL(`/.well-known/oauth-authorization-server${path}`, issuer),
    new URL(`/.well-known/openid-configuration${path}`, issuer),
    new URL(`${path}/.well-known/openid-configuration`, issuer),
  ];
}

/**
 * Reads the authorization server's metadata once, at start-up: a wrong issuer stops the server
 * with a usage error naming the flag (and oauth-settings.ts one without a way to check tokens),
 * never a 500 at the first request.
 * The document must name the issuer exactly as configured (RFC 8414 section 3.3).
 */
export async function discoverIssuer(
  issuer: string,
  fetchImpl: typeof fetch = fetch,
): Promise<IssuerMetadata> {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new UsageError(`--oauth-issuer: not a URL: "${issuer}"`);
  }
  const tried: string[] = [];
  for (const candidate of metadataUrls(url)) {
    let response: Response;
    try {
      response = await fetchImpl(candidate, { headers: { accept: 'application/json' } });
    } catch (error) {
      tried.push(`${candidate.href}: ${(error as Error).message}`);
      continue;
    }
    if (!response.ok) {
      tried.push(`${candidate.href}: ${response.status}`);
      continue;
    }
    const document = (await response.json()) as Record<string, unknown>;
    if (document.issuer !== issuer)
      throw new UsageError(
        `--oauth-issuer: the metadata at ${candidate.href} names issuer "${String(document.issuer)}", not "${issuer}"`,
      );
    const text = (key: string) => (typeof document[key] === 'string' ? (document[key] as string) : undefined);
    return {
      issuer,
      jwks_uri: text('jwks_uri'),
      introspection_endpoint: text('introspection_endpoint'),
      document: document as IssuerMetadata['document'],
    };
  }
  throw new UsageError(`--oauth-issuer: no authorization server metadata found (${tried.join('; ')})`);
}
