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
}

/**
 * One tracker's share of a poll, for one end state. A tracker without a cursor for it (first
 * activation, newly watched: added to the list, a new space, a tracker "all trackers" picks up, or
 * failed runs watched from now on) is baselined at its newest such run and emits nothing, so history
 * is never replayed. A manual test shows the newest wanted run and keeps no cursor.
 */
export function pollStep<T extends RunLike>(
  runs: T[],
  cursor: TrackerCursor | undefined,
  manual: boolean,
  { status = 'completed', wanted = () => true }: StepOptions<T> = {},
): { fresh: T[]; cursor: TrackerCursor | undefined } {
  if (manual)
    return { fresh: advance(runs, NO_CURSOR, status).fresh.filter(wanted).slice(-1), cursor: undefined };
  if (!cursor) return { fresh: [], cursor: startingCursor(runs, status) };
  const step = advance(runs, cursor, status);
  return { fresh: step.fresh.filter(wanted), cursor: step.cursor };
}
