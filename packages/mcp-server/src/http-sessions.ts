// Streamable HTTP sessions with an idle timeout. A client that goes away without sending DELETE
// would otherwise keep its MCP server, transport and buffers for the life of the process.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** How long a session may go without requests before it is closed: 30 minutes. */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;

export interface HttpSession {
  server: Pick<McpServer, 'close'>;
  transport: Pick<StreamableHTTPServerTransport, 'handleRequest'>;
}

interface Entry extends HttpSession {
  /** Requests whose response is still open and that count as work (not the GET listening stream). */
  busy: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export interface SessionRegistry {
  readonly size: number;
  add(id: string, session: HttpSession): void;
  get(id: string): HttpSession | undefined;
  /**
   * Records a request on a session: the idle clock restarts, and when `holds` is true it stays
   * stopped until the returned function is called (when the response closes), so a tool call that
   * outlasts the timeout keeps its session.
   */
  touch(id: string, holds: boolean): () => void;
  /** Forgets a session that closed by itself (DELETE, transport closed). */
  remove(id: string): void;
  closeAll(): Promise<void>;
}

/** `idleMs` 0 (or less) never expires sessions. */
export function createSessionRegistry(options: {
  idleMs: number;
  onExpire?: (id: string) => void;
}): SessionRegistry {
  const entries = new Map<string, Entry>();

  const forget = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return undefined;
    entries.delete(id);
    clearTimeout(entry.timer);
    return entry;
  };

  const closeEntry = async (id: string) => {
    await forget(id)?.server.close();
  };

  const arm = (id: string, entry: Entry) => {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    if (options.idleMs <= 0 || entry.busy > 0) return;
    entry.timer = setTimeout(() => {
      options.onExpire?.(id);
      void closeEntry(id).catch(() => {});
    }, options.idleMs);
    // An idle session must not keep the process alive on its own.
    entry.timer.unref?.();
  };

  return {
    get size() {
      return entries.size;
    },
    add(id, session) {
      const entry: Entry = { ...session, busy: 0, timer: undefined };
      entries.set(id, entry);
      arm(id, entry);
    },
    get(id) {
      return entries.get(id);
    },
    touch(id, holds) {
      const entry = entries.get(id);
      if (!entry) return () => {};
      if (!holds) {
        arm(id, entry);
        return () => {};
      }
      entry.busy += 1;
      arm(id, entry);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        entry.busy -= 1;
        if (entries.get(id) === entry) arm(id, entry);
      };
    },
    remove(id) {
      forget(id);
    },
    async closeAll() {
      await Promise.allSettled([...entries.keys()].map(closeEntry));
    },
  };
}
