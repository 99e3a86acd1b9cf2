// Under OAuth every user reads the service with their own Tracker API token, so a poll made for one
// user's listen must never serve another's: one RunWatch per user and token, hence one loop per
// (user, token, tracker) however many of that user's streams follow the tracker. A watch is made by
// its first listen and dropped when its last loop stops, so a process keeps none for users who left.
import type { TrackerClientLike } from '../service/tracker-client-like.ts';
import { RunWatch } from './run-watch.ts';

export class KeyedRunWatches {
  readonly #watches = new Map<string, RunWatch>();
  readonly #options: Omit<ConstructorParameters<typeof RunWatch>[0], 'client' | 'onIdle'>;

  constructor(options: Omit<ConstructorParameters<typeof RunWatch>[0], 'client' | 'onIdle'>) {
    this.#options = options;
  }

  /** The watch of `key` (a user and their token), reading with `client` (that user's). */
  for(key: string, client: TrackerClientLike): RunWatch {
    let watch = this.#watches.get(key);
    if (!watch) {
      const made: RunWatch = new RunWatch({
        ...this.#options,
        client,
        onIdle: () => {
          // A listen may have started on it meanwhile (its baseline poll counts as a loop).
          if (this.#watches.get(key) === made && made.watchedTrackers.length === 0) this.#watches.delete(key);
        },
      });
      this.#watches.set(key, made);
      watch = made;
    }
    return watch;
  }

  /** Keys with a loop running now. */
  get keys(): string[] {
    return [...this.#watches.keys()];
  }

  close(): void {
    for (const watch of this.#watches.values()) watch.close();
    this.#watches.clear();
  }
}
