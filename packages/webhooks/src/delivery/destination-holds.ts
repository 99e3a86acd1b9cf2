import type { Store } from '../store/store.ts';
import type { OutboxLog } from './outbox-ports.ts';

/**
 * The destinations held back, each until a time: those that asked us to slow down (429, or 503
 * with Retry-After) and those whose circuit opened. A held destination is paused as a whole, its
 * other rows waiting too instead of each spending an attempt on the same refusal.
 */
export interface DestinationHolds {
  /** Pauses `destination` here until `until` (a later pause wins), and in the store for every replica. */
  pause(destination: string, until: number): void;
  /** Writes a hold to the store only (an open circuit's; this process's breaker keeps its own). */
  share(destination: string, until: number): void;
  /** Ends this process's hold in the store (a closed circuit). */
  unshare(destination: string): void;
  /** Until when `destination` is held, here or by any replica (0: not held). */
  until(destination: string): number;
  /** Reads the holds in the store, at most once per `pollIntervalMs`. */
  refresh(): Promise<void>;
}

/**
 * Holds kept in memory and in the store alike, so that every process on the store holds a
 * destination: replicas on PostgreSQL do not each find out by failing.
 */
export function createDestinationHolds(options: {
  store: Pick<Store, 'holdDestination' | 'releaseDestination' | 'destinationHolds'>;
  logger: OutboxLog;
  pollIntervalMs: number;
  now: () => number;
}): DestinationHolds {
  const { store, logger, now } = options;
  const pausedUntil = new Map<string, number>();
  // The holds in the store (this process's own and other replicas'), read at most once per poll interval.
  let shared = new Map<string, number>();
  let readAt = Number.NEGATIVE_INFINITY;
  const share = (destination: string, until: number) =>
    void store
      .holdDestination(destination, until)
      .catch((error: Error) =>
        logger.warn('could not share a destination hold', { destination, error: error.message }),
      );
  return {
    pause(destination, until) {
      pausedUntil.set(destination, Math.max(pausedUntil.get(destination) ?? 0, until));
      share(destination, pausedUntil.get(destination)!);
    },
    share,
    unshare: (destination) =>
      void store
        .releaseDestination(destination)
        .catch((error: Error) =>
          logger.warn('could not end a destination hold', { destination, error: error.message }),
        ),
    until: (destination) => Math.max(pausedUntil.get(destination) ?? 0, shared.get(destination) ?? 0),
    async refresh() {
      if (now() - readAt < options.pollIntervalMs) return;
      readAt = now();
      try {
        shared = await store.destinationHolds(now());
      } catch (error) {
        logger.warn('could not read destination holds', { error: (error as Error).message });
      }
    },
  };
}
