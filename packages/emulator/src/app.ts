import type { RateWindow } from '@trackerkit/core';
import type { Clock } from './clock.ts';
import type { FaultRules } from './faults/fault-rules.ts';
import type { Inbox } from './inbox/inbox.ts';
import type { Credentials } from './journal/credentials.ts';
import type { RequestJournal } from './journal/journal.ts';
import type { ResolvedOptions } from './options.ts';
import type { Store } from './store/store.ts';

/** What runs a run: implemented by the run worker. */
export interface RunExecutor {
  /** Starts the run in the background; resolves when it completed or failed. */
  execute(runId: string): Promise<void>;
  /** Resolves when every run started so far has finished. */
  idle(): Promise<void>;
}

/** What counts requests against a window: implemented by the rate limiter. */
export interface RequestLimiter {
  /** Counts a request under `key`; throws the rate-limited refusal when the window is full. */
  take(key: string, window: RateWindow): void;
  /** Forgets every window (a reset). */
  clear(): void;
}

/** The services every handler shares. */
export interface App {
  store: Store;
  clock: Clock;
  options: ResolvedOptions;
  limiter: RequestLimiter;
  runs: RunExecutor;
  /** Faults on demand (console `/_emulator/faults`, `emu.faults`). */
  faults: FaultRules;
  /** Every alert and e-mail sent, with its attempts (console `/_emulator/inbox`, `emu.inbox`). */
  inbox: Inbox;
  /** Every request received on `/v1` (console `/_emulator/requests`, `emu.requests`). */
  journal: RequestJournal;
  /** What the journal, recordings and log cut out: every value known as a credential. */
  credentials: Credentials;
  /** A line to the log; known credentials are cut out of it. */
  log(line: string): void;
}
