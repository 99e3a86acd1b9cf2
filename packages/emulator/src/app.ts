import type { Clock } from './clock.ts';
import type { RateLimiter } from './domain/rate-limiter.ts';
import type { ResolvedOptions } from './options.ts';
import type { Store } from './store/store.ts';

/** What runs a run: implemented by the run worker. */
export interface RunExecutor {
  /** Starts the run in the background; resolves when it completed or failed. */
  execute(runId: string): Promise<void>;
  /** Resolves when every run started so far has finished. */
  idle(): Promise<void>;
}

/** The services every handler shares. */
export interface App {
  store: Store;
  clock: Clock;
  options: ResolvedOptions;
  limiter: RateLimiter;
  runs: RunExecutor;
  log(line: string): void;
}
