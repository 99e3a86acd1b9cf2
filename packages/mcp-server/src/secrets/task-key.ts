// The key that seals task handles. Replicas must share it, so it is never random when a shared
// secret exists: TRACKERKIT_MCP_TASK_KEY when the operator sets one, else derived (HMAC, with a
// label of its own) from the secret every replica is already given: the token key under OAuth, the
// Tracker API token otherwise. A derived key reveals nothing of its secret.
import { createHmac, randomBytes } from 'node:crypto';
import { UsageError } from '@trackerkit/core/cli';

const TASK_KEY_ENV = 'TRACKERKIT_MCP_TASK_KEY';

/** A key for task handles, derived from a secret the replicas share. */
function deriveTaskKey(secret: string | Uint8Array): Buffer {
  return createHmac('sha256', secret).update('trackerkit-mcp task handles v1').digest();
}

/** TRACKERKIT_MCP_TASK_KEY (32+ bytes, base64), else derived from the first shared secret given. */
export function taskKeyFrom(
  env: NodeJS.ProcessEnv,
  shared: readonly (string | Uint8Array | undefined)[],
): Buffer {
  const raw = env[TASK_KEY_ENV]?.trim();
  if (raw) {
    const key = Buffer.from(raw, 'base64');
    if (key.length < 32 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw))
      throw new UsageError(`${TASK_KEY_ENV} must be at least 32 bytes in base64 (openssl rand -base64 32)`);
    // Handles are sealed with AES-256: a longer key is brought to 32 bytes the same way.
    return deriveTaskKey(key);
  }
  const secret = shared.find((value) => value !== undefined && value.length > 0);
  // Nothing shared (a client given in code): handles verify in this process only.
  return secret === undefined ? randomBytes(32) : deriveTaskKey(secret);
}
