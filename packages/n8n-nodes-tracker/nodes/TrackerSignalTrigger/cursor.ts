// The polling trigger's memory, kept in the workflow's static data: per tracker, the newest
// completed_at emitted and the ids of the runs completed at exactly that instant (ties are common:
// timestamps have one-second precision, and a manual clock can stand still). A run is new when it
// completed after the cursor, or at the cursor without being one of its ids. Pure functions.
export interface TrackerCursor {
  completedAt: string | null;
  ids: string[];
}

export interface RunLike {
  run_id: string;
  status: string;
  completed_at: string | null;
}

/** Nothing seen yet; `advance` copies rather than changes the cursor it is given. */
const NO_CURSOR: TrackerCursor = { completedAt: null, ids: [] };

const time = (iso: string) => Date.parse(iso);

function isNew(run: RunLike, cursor: TrackerCursor): boolean {
  if (run.status !== 'completed' || !run.completed_at) return false;
  if (cursor.completedAt === null) return true;
  const delta = time(run.completed_at) - time(cursor.completedAt);
  return delta > 0 || (delta === 0 && !cursor.ids.includes(run.run_id));
}

/** The runs to emit (oldest first) and the cursor after emitting them. */
export function advance<T extends RunLike>(
  runs: T[],
  cursor: TrackerCursor,
): { fresh: T[]; cursor: TrackerCursor } {
  const fresh = runs
    .filter((run) => isNew(run, cursor))
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
export function startingCursor(runs: RunLike[]): TrackerCursor {
  return advance(runs, NO_CURSOR).cursor;
}

/** How far before the cursor to ask for runs: a run that started earlier may complete later (runs can take about an hour). */
const LOOKBACK_MS = 2 * 60 * 60 * 1000;

export function lookbackStart(cursor: TrackerCursor): string | undefined {
  if (cursor.completedAt === null) return undefined;
  return new Date(time(cursor.completedAt) - LOOKBACK_MS).toISOString();
}

/**
 * One tracker's share of a poll. A tracker without a cursor (first activation, or newly watched: added
 * to the list, a new space, a tracker "all trackers" picks up) is baselined at its newest run and
 * emits nothing, so history is never replayed. A manual test shows the newest wanted run and keeps no
 * cursor. The cursor passes runs that `wanted` filters out too.
 */
export function pollStep<T extends RunLike>(
  runs: T[],
  cursor: TrackerCursor | undefined,
  manual: boolean,
  wanted: (run: T) => boolean = () => true,
): { fresh: T[]; cursor: TrackerCursor | undefined } {
  if (manual) return { fresh: advance(runs, NO_CURSOR).fresh.filter(wanted).slice(-1), cursor: undefined };
  if (!cursor) return { fresh: [], cursor: startingCursor(runs) };
  const step = advance(runs, cursor);
  return { fresh: step.fresh.filter(wanted), cursor: step.cursor };
}
