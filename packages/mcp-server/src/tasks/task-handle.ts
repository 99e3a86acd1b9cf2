// A task of the Tasks extension (io.modelcontextprotocol/tasks) is a run on the service, named by a
// handle this server seals (oauth/seal.ts, as it seals users' tokens): the handle carries the
// tracker, the run and when the task was made, so any replica holding the same key answers
// tasks/get from the service alone (no replica keeps a task in memory). The key is the operator's
// TRACKERKIT_MCP_TASK_KEY, or derived from a secret the replicas already share (task-key.ts).
import { openText, sealText } from '../oauth/seal.ts';

export interface TaskHandle {
  trackerId: string;
  runId: string;
  /** When the task was created (ms since the epoch). */
  createdAt: number;
}

/** Binds a sealed handle to its use: a sealed token of another kind never opens as a task. */
const PURPOSE = Buffer.from('trackerkit-mcp task handle v1');

/** The task id of a run: the handle sealed with AES-256-GCM, base64url. */
export function signTaskHandle(key: Uint8Array, handle: TaskHandle): string {
  const text = JSON.stringify([handle.trackerId, handle.runId, handle.createdAt]);
  return sealText(Buffer.from(key), PURPOSE, text).toString('base64url');
}

/** The handle a task id names, or undefined when this server did not seal it (or it was altered). */
export function verifyTaskHandle(key: Uint8Array, taskId: string): TaskHandle | undefined {
  try {
    const [trackerId, runId, createdAt] = JSON.parse(
      openText(Buffer.from(key), PURPOSE, Buffer.from(taskId, 'base64url')),
    );
    if (typeof trackerId !== 'string' || typeof runId !== 'string' || typeof createdAt !== 'number')
      return undefined;
    return { trackerId, runId, createdAt };
  } catch {
    return undefined;
  }
}
