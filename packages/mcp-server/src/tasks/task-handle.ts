// A task id of the Tasks extension (io.modelcontextprotocol/tasks) is a handle this server seals
// (secrets/seal.ts, as it seals users' tokens): the handle carries the task's backing kind, when the
// task was made and the backing's fields (a run task: the tracker and the run), so any replica
// holding the same key answers tasks/get from the backing alone (no replica keeps a task in
// memory). The kind is sealed with the rest: a handle of one kind never opens as another. The key
// is the operator's TRACKERKIT_MCP_TASK_KEY, or derived from a secret the replicas already share
// (secrets/task-key.ts).
import { openText, sealText } from '../secrets/seal.ts';

export interface TaskHandle {
  /** The backing's kind (tool-api/task-backing.ts). */
  kind: string;
  /** When the task was created (ms since the epoch). */
  createdAt: number;
  /** The backing's fields, checked by the backing when the handle is opened. */
  fields: unknown;
}

/** Binds a sealed handle to its use: a sealed token of another kind never opens as a task. */
const PURPOSE = Buffer.from('trackerkit-mcp task handle v2');

/** The task id: the handle sealed with AES-256-GCM, base64url. */
export function signTaskHandle(key: Uint8Array, handle: TaskHandle): string {
  const text = JSON.stringify([handle.kind, handle.createdAt, handle.fields]);
  return sealText(Buffer.from(key), PURPOSE, text).toString('base64url');
}

/** The handle a task id names, or undefined when this server did not seal it (or it was altered). */
export function verifyTaskHandle(key: Uint8Array, taskId: string): TaskHandle | undefined {
  try {
    const [kind, createdAt, fields] = JSON.parse(
      openText(Buffer.from(key), PURPOSE, Buffer.from(taskId, 'base64url')),
    );
    if (typeof kind !== 'string' || typeof createdAt !== 'number') return undefined;
    return { kind, createdAt, fields };
  } catch {
    return undefined;
  }
}
