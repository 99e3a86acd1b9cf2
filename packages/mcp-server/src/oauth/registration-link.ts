import { createHash, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { openText, sealText } from '../secrets/seal.ts';
import type { LinkStore } from './link-store.ts';
import type { TokenSubject } from './token-claims.ts';

/** How long a link works, and then how long a token staged through it waits for confirmation. */
export const REGISTRATION_LINK_TTL_MS = 10 * 60_000;
/** Wrong confirmation codes a user may send before the tokens staged for them are dropped. */
export const MAX_CONFIRMATION_FAILURES = 5;
const PURPOSE = Buffer.from('trackerkit-mcp registration link');
// Crockford's base32: no I, L, O, U, so what the user reads is what they type (normalize maps them).
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 8;

export type LinkStatus = 'open' | 'used' | 'expired';

/** A token staged for the user under the code they gave, and the one-time claim on it. */
export interface StagedToken {
  token: string;
  /** True for the one confirmation that takes it (false: another took it first, or it expired). */
  claim(): Promise<boolean>;
}

export interface RegistrationLinks {
  /** The code of a new link for `user` (the last part of its URL). */
  issue(user: TokenSubject): Promise<string>;
  /** The link's user and status; undefined when it is not one of ours. */
  open(code: string): Promise<{ user: TokenSubject; status: LinkStatus } | undefined>;
  /**
   * Stages `token` (already checked with the service) on an open link and marks it used: the
   * confirmation code to show on the page, or undefined when the link was not open any more
   * (another POST got there first, or it expired meanwhile).
   */
  stage(code: string, user: TokenSubject, token: string): Promise<string | undefined>;
  /** The token staged for `user` under `confirmationCode`; 'none' when nothing waits, 'mismatch' for a wrong code. */
  find(user: TokenSubject, confirmationCode: string): Promise<StagedToken | 'none' | 'mismatch'>;
}

/** What a person may type for a code: any case, spaces or dashes, O for 0, I and L for 1. */
export function normalizeConfirmationCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

function newConfirmationCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/**
 * Registration links, so a user enters their Tracker API token in the browser and it never
 * passes through the conversation (the MCP spec keeps secrets out of form elicitation for the same
 * reason). The page has no sign-in, and the link sits in the chat transcript: whoever sees it can
 * post a form to it. So the page proves nothing about who posts, and what it may do is bounded:
 *
 * - A link is random (256 bits), made for the signed-in user who asked for it, and recorded in the
 *   user store by its SHA-256 only (a read of the database yields no working link). It works for
 *   ten minutes, and the first token the service accepts on it uses it up, atomically (any
 *   replica): every later POST is refused.
 * - That token is only staged, sealed under TRACKERKIT_MCP_TOKEN_KEY and bound to the link and its
 *   user. The page shows the person who sent it a confirmation code; the token becomes the user's
 *   only when the user's own signed-in MCP session (their OAuth bearer) sends that code within
 *   ten minutes. A stranger who posted first holds a code, but no session of that user; the user
 *   holds a session, but not the stranger's code, and sees the link refused as already used.
 *   Five wrong codes drop what is staged for the user.
 */
export function createRegistrationLinks(
  store: LinkStore,
  tokenKey: Buffer,
  { ttlMs = REGISTRATION_LINK_TTL_MS, now = Date.now }: { ttlMs?: number; now?: () => number } = {},
): RegistrationLinks {
  const key = Buffer.from(hkdfSync('sha256', tokenKey, Buffer.alloc(0), PURPOSE, 32));
  const idOf = (code: string) => createHash('sha256').update(code).digest('hex');
  const aad = (id: string, user: TokenSubject) =>
    Buffer.concat([PURPOSE, Buffer.from(JSON.stringify([id, user.issuer, user.subject]))]);
  return {
    async issue(user) {
      const code = randomBytes(32).toString('base64url');
      const at = now();
      await store.add(idOf(code), user, at + ttlMs, at);
      return code;
    },
    async open(code) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(code)) return undefined;
      const link = await store.get(idOf(code));
      if (!link) return undefined;
      const status = link.used ? 'used' : link.expiresAt < now() ? 'expired' : 'open';
      return { user: link.user, status };
    },
    async stage(code, user, token) {
      const id = idOf(code);
      const confirmation = newConfirmationCode();
      const sealed = sealText(key, aad(id, user), JSON.stringify({ token, code: confirmation }));
      const at = now();
      return (await store.stage(id, sealed, at + ttlMs, at)) ? confirmation : undefined;
    },
    async find(user, confirmationCode) {
      const at = now();
      const staged = await store.staged(user, at);
      if (staged.length === 0) return 'none';
      const given = Buffer.from(normalizeConfirmationCode(confirmationCode));
      for (const { id, staged: sealed } of staged) {
        let opened: { token: string; code: string };
        try {
          opened = JSON.parse(openText(key, aad(id, user), sealed));
        } catch {
          continue; // sealed under another key (rotated) or altered: never a match
        }
        const expected = Buffer.from(normalizeConfirmationCode(opened.code));
        if (expected.length === given.length && timingSafeEqual(expected, given)) {
          return { token: opened.token, claim: () => store.take(id, now()) };
        }
      }
      await store.fail(user, MAX_CONFIRMATION_FAILURES);
      return 'mismatch';
    },
  };
}
