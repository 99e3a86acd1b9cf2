import { type AuthInfo, OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';

/** The user a token speaks for: issuer and subject, since `sub` is unique only within its issuer. */
export interface TokenSubject {
  issuer: string;
  subject: string;
}

export const invalidToken = (message: string) => new OAuthError(OAuthErrorCode.InvalidToken, message);

/**
 * The AuthInfo of an access token whose claims were verified (a JWT's signature or the
 * authorization server's introspection answer): one rule for both. A machine token (client
 * credentials) speaks for no user, and only users have Tracker tokens here: RFC 9068 and RFC 7662
 * give it no `sub`, or a `sub` naming the client itself.
 */
export function authInfoFromClaims(
  token: string,
  claims: Record<string, unknown>,
  options: { issuer: string; resource: string },
): AuthInfo {
  const { sub, client_id: clientId } = claims;
  if (typeof sub !== 'string' || sub === '' || sub === clientId)
    throw invalidToken('The access token names no user (a client credentials token): sign in as a user');
  const subject: TokenSubject = { issuer: options.issuer, subject: sub };
  return {
    token,
    clientId: String(clientId ?? claims.azp ?? ''),
    scopes: (typeof claims.scope === 'string' ? claims.scope : '').split(' ').filter(Boolean),
    expiresAt: Number(claims.exp),
    resource: new URL(options.resource),
    extra: { ...subject },
  };
}

/** The user of a verified token (undefined for the operator's static token). */
export function subjectOf(authInfo: AuthInfo | undefined): TokenSubject | undefined {
  const extra = authInfo?.extra;
  return typeof extra?.subject === 'string' && typeof extra.issuer === 'string'
    ? { issuer: extra.issuer, subject: extra.subject }
    : undefined;
}
