// A task of the Tasks extension (io.modelcontextprotocol/tasks) is a run on the service, named by a
// handle this server signs: the handle carries the tracker, the run and when the task was made, so
// any replica holding the same key answers tasks/get from the service alone (no replica keeps a
// task in memory). The key is the operator's TRACKERKIT_MCP_TASK_KEY, or derived from a secret the
// replicas already share (task-key.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TaskHandle {
  trackerId: string;
  runId: string;
  /** When the task was created (ms since the epoch). */
  createdAt: number;
}

const VERSION = 't1';

const mac = (key: Uint8Array, body: string) =>
  createHmac('sha256', key).update(`${VERSION}.${body}`).digest('base64url');

/** The task id of a run: `t1.<payload>.<HMAC-SHA256>`, base64url. */
export function signTaskHandle(key: Uint8Array, handle: TaskHandle): string {
  const body = Buffer.from(JSON.stringify([handle.trackerId, handle.runId, handle.createdAt])).toString(
    'base64url',
  );
  return `${VERSION}.${body}.${mac(key, body)}`;
}

/** The handle a task id names, or undefined when this server did not sign it (or it was altered). */
export function verifyTaskHandle(key: Uint8Array, taskId: string): TaskHandle | undefined {
  const [version, body, signature, ...rest] = taskId.split('.');
  if (version !== VERSION || !body || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(mac(key, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const [trackerId, runId, createdAt] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (typeof trackerId !== 'string' || typeof runId !== 'string' || typeof createdAt !== 'number')
      return undefined;
    return { trackerId, runId, createdAt };
  } catch {
    return undefined;
  }
}
