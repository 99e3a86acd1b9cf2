import { WebhooksError } from '../errors.ts';
import type { AlertEvent } from '../events/types.ts';
import { alertLabels } from '../router/label-matcher.ts';
import type { Store } from '../store/open-store.ts';
import { type InhibitRule, isInhibited } from './inhibit.ts';
import { type CompiledSilence, compileSilence, silences } from './silence.ts';

/** `inhibited`, `silenced`, or undefined (sent). */
export type Hold = (event: AlertEvent, now: number) => 'silenced' | 'inhibited' | undefined;

/**
 * Whether an alert is held at `now`: `inhibited` (an inhibit rule's source fires; checked first, as
 * in Alertmanager's pipeline), `silenced` (an active silence matches), or undefined (sent).
 * Silences are cached and read again only when the store's silence version moves, so a silence
 * added by the CLI on the same file applies from the next alert on. The version (a query) is read
 * once per turn of the event loop, not per alert; this process's own changes (the API, the pages)
 * are seen at once.
 */
export function createHold(
  store: Pick<Store, 'silences' | 'firingAlerts'>,
  rules: readonly InhibitRule[],
): Hold {
  let version = -1;
  let seenLocal = -1;
  let checkedThisTurn = false;
  let cached: CompiledSilence[] = [];
  const firing = () =>
    store.firingAlerts().flatMap((body) => {
      try {
        return [alertLabels(JSON.parse(body) as AlertEvent)];
      } catch {
        return [];
      }
    });
  return (event, now) => {
    try {
      const local = store.silences.localChanges();
      if (!checkedThisTurn || local !== seenLocal) {
        checkedThisTurn = true;
        setImmediate(() => {
          checkedThisTurn = false;
        });
        seenLocal = local;
        const current = store.silences.version();
        if (current !== version) {
          cached = store.silences.live(now).map(compileSilence);
          version = current;
        }
      }
    } catch (error) {
      // The sender retries a 503; sending a silenced alert would not be undone.
      throw new WebhooksError(`storage failed: ${(error as Error).message}`, {
        status: 503,
        reason: 'storage',
        cause: error,
      });
    }
    if (rules.length === 0 && cached.length === 0) return undefined;
    const labels = alertLabels(event);
    if (rules.length > 0 && isInhibited(rules, labels, firing)) return 'inhibited';
    return cached.some((s) => silences(s, labels, now)) ? 'silenced' : undefined;
  };
}
