// The polling trigger's memory, kept in the workflow's static data: per tracker and per watched end
// state (completed, failed), the newest completed_at emitted and the ids of the runs that ended at
// exactly that instant (ties are common: timestamps have one-second precision, and a manual clock can
// stand still). A run is new when it ended after the cursor, or at the cursor without being one of its
// ids. A failed run has a completed_at too (the instant it failed). Pure functions.
export interface TrackerCursor {
  completedAt: string | null;
  ids: string[];
}

export interface RunLike {
  run_id: string;
  status: string;
  completed_at: string | null;
}

/** The end states a cursor follows: the service's run statuses that are final. */
export type EndStatus = 'completed' | 'failed';

/** Nothing seen yet; `advance` copies rather than changes the cursor it is given. */
const NO_CURSOR: TrackerCursor = { completedAt: null, ids: [] };

const time = (iso: string) => Date.parse(iso);

function isNew(run: RunLike, cursor: TrackerCursor, status: EndStatus): boolean {
  if (run.status !== status || !run.completed_at) return false;
  if (cursor.completedAt === null) return true;
  const delta = time(run.completed_at) - time(cursor.completedAt);
  return delta > 0 || (delta === 0 && !cursor.ids.includes(run.run_id));
}

/** The runs ended in `status` to emit (oldest first) and the cursor after emitting them. */
export function advance<T extends RunLike>(
  runs: T[],
  cursor: TrackerCursor,
  status: EndStatus = 'completed',
): { fresh: T[]; cursor: TrackerCursor } {
  const fresh = runs
    .filter((run) => isNew(run, cursor, status))
    .sort(
      (a, b) =>
        time(a.completed_at as string) - time(b.completed_at as string) || a.run_id.localeCompare(b.run_id),
    );
  let next: TrackerCursor = { completedAt: cursor.completedAt, ids: [...cursor.ids] };
  for (const run of fresh) {
    const at = run.completed_at as string;
    if (next.completedAt === null || time(at) > time(next.completedAt))
      next = { completedAt: at, ids: [run.run_id] };
    else if (time(at) === time(next.completedAt)) next.ids.push(run.run_id);
  }
  return { fresh, cursor: next };
}

/** A cursor that treats every run in `runs` as already seen (first activation: history is not emitted). */
export function startingCursor(runs: RunLike[], status: EndStatus = 'completed'): TrackerCursor {
  return advance(runs, NO_CURSOR, status).cursor;
}

/** How far before the cursor to ask for runs: a run that started earlier may complete later (runs can take about an hour). */
const LOOKBACK_MS = 2 * 60 * 60 * 1000;

export function lookbackStart(cursor: TrackerCursor): string | undefined {
  if (cursor.completedAt === null) return undefined;
  return new Date(time(cursor.completedAt) - LOOKBACK_MS).toISOString();
}

export interface StepOptions<T> {
  /** The end state this cursor follows (default `completed`). */
  status?: EndStatus;
  /** The filters: a run they drop is not emitted, but the cursor passes it. */
  wanted?: (run: T) => boolean;
  /**
   * For a tracker without a cursor: the instant (a `SpaceWatermark`'s `settled`) at or after which its
   * runs are new; `null` makes all of them new. Absent, the tracker is baselined instead.
   */
  since?: string | null;
}

/** Where a tracker's new runs begin: its cursor, else the watermark's `since`; undefined: baseline it. */
export function startingPoint(
  cursor: TrackerCursor | undefined,
  since: string | null | undefined,
): TrackerCursor | undefined {
  return cursor ?? (since === undefined ? undefined : { completedAt: since, ids: [] });
}

/**
 * One tracker's share of a poll, for one end state. A tracker without a cursor is judged against
 * `since` when there is one (a tracker "all trackers" meets after the trigger began watching the
 * space), else baselined at its newest such run and emits nothing (first activation, added to the
 * list, a new space, failed runs watched from now on), so history is never replayed. A manual test
 * shows the newest wanted run and keeps no cursor.
 */
export function pollStep<T extends RunLike>(
  runs: T[],
  cursor: TrackerCursor | undefined,
  manual: boolean,
  { status = 'completed', wanted = () => true, since }: StepOptions<T> = {},
): { fresh: T[]; cursor: TrackerCursor | undefined } {
  if (manual)
    return { fresh: advance(runs, NO_CURSOR, status).fresh.filter(wanted).slice(-1), cursor: undefined };
  const from = startingPoint(cursor, since);
  if (!from) return { fresh: [], cursor: startingCursor(runs, status) };
  const step = advance(runs, from, status);
  return { fresh: step.fresh.filter(wanted), cursor: step.cursor };
}

/**
 * The "all trackers" mode's watermark over one space, per end state. A tracker met without a cursor
 * (created while n8n ran or while it was down, whether or not a poll already saw it) has its runs
 * that ended at or after `settled` taken as new. `settled` is the newest end the poll before the
 * latest one saw, never the latest one's: each poll lists the trackers first and then reads their
 * runs one tracker after another, so a tracker created just after the listing can finish a run before
 * another tracker's run that this poll still sees; that run is newer than everything the previous
 * poll saw. n8n saves a poll's static data only when it starts the workflow (and at activation), so
 * a tracker's cursor may be lost in a restart while the watermark saved with it stays behind: the
 * tracker's runs are then judged against the saved `settled`, which is older than the tracker.
 */
export interface SpaceWatermark {
  spaceId: string;
  settled: string | null;
  /** The newest end any poll has seen (moved into `settled` by the next poll). */
  newest: string | null;
}

/** The later of two instants, null being earlier than any. */
export const later = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : time(b) > time(a) ? b : a;

/** The newest end among `runs` in `status`, or null. */
export function newestEnd(runs: RunLike[], status: EndStatus = 'completed'): string | null {
  return runs.reduce<string | null>(
    (newest, run) => (run.status === status && run.completed_at ? later(newest, run.completed_at) : newest),
    null,
  );
}

/**
 * The watermark after a poll of `spaceId` that saw runs ending at most at `seen`. Without one for
 * this space (first activation, or another space chosen) it starts at `seen`.
 */
export function nextWatermark(
  previous: SpaceWatermark | undefined,
  spaceId: string,
  seen: string | null,
): SpaceWatermark {
  if (previous?.spaceId !== spaceId) return { spaceId, settled: seen, newest: seen };
  return {
    spaceId,
    settled: later(previous.settled, previous.newest),
    newest: later(previous.newest, seen),
  };
}
