import { hkdfSync } from 'node:crypto';
import { openText, sealText } from './seal.ts';
import type { TokenSubject } from './token-claims.ts';

/** How long a registration link works. */
export const REGISTRATION_LINK_TTL_MS = 10 * 60_000;
const PURPOSE = Buffer.from('trackerkit-mcp registration link');

export interface RegistrationLinks {
  /** The code of a link for `user`, valid for the TTL. */
  issue(user: TokenSubject): string;
  /** The user a code was issued to; 'expired' once its time is up; undefined when it is not ours. */
  open(code: string): TokenSubject | 'expired' | undefined;
}

/**
 * One-time links to the registration page: the signed-in user asks for one through the tool, and
 * the page takes the API token in the browser, so the token never passes through the conversation
 * (the MCP spec keeps secrets out of form elicitation for the same reason). A code is the user and an
 * expiry sealed with a key derived from TRACKERKIT_MCP_TOKEN_KEY: any replica opens it, no state is
 * kept, and nobody can make one for another user. Within its ten minutes a link can be used again
 * (it only ever sets that one user's token).
 */
export function createRegistrationLinks(
  tokenKey: Buffer,
  { ttlMs = REGISTRATION_LINK_TTL_MS, now = Date.now }: { ttlMs?: number; now?: () => number } = {},
): RegistrationLinks {
  const key = Buffer.from(hkdfSync('sha256', tokenKey, Buffer.alloc(0), PURPOSE, 32));
  return {
    issue(user) {
      const claims = JSON.stringify({ iss: user.issuer, sub: user.subject, exp: now() + ttlMs });
      return sealText(key, PURPOSE, claims).toString('base64url');
    },
    open(code) {
      if (!/^[A-Za-z0-9_-]{40,2000}$/.test(code)) return undefined;
      let claims: { iss: string; sub: string; exp: number };
      try {
        claims = JSON.parse(openText(key, PURPOSE, Buffer.from(code, 'base64url')));
      } catch {
        return undefined;
      }
      return claims.exp < now() ? 'expired' : { issuer: claims.iss, subject: claims.sub };
    },
  };
}
