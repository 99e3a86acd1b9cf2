// createMcpHandler's listen router delivers what is published on its bus to every open listen
// stream whose filter names the URI. The feed of one listen (listen-feed.ts) is that stream's own:
// read with its user's token, so a poll made for one user's stream must reach no other user's
// stream naming the same URI, and two streams on one URI must not each get the other's copy. The
// router registers a stream's listener from inside the handler's fetch of the listen request, so
// the stream that fetch serves is known there (AsyncLocalStorage), and an update is published to
// that stream alone. A publish with no stream (the handler's own notify) reaches every stream.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerEvent, ServerEventBus } from '@modelcontextprotocol/server';

/** One listen stream, as a value only this process holds. */
export type ListenStream = object;

type Listener = (event: ServerEvent) => void;

export class StreamBus implements ServerEventBus {
  readonly #serving = new AsyncLocalStorage<ListenStream>();
  readonly #listeners = new Map<Listener, ListenStream | undefined>();
  readonly #onError: (error: unknown) => void;

  constructor(onError: (error: unknown) => void = () => {}) {
    this.#onError = onError;
  }

  /** Runs the handler's fetch of `stream`'s listen request: the listener it registers is that stream's. */
  serving<T>(stream: ListenStream, fetch: () => T): T {
    return this.#serving.run(stream, fetch);
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.set(listener, this.#serving.getStore());
    return () => void this.#listeners.delete(listener);
  }

  publish(event: ServerEvent): void {
    this.#deliver(event, () => true);
  }

  /** Delivers `event` to the listener of `stream` only. */
  publishTo(stream: ListenStream, event: ServerEvent): void {
    this.#deliver(event, (owner) => owner === stream);
  }

  #deliver(event: ServerEvent, reaches: (owner: ListenStream | undefined) => boolean) {
    for (const [listener, owner] of [...this.#listeners]) {
      if (!reaches(owner)) continue;
      try {
        listener(event);
      } catch (error) {
        this.#onError(error);
      }
    }
  }
}
