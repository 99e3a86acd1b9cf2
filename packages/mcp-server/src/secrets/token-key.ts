import { UsageError } from '@trackerkit/core/cli';

export const TOKEN_KEY_ENV = 'TRACKERKIT_MCP_TOKEN_KEY';

/**
 * The key that encrypts users' Tracker API tokens at rest: 32 random bytes, base64 or base64url
 * (`openssl rand -base64 32`). Read from the environment only, so it is never in a command line or
 * in the database it protects.
 */
export function parseTokenKey(raw: string | undefined): Buffer {
  if (!raw)
    throw new UsageError(
      `set ${TOKEN_KEY_ENV} to 32 random bytes in base64 (openssl rand -base64 32): users' API tokens are encrypted with it`,
    );
  const key = Buffer.from(raw.trim(), 'base64');
  if (key.length !== 32 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw.trim()))
    throw new UsageError(
      `${TOKEN_KEY_ENV} must be 32 bytes in base64 (openssl rand -base64 32), got ${key.length} bytes`,
    );
  return key;
}
