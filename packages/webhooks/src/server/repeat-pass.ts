import { isRouteMuted, routeAt } from '../router/match-route-tree.ts';
import type { Store } from '../store/store.ts';
import type { Logger } from '../telemetry/logger.ts';
import type { Runtime } from './build-runtime.ts';
import type { LiveRuntime } from './reload.ts';

/**
 * repeat_interval: trackers still firing are sent again from the store (store.repeatDue), every
 * `intervalMs`. One pass at a time: a pass still reading (a slow database) is not started again
 * over itself.
 */
export function startRepeats(
  store: Pick<Store, 'repeatDue'>,
  live: LiveRuntime,
  logger: Logger,
  intervalMs: number,
): { stop(): void; settled(): Promise<void> } {
  const routeMuted = async (path: string, t: number, body: string) => {
    const node = routeAt(live.runtime.config.route, path);
    if (node !== undefined && isRouteMuted(node, t)) return true;
    // A silenced or inhibited alert's repeats wait too (Alertmanager holds every notification).
    let event: unknown;
    try {
      event = JSON.parse(body);
    } catch {
      return false;
    }
    return (await live.runtime.hold(event as Parameters<Runtime['hold']>[0], t)) !== undefined;
  };
  let repeating: Promise<void> | undefined;
  const timer = setInterval(() => {
    repeating ??= store
      .repeatDue(routeMuted)
      .then((made) => {
        if (made > 0) live.runtime.outbox.wake();
      })
      .catch((error: Error) => logger.warn('repeat check failed', { error: error.message }))
      .finally(() => {
        repeating = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    settled: async () => {
      await repeating;
    },
  };
}
