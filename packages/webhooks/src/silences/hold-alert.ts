import { storageError } from '../errors.ts';
import type { AlertEvent } from '../events/types.ts';
import { alertLabels } from '../router/label-matcher.ts';
import { type InhibitRule, isInhibited, type Labels, targetingRules } from './inhibit.ts';
import { type CompiledSilence, compileSilence, type Silence, silences } from './silence.ts';

/**
 * What a hold reads: the silences and the firing alerts (the store has both). Named here so the
 * rules need nothing from the store's layer above them.
 */
export interface HoldSource {
  silences: {
    /** Moves with every change from any process on the store: the cache key. */
    version(): Promise<number>;
    /** Silences not yet expired at `now`. */
    live(now: number): Promise<Silence[]>;
    /** Counts this process's own changes: free to read, unlike `version`. */
    localChanges(): number;
  };
  /** The bodies of the alerts firing at `now`. */
  firingAlerts(now: number): Promise<string[]>;
}

export type Held = 'silenced' | 'inhibited' | undefined;

/** `inhibited`, `silenced`, or undefined (sent). */
export type Hold = ((event: AlertEvent, now: number) => Promise<Held>) & {
  /**
   * The silences and inhibit rules' sources as they are at `now`, read once, for judging many
   * alerts by their routing labels without another read (a group flush judges every alert of
   * every due group).
   */
  snapshot(now: number): Promise<(labels: Labels) => Held>;
  /**
   * Judged with the silences as last read, without asking the store whether they moved: the
   * caller stores the alert only if `silencesVersion` is still the store's (`IngestItem`), and
   * calls `stale()` and judges again when it is not. Read again when never read, after this
   * process's own changes, or after `stale()`.
   */
  judge(event: AlertEvent, now: number): Promise<{ held: Held; silencesVersion: number }>;
  stale(): void;
};

/**
 * Whether an alert is held at `now`: `inhibited` (an inhibit rule's source fires; checked first, as
 * in Alertmanager's pipeline), `silenced` (an active silence matches), or undefined (sent).
 * Silences are cached and read again only when the store's silence version moves, so a silence
 * added by the CLI (or another replica) applies from the next alert on. The version is read once
 * per turn of the event loop, not per alert (the alerts of one turn share that read); this
 * process's own changes (the API, the pages) are seen at once. The firing sources are read only
 * for an alert some inhibit rule targets.
 * Long on purpose: `hold`, `judge` and `snapshot` read one cache (the silences, their version,
 * whether this turn has checked it), and apart they would hand those five variables around.
 */
export function createHold(store: HoldSource, rules: readonly InhibitRule[]): Hold {
  let version = -1;
  let seenLocal = -1;
  let checkedThisTurn = false;
  let cached: CompiledSilence[] = [];
  let stale = false;
  let reading: Promise<void> | undefined;
  const read = (now: number) =>
    (async () => {
      const current = await store.silences.version();
      if (current !== version) {
        cached = (await store.silences.live(now)).map(compileSilence);
        version = current;
      }
    })();
  const refresh = (now: number): Promise<void> | undefined => {
    const local = store.silences.localChanges();
    if (checkedThisTurn && local === seenLocal) return reading;
    checkedThisTurn = true;
    setImmediate(() => {
      checkedThisTurn = false;
    });
    seenLocal = local;
    reading = read(now);
    return reading;
  };
  // Firing at `now`: a posted source whose end has passed inhibits no more.
  const firing = async (now: number) =>
    (await store.firingAlerts(now)).flatMap((body) => {
      try {
        return [alertLabels(JSON.parse(body) as AlertEvent)];
      } catch {
        return [];
      }
    });
  const hold = async (event: AlertEvent, now: number): Promise<Held> => {
    try {
      await refresh(now);
    } catch (error) {
      throw storageError(error);
    }
    return decide(event, now);
  };
  const judge = async (event: AlertEvent, now: number) => {
    const local = store.silences.localChanges();
    if (version === -1 || stale || local !== seenLocal) {
      stale = false;
      seenLocal = local;
      reading = read(now);
      try {
        await reading;
      } catch (error) {
        throw storageError(error);
      }
    }
    // The version is taken before deciding: a read finishing meanwhile only makes it older.
    const silencesVersion = version;
    return { held: await decide(event, now), silencesVersion };
  };
  const decide = async (event: AlertEvent, now: number): Promise<Held> => {
    if (rules.length === 0 && cached.length === 0) return undefined;
    const labels = alertLabels(event);
    const targeting = targetingRules(rules, labels);
    if (targeting.length > 0) {
      let sources: Labels[];
      try {
        sources = await firing(now);
      } catch (error) {
        throw storageError(error);
      }
      if (isInhibited(targeting, labels, () => sources)) return 'inhibited';
    }
    return cached.some((s) => silences(s, labels, now)) ? 'silenced' : undefined;
  };
  const snapshot = async (now: number) => {
    let sources: Labels[] = [];
    try {
      await refresh(now);
      if (rules.length > 0) sources = await firing(now);
    } catch (error) {
      throw storageError(error);
    }
    const live = cached;
    return (labels: Labels): Held => {
      if (isInhibited(rules, labels, () => sources)) return 'inhibited';
      return live.some((s) => silences(s, labels, now)) ? 'silenced' : undefined;
    };
  };
  return Object.assign(hold, {
    snapshot,
    judge,
    stale: () => {
      stale = true;
    },
  });
}
