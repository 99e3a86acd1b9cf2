// subscriptions/listen (2026-07-28) over stdio. serveStdio (the SDK's stdio entry) serves a listen
// itself: it acks it, keeps the filter, stamps the subscription id and routes each
// notifications/resources/updated the connection's instance sends to the subscriptions naming its
// URI; it never hands the listen to the instance. This transport sits under serveStdio and reads
// the listens as they come in: before serveStdio sees one, the URIs it names are watched with the
// connection's client (the baseline poll answered), and the instance sends an update for each run
// that finishes (listen-feed.ts states the rules; a refused listen gets the refusal, not an ack).
//
// The connection is the unit, as a 2025-era session's resources/subscribe: a URI named by several
// listens is watched once and updated once (serveStdio copies it to each), and its watch stops when
// the last of them ends: its cancellation, the response that closes it (serveStdio's teardown, or
// its refusal of the listen), or the connection closing. Messages are handed on in order: one that
// arrives while a listen's baseline poll is out waits for it.
import type {
  JSONRPCMessage,
  McpServer,
  MessageExtraInfo,
  RequestId,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/server';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import { type ListenRequest, listenRefusal, listenRequestOf, servesUri } from './listen-feed.ts';
import { updatedParams, watchUri } from './resource-subscriptions.ts';
import type { RunWatch } from './run-watch.ts';

interface WatchedUri {
  listens: Set<RequestId>;
  started: Promise<() => void>;
}

const cancelledIdOf = (message: JSONRPCMessage) =>
  'method' in message && message.method === 'notifications/cancelled' && !('id' in message)
    ? (message.params as { requestId?: RequestId } | undefined)?.requestId
    : undefined;

const responseIdOf = (message: JSONRPCMessage) =>
  !('method' in message) && 'id' in message ? (message.id as RequestId) : undefined;

export class StdioListenTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  readonly #inner: Transport;
  readonly #client: TrackerClientLike;
  readonly #watch: RunWatch;
  #server: McpServer | undefined;
  /** The open listens and the served URIs each named. */
  readonly #listens = new Map<RequestId, string[]>();
  readonly #uris = new Map<string, WatchedUri>();
  #queue: Promise<void> = Promise.resolve();
  #waiting = 0;

  constructor(inner: Transport, dependencies: { client: TrackerClientLike; watch: RunWatch }) {
    this.#inner = inner;
    this.#client = dependencies.client;
    this.#watch = dependencies.watch;
  }

  /** The connection's 2026-07-28 instance: updates are sent through it, for serveStdio to route. */
  attach(server: McpServer): void {
    this.#server = server;
  }

  /** URIs watched for this connection now. */
  get watchedUris(): string[] {
    return [...this.#uris.keys()];
  }

  start(): Promise<void> {
    this.#inner.onmessage = (message, extra) => this.#inbound(message, extra);
    this.#inner.onerror = (error) => this.onerror?.(error);
    this.#inner.onclose = () => {
      for (const id of [...this.#listens.keys()]) this.#end(id);
      this.onclose?.();
    };
    return this.#inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const id = responseIdOf(message);
    if (id !== undefined) this.#end(id);
    return this.#inner.send(message, options);
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  setProtocolVersion(version: string): void {
    this.#inner.setProtocolVersion?.(version);
  }

  #inbound(message: JSONRPCMessage, extra?: MessageExtraInfo) {
    const listen = listenRequestOf(message);
    if (!listen && this.#waiting === 0) return this.#handOn(message, extra);
    this.#waiting += 1;
    this.#queue = this.#queue.then(async () => {
      try {
        if (!listen || (await this.#open(listen))) this.#handOn(message, extra);
      } catch (error) {
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      } finally {
        this.#waiting -= 1;
      }
    });
  }

  #handOn(message: JSONRPCMessage, extra?: MessageExtraInfo) {
    const cancelled = cancelledIdOf(message);
    if (cancelled !== undefined) this.#end(cancelled);
    this.onmessage?.(message, extra);
  }

  /** Watches what `listen` names; false when it was refused (the refusal is sent here). */
  async #open(listen: ListenRequest): Promise<boolean> {
    this.#end(listen.id);
    const uris = listen.uris.filter(servesUri);
    this.#listens.set(listen.id, uris);
    for (const uri of uris) {
      const watched = this.#uris.get(uri);
      if (watched) watched.listens.add(listen.id);
      else this.#uris.set(uri, { listens: new Set([listen.id]), started: this.#start(uri) });
    }
    try {
      await Promise.all(uris.map((uri) => this.#uris.get(uri)?.started));
      return true;
    } catch (error) {
      this.#end(listen.id);
      await this.#inner.send(listenRefusal(listen.id, error));
      return false;
    }
  }

  #start(uri: string): Promise<() => void> {
    const started = watchUri(uri, {
      client: this.#client,
      watch: this.#watch,
      onRun: (run) => {
        void this.#server?.server.sendResourceUpdated(updatedParams(uri, run)).catch(() => {});
      },
    });
    // A URI that could not be watched is forgotten, so a later listen tries again.
    started.catch(() => {
      if (this.#uris.get(uri)?.started === started) this.#uris.delete(uri);
    });
    return started;
  }

  /** The listen `id` ended: its URIs no other listen names stop being watched. */
  #end(id: RequestId) {
    const uris = this.#listens.get(id);
    if (!uris) return;
    this.#listens.delete(id);
    for (const uri of uris) {
      const watched = this.#uris.get(uri);
      if (!watched) continue;
      watched.listens.delete(id);
      if (watched.listens.size > 0) continue;
      this.#uris.delete(uri);
      void watched.started.then((stop) => stop()).catch(() => {});
    }
  }
}
