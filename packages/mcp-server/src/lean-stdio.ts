// The fast path of a plain tools/call over stdio (lean-call.ts's planStdio): a transport under
// serveStdio that answers such a call itself and hands every other message on. Over stdio the SDK
// validates each result it sends and types each message with zod: about half of a call's CPU. The
// era is the connection's: 2025-era once the client's `initialize` has been answered with a
// result (serveStdio then serves every message with that session), else 2026-07-28 when the call
// carries an envelope the SDK accepts. Until then, and for anything else, the SDK serves it. A call
// the client cancels (notifications/cancelled) is aborted and, as the spec asks, not answered.
import type {
  JSONRPCMessage,
  MessageExtraInfo,
  RequestId,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/server';
import type { createLeanToolCalls } from './lean-call.ts';
import type { TrackerClientLike } from './tracker-client-like.ts';

type Json = Record<string, unknown>;

const asJson = (message: JSONRPCMessage) => message as unknown as Json;

export class LeanStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  readonly #inner: Transport;
  readonly #lean: ReturnType<typeof createLeanToolCalls>;
  readonly #client: TrackerClientLike;
  /** The id of the client's `initialize`, until it is answered. */
  #initializeId: RequestId | undefined;
  #legacy = false;
  readonly #running = new Map<RequestId, AbortController>();
  #calls = 0;

  constructor(
    inner: Transport,
    dependencies: { lean: ReturnType<typeof createLeanToolCalls>; client: TrackerClientLike },
  ) {
    this.#inner = inner;
    this.#lean = dependencies.lean;
    this.#client = dependencies.client;
  }

  /** Calls taken by the fast path so far (the tests read it). */
  get calls(): number {
    return this.#calls;
  }

  start(): Promise<void> {
    this.#inner.onmessage = (message, extra) => this.#inbound(message, extra);
    this.#inner.onerror = (error) => this.onerror?.(error);
    this.#inner.onclose = () => {
      for (const running of this.#running.values()) running.abort(new Error('the connection closed'));
      this.#running.clear();
      this.onclose?.();
    };
    return this.#inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const json = asJson(message);
    if (this.#initializeId !== undefined && json.id === this.#initializeId && 'result' in json) {
      this.#legacy = true;
      this.#initializeId = undefined;
    }
    return this.#inner.send(message, options);
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  setProtocolVersion(version: string): void {
    this.#inner.setProtocolVersion?.(version);
  }

  #inbound(message: JSONRPCMessage, extra?: MessageExtraInfo) {
    const json = asJson(message);
    if (json.method === 'initialize' && json.id !== undefined) this.#initializeId = json.id as RequestId;
    if (json.method === 'notifications/cancelled') {
      const id = (json.params as { requestId?: RequestId } | undefined)?.requestId;
      const running = id === undefined ? undefined : this.#running.get(id);
      if (running) return void running.abort(new Error('the client cancelled the call'));
    }
    const call = this.#lean.planStdio(json, this.#legacy, { client: this.#client });
    if (!call) return this.onmessage?.(message, extra);
    const id = json.id as RequestId;
    const running = new AbortController();
    this.#running.set(id, running);
    this.#calls += 1;
    void call(running.signal)
      .then(async (answer) => {
        if (!running.signal.aborted) await this.#inner.send(answer as unknown as JSONRPCMessage);
      })
      .catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))))
      .finally(() => this.#running.delete(id));
  }
}
